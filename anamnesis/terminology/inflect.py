"""Surface variants the data files need not spell out: Russian case forms and English plurals.

Russian nouns change their ending with the case ("метформин", "метформина", "метформином"),
and the adjectives before them agree ("сахарный диабет", "сахарного диабета"). Listing every
form by hand would bury the data, so a phrase is expanded here: the leading adjectives and
the first noun (the head) are declined together, slot by slot, and the words after the head
("диабет 2 типа", "боль в груди") stay as written. The rules are deliberately generous: a
form nobody writes costs one automaton key, a missing form loses a fact. Irregular forms
("кашель" → "кашля") are listed in the data.
"""

from __future__ import annotations

from itertools import product

# Case slots: nominative, genitive, dative, accusative, instrumental, prepositional, then the
# plural nominative, genitive, dative, instrumental, prepositional (plural accusative is
# always equal to the nominative or the genitive).
_SLOTS = 11

_ADJ_SINGULAR: dict[str, tuple[tuple[str, ...], ...]] = {
    "m": (
        ("ый", "ий", "ой"),
        ("ого", "его"),
        ("ому", "ему"),
        ("ый", "ий", "ой", "ого", "его"),
        ("ым", "им"),
        ("ом", "ем"),
    ),
    "f": (("ая", "яя"), ("ой", "ей"), ("ой", "ей"), ("ую", "юю"), ("ой", "ей", "ою"), ("ой", "ей")),
    "n": (("ое", "ее"), ("ого", "его"), ("ому", "ему"), ("ое", "ее"), ("ым", "им"), ("ом", "ем")),
}
_ADJ_PLURAL: tuple[tuple[str, ...], ...] = (("ые", "ие"), ("ых", "их"), ("ым", "им"), ("ыми", "ими"), ("ых", "их"))
_ADJ_ENDINGS = ("ый", "ий", "ой", "ая", "яя", "ое", "ее", "ые", "ие")
_NOUN_IE = ("ние", "тие", "ьие")


def _is_cyrillic_word(word: str) -> bool:
    return word.isalpha() and all("\u0400" <= ch <= "\u04ff" for ch in word)


def _is_adjective(word: str) -> bool:
    if len(word) < 4 or not word.endswith(_ADJ_ENDINGS):
        return False
    return not word.endswith(_NOUN_IE)


def _adjective_slots(word: str, gender: str) -> list[tuple[str, ...]]:
    stem = word[:-2]
    genders = {"mf": ("m", "f"), "any": ("m", "f", "n")}.get(gender, (gender,))
    slots: list[tuple[str, ...]] = []
    for k in range(_SLOTS):
        if k < 6:
            if gender == "p":
                slots.append(())
                continue
            endings = {e for g in genders for e in _ADJ_SINGULAR[g][k]}
        else:
            endings = set(_ADJ_PLURAL[k - 6])
        slots.append(tuple(stem + e for e in sorted(endings)))
    return slots


def _noun_slots(w: str) -> tuple[str, list[tuple[str, ...]]]:
    """(gender, forms per slot) of a noun given in the nominative."""
    if w.endswith("ия"):
        s = w[:-2]
        return "f", [
            (w,),
            (s + "ии",),
            (s + "ии",),
            (s + "ию",),
            (s + "ией",),
            (s + "ии",),
            (s + "ии",),
            (s + "ий",),
            (s + "иям",),
            (s + "иями",),
            (s + "иях",),
        ]
    if w.endswith(("ие", "ье")):  # "давление", "запястье"
        s, i = w[:-2], w[-2]
        return "n", [
            (w,),
            (s + i + "я",),
            (s + i + "ю",),
            (w,),
            (s + i + "ем",),
            (s + i + "е", s + "ии"),
            (s + i + "я",),
            (s + "ий", s + "ий"),
            (s + i + "ям",),
            (s + i + "ями",),
            (s + i + "ях",),
        ]
    s, last = w[:-1], w[-1]
    if last == "а":
        return "f", [
            (w,),
            (s + "ы", s + "и"),
            (s + "е",),
            (s + "у",),
            (s + "ой", s + "ей"),
            (s + "е",),
            (s + "ы", s + "и"),
            (s,),
            (s + "ам",),
            (s + "ами",),
            (s + "ах",),
        ]
    if last == "я":
        return "f", [
            (w,),
            (s + "и",),
            (s + "е",),
            (s + "ю",),
            (s + "ей",),
            (s + "е",),
            (s + "и",),
            (s + "ь", s + "й"),
            (s + "ям",),
            (s + "ями",),
            (s + "ях",),
        ]
    if last == "ь":
        return "mf", [
            (w,),
            (s + "и", s + "я"),
            (s + "и", s + "ю"),
            (w, s + "я"),
            (s + "ью", s + "ем"),
            (s + "и", s + "е"),
            (s + "и",),
            (s + "ей",),
            (s + "ям",),
            (s + "ями",),
            (s + "ях",),
        ]
    if last == "й":
        return "m", [
            (w,),
            (s + "я",),
            (s + "ю",),
            (w, s + "я"),
            (s + "ем",),
            (s + "е",),
            (s + "и",),
            (s + "ев",),
            (s + "ям",),
            (s + "ями",),
            (s + "ях",),
        ]
    if last == "о":
        return "n", [
            (w,),
            (s + "а",),
            (s + "у",),
            (w,),
            (s + "ом",),
            (s + "е",),
            (s + "а",),
            (s,),
            (s + "ам",),
            (s + "ами",),
            (s + "ах",),
        ]
    if last in "ыи":
        return "p", [(), (), (), (), (), (), (w,), (s + "ов", s, s + "ей"), (s + "ам",), (s + "ами",), (s + "ах",)]
    if last in "бвгджзклмнпрстфхцчшщ":
        return "m", [
            (w,),
            (w + "а",),
            (w + "у",),
            (w, w + "а"),
            (w + "ом", w + "ем"),
            (w + "е",),
            (w + "ы", w + "и"),
            (w + "ов", w + "ей"),
            (w + "ам",),
            (w + "ами",),
            (w + "ах",),
        ]
    return "m", [(w,)] * _SLOTS  # indeclinable (loanwords in -у, -ю, -е, -э)


