"""From a surface form as written in a data file to the lookup keys it stands for."""

from __future__ import annotations

from anamnesis.terminology.inflect import english_plural, english_tenses, russian_forms
from anamnesis.terminology.text import CYRILLIC_RE, FOLD, spaced, surface_key
from anamnesis.terminology.zh_degree import slot_forms


def expand(surface: str) -> list[tuple[str, bool, bool]]:
    """(key, prefix, generated) for one surface form; see :mod:`anamnesis.terminology.tsv`.

    The form as written comes first and is not ``generated``; declined Russian forms,
    English plurals and tenses ("heart keeps racing") and Chinese phrases with an adverb in
    their slot (:mod:`zh_degree`) follow.
    """
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
    if exact or prefix:
        return keys
    words = key.split()
    if CYRILLIC_RE.search(key):
        original = spaced(written.translate(FOLD)).split()
        frozen = {i for i, w in enumerate(original) if len(w) > 1 and w.isupper()}
        keys += [(form, False, True) for form in sorted(russian_forms(words, frozen)) if form != key]
    else:
        plural = english_plural(words)
        if plural:
            keys.append((plural, False, True))
        keys += [(form, False, True) for form in english_tenses(words)]
    return keys
