"""From a surface form as written in a data file to the lookup keys it stands for."""

from __future__ import annotations

from anamnesis.terminology.counts import count_forms
from anamnesis.terminology.inflect import english_plural, english_tenses, russian_forms
from anamnesis.terminology.ru_order import ru_order_keys
from anamnesis.terminology.text import CYRILLIC_RE, FOLD, spaced, surface_key
from anamnesis.terminology.zh_degree import slot_forms


def expand(surface: str, *, reorder: bool = False) -> list[tuple[str, bool, bool]]:
    """(key, prefix, generated) for one surface form; see :mod:`anamnesis.terminology.tsv`.

    The form as written comes first and is not ``generated``; declined Russian forms,
    English plurals and tenses ("heart keeps racing"), the English form as chat types it and as
    the assistant asks it (:func:`english_variants`) and Chinese phrases with an adverb in their
    slot (:mod:`zh_degree`) follow. A form with a count's place (:mod:`counts`) is each of its
    filled forms. ``reorder``: an exact Russian phrase also in its other order and with an adverb
    inside it (:mod:`ru_order`), for a complaint's row.
    """
    counted = count_forms(surface)
    if counted:
        return [key for form in counted for key in expand(form, reorder=reorder)]
    exact = surface.startswith("=")
    prefix = surface.endswith("~")
    written = surface.strip("=~")
    filled = slot_forms(written)
    if filled:
        return [(surface_key(form), prefix, i > 0) for i, form in enumerate(filled)]
    key = surface_key(written)
    if not key:
        return []
    keys = [(key, prefix, False)]
    if exact and reorder and not prefix and CYRILLIC_RE.search(key):
        keys += [(form, False, True) for form in ru_order_keys(key)]
    if exact or prefix:
        return keys
    words = key.split()
    if CYRILLIC_RE.search(key):
        original = spaced(written.translate(FOLD)).split()
        frozen = {i for i, w in enumerate(original) if len(w) > 1 and w.isupper()}
        keys += [(form, False, True) for form in sorted(russian_forms(words, frozen)) if form != key]
    else:
        for variant in english_variants(written):
            if variant != key:
                keys.append((variant, False, True))
        for variant in dict.fromkeys(k for k, _, _ in keys):
            plural = english_plural(variant.split())
            if plural:
                keys.append((plural, False, True))
            keys += [(form, False, True) for form in english_tenses(variant.split())]
    return keys


def english_variants(written: str) -> list[str]:
    """Keys of an English form as chat types it and as the assistant asks about it: "n't" without
    its apostrophe ("can't smell" → "cant smell"), "X problems" as "problems with my X", a copula
    put first ("my vision is blurry" → "is my vision blurry"), and in the second person ("blood in
    my stool" → "blood in your stool", "burning when i pee" → "burning when you pee"), so that a
    reply to the question takes the term."""
    folded = written.translate(FOLD)
    variants = [folded, folded.replace("n't", "nt")] if "n't" in folded else [folded]
    keys = [surface_key(v) for v in variants]
    keys += _trouble_forms(keys[0])
    keys += _asked_forms(keys[0])
    keys += [" ".join(_SECOND_PERSON.get(w, w) for w in k.split()) for k in keys if _SECOND_PERSON.keys() & set(k.split())]
    return list(dict.fromkeys(keys))


#: The nouns of a complaint named by what it troubles ("heart problems", "sleep issues").
_TROUBLES = ("problems", "issues", "trouble")
#: The same nouns before what they trouble ("a problem with my heart").
_WITH = ("problems", "problem", "issues", "issue", "trouble")


def _trouble_forms(key: str) -> list[str]:
    """ "heart problems" as the other ways of saying it: "heart issues", "heart trouble", "problems
    with my heart", "a problem with my heart" (and so, as asked, "any issues with your heart?")."""
    words = key.split()
    if len(words) < 2 or words[-1] not in ("problem", "problems", "issue", "issues", "trouble"):
        return []
    head = " ".join(words[:-1])
    return [f"{head} {noun}" for noun in _TROUBLES] + [f"{noun} with my {head}" for noun in _WITH]


#: The copulas an English question puts first ("is your chest tight?").
_COPULAS = frozenset({"is", "are"})
#: Subjects that are no body part or thing of the user's ("it is sore", "there is blood").
_PRONOUNS = frozenset({"it", "this", "that", "there", "he", "she", "they", "everything", "something", "nothing"})


def _asked_forms(key: str) -> list[str]:
    """ "my vision is blurry" as a question puts it, its copula first: "is my vision blurry" (and
    so, as asked, "is your vision blurry?"); "ankles are puffy" → "are my ankles puffy"."""
    words = key.split()
    at = next((i for i, w in enumerate(words) if w in _COPULAS), -1)
    if at < 1 or at == len(words) - 1 or words[0] in _PRONOUNS:
        return []
    subject = words[:at] if words[0] in ("my", "the") else ["my", *words[:at]]
    return [" ".join([words[at], *subject, *words[at + 1 :]])]


#: The first person of a form and what the assistant says in its place.
_SECOND_PERSON = {"my": "your", "i": "you"}