def russian_forms(words: list[str], frozen: set[int]) -> set[str]:
    """Every declined form of a phrase; ``frozen`` holds indexes of words never to decline."""
    head = -1
    adjectives: list[int] = []
    for i, w in enumerate(words):
        if i in frozen or len(w) < 3 or not _is_cyrillic_word(w):
            continue
        if _is_adjective(w) and i < len(words) - 1:
            adjectives.append(i)
            continue
        head = i
        break
    if head < 0 and not adjectives:
        return {" ".join(words)}
    if head < 0:  # adjectives only ("сульфаниламидные"): the last one declines as the head
        head = adjectives.pop()
    word = words[head]
    if head == len(words) - 1 and _is_adjective(word):
        # an adjective standing alone ("сильный" → "сильное"); "-ий"/"-ой" may also be nouns
        gender = "p" if word.endswith(("ые", "ие")) else "any"
        head_slots = _adjective_slots(word, gender)
        if word.endswith(("ий", "ой")):
            _, noun_slots = _noun_slots(word)
            head_slots = [tuple(dict.fromkeys(a + n)) for a, n in zip(head_slots, noun_slots, strict=True)]
    else:
        gender, head_slots = _noun_slots(word)
    adj_slots = {i: _adjective_slots(words[i], gender) for i in adjectives}
    forms: set[str] = {" ".join(words)}
    for k in range(_SLOTS):
        choices: list[tuple[str, ...]] = []
        for i, w in enumerate(words):
            if i == head:
                choices.append(head_slots[k])
            elif i in adj_slots:
                choices.append(adj_slots[i][k])
            else:
                choices.append((w,))
        if all(choices):
            forms.update(" ".join(p) for p in product(*choices))
    return forms


def english_plural(words: list[str]) -> str | None:
    """The phrase with its last word in the plural, when that last word is an English word."""
    last = words[-1]
    if len(last) < 3 or not (last.isascii() and last.isalpha()) or last.endswith("s"):
        return None
    if last.endswith(("x", "z", "ch", "sh")):
        plural = last + "es"
    elif last.endswith("y") and last[-2] not in "aeiou":
        plural = last[:-1] + "ies"
    else:
        plural = last + "s"
    return " ".join([*words[:-1], plural])


#: A state told in another tense or aspect: "liver enzymes are up" is also "were up", "have been
#: up", "are still up"; "period's late" is "period s late" as a key.
_COPULAS: dict[str, tuple[str, ...]] = {
    "is": ("was", "has been", "is still", "s"),
    "are": ("were", "have been", "are still"),
}
#: What chat puts between a body part and its -ing predicate: "heart keeps racing", "heart was racing".
_ING_AUXILIARIES = ("is", "are", "was", "were", "keep", "keeps", "kept", "still", "been", "has been", "have been")


def english_tenses(words: list[str]) -> list[str]:
    """The phrase in the other tenses chat writes it in: its copula ("is", "are") in the past, the
    perfect and with "still"; a two- or three-word "<noun> <verb>ing" phrase ("heart racing",
    "hair falling out") with an auxiliary between its noun and its verb."""
    for i, word in enumerate(words[1:], 1):
        if word in _COPULAS:
            return [" ".join([*words[:i], other, *words[i + 1 :]]) for other in _COPULAS[word]]
    first = words[0]
    noun = first.isascii() and first.isalpha() and not first.endswith("ing")
    if noun and 2 <= len(words) <= 3 and words[1].endswith("ing"):
        return [" ".join([first, aux, *words[1:]]) for aux in _ING_AUXILIARIES]
    return []
