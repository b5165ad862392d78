"""Russian case forms of a lexicon phrase from pymorphy3's dictionary (OpenCorpora).

The same job as :func:`anamnesis.terminology.inflect.russian_forms`: the leading adjectives
and the first noun (the head) are declined together, in the six cases and both numbers, the
words after the head stay as written. Here the paradigms come from pymorphy3 (its dictionary
for known words, its suffix-based prediction for drug names it has never seen), and the
adjectives agree in the head's gender and animacy.
"""

from __future__ import annotations

from functools import cache
from itertools import product

import pymorphy3
from pymorphy3.analyzer import Parse

from anamnesis.terminology.text import FOLD

#: grammatical case → the case grammemes whose forms fill its slot (second genitive "чаю",
#: second prepositional "в носу", the alternative accusative)
_CASES: dict[str, frozenset[str]] = {
    "nomn": frozenset({"nomn"}),
    "gent": frozenset({"gent", "gen2"}),
    "datv": frozenset({"datv"}),
    "accs": frozenset({"accs", "acc2"}),
    "ablt": frozenset({"ablt"}),
    "loct": frozenset({"loct", "loc2"}),
}
_ADJ_POS = frozenset({"ADJF", "PRTF"})
_NOT_ATTRIBUTIVE = frozenset({"COMP", "Supr", "ADJS"})


@cache
def _analyzer() -> pymorphy3.MorphAnalyzer:
    return pymorphy3.MorphAnalyzer()


def _is_cyrillic_word(word: str) -> bool:
    return word.isalpha() and all("\u0400" <= ch <= "\u04ff" for ch in word)


@cache
def _nominative_parse(word: str) -> Parse | None:
    """The likeliest reading of ``word`` as a nominative (what a data file lists), if any."""
    for parse in _analyzer().parse(word):
        if "nomn" in parse.tag and parse.tag.POS in ({"NOUN"} | _ADJ_POS):
            return parse
    return None


@cache
def _lexeme(parse: Parse) -> tuple[tuple[str, frozenset[str]], ...]:
    return tuple((form.word.translate(FOLD), frozenset(form.tag.grammemes)) for form in parse.lexeme)


def _forms(
    parse: Parse, case: str, number: str, extra: frozenset[str] = frozenset(), animacy: str | None = None
) -> tuple[str, ...]:
    """The forms of ``parse``'s lexeme in ``case`` and ``number`` carrying every grammeme of
    ``extra`` (no comparatives, superlatives or short forms; not the other ``animacy``'s)."""
    cases = _CASES[case]
    excluded = _NOT_ATTRIBUTIVE | ({"anim", "inan"} - {animacy} if animacy else set())
    found = [
        word
        for word, grammemes in _lexeme(parse)
        if number in grammemes and grammemes & cases and extra <= grammemes and not grammemes & excluded
    ]
    return tuple(dict.fromkeys(found))


def _adjective_extra(head: Parse | None, number: str) -> list[frozenset[str]]:
    """The agreement grammemes an adjective takes beside ``head`` (all genders when unknown;
    both accusatives, animate and inanimate, since only the number and gender are fixed)."""
    genders = ["masc", "femn", "neut"]
    if head is not None and head.tag.gender in genders:
        genders = [head.tag.gender]
    return [frozenset()] if number == "plur" else [frozenset({g}) for g in genders]


def russian_forms_morph(words: list[str], frozen: set[int]) -> set[str]:
    """Every declined form of a phrase; ``frozen`` holds indexes of words never to decline."""
    head = -1
    adjectives: list[tuple[int, Parse]] = []
    for i, w in enumerate(words):
        if i in frozen or len(w) < 3 or not _is_cyrillic_word(w):
            continue
        parse = _nominative_parse(w)
        if parse is None:
            break
        if parse.tag.POS in _ADJ_POS and i < len(words) - 1:
            adjectives.append((i, parse))
            continue
        head = i
        break
    if head < 0 and not adjectives:
        return {" ".join(words)}
    if head < 0:  # adjectives only ("сульфаниламидные"): the last one declines as the head
        head = adjectives.pop()[0]
    head_parse = _nominative_parse(words[head])
    assert head_parse is not None
    head_is_noun = head_parse.tag.POS == "NOUN"
    forms: set[str] = {" ".join(words)}
    for number in ("sing", "plur"):
        for case in _CASES:
            if head_is_noun:
                head_forms = _forms(head_parse, case, number)
            else:  # an adjective standing alone agrees with whatever it describes
                head_forms = tuple(
                    dict.fromkeys(
                        f for extra in _adjective_extra(None, number) for f in _forms(head_parse, case, number, extra)
                    )
                )
            choices: list[tuple[str, ...]] = [(w,) for w in words]
            choices[head] = head_forms
            agree_with = head_parse if head_is_noun else None
            for i, parse in adjectives:
                choices[i] = tuple(
                    dict.fromkeys(
                        f
                        for extra in _adjective_extra(agree_with, number)
                        for f in _forms(parse, case, number, extra, agree_with.tag.animacy if agree_with else None)
                    )
                )
            if all(choices):
                forms.update(" ".join(p) for p in product(*choices))
    return forms


def russian_forms_hybrid(words: list[str], frozen: set[int]) -> set[str]:
    """pymorphy3's forms when every word of the phrase it would decline is in its dictionary,
    else the hand tables' (its guesses for unknown drug names are poorer than the tables)."""
    from anamnesis.terminology.inflect import russian_forms

    known = _analyzer().word_is_known
    if all(known(w) for i, w in enumerate(words) if i not in frozen and len(w) >= 3 and _is_cyrillic_word(w)):
        return russian_forms_morph(words, frozen)
    return russian_forms(words, frozen)
