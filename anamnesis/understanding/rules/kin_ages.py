"""Russian "старший" / "младший": a child on its own, the age of the kin word beside it.

A parent calls the children by their order ("у младшего температура", "у старшей на арахис"),
so the lexicon reads the bare word as a son or a daughter. Beside another kin word, before or
after it ("у старшей сестры", "брат старший"), it only says which sister or brother: that hit
is dropped, or the sister would also be a daughter.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.segment import Hit

#: A kin hit that is one of these words: an age, not a relative, when another kin word touches it.
_AGE_WORD = re.compile(r"(?:старш|младш)[а-яё]*")
#: What may stand between the age word and its kin word: a space.
_GAP = frozenset({"", " "})


def without_kin_ages(norm: str, hits: list[Hit]) -> list[Hit]:
    """``hits`` without each age word ("старшей", "младший") that stands beside another kin word."""
    if "старш" not in norm and "младш" not in norm:
        return hits  # most messages, at once
    kin = [h for h in hits if h[2].kind == "relative"]
    if len(kin) < 2 or not any(_AGE_WORD.fullmatch(norm, h[0], h[1]) for h in kin):
        return hits
    drop = {id(a) for a in kin if _AGE_WORD.fullmatch(norm, a[0], a[1]) and any(_touch(norm, a, b) for b in kin)}
    return [h for h in hits if id(h) not in drop]


def _touch(norm: str, a: Hit, b: Hit) -> bool:
    """Another kin hit ``b`` right before or right after ``a``, a space at most between them."""
    if b[0] >= a[1]:
        return norm[a[1] : b[0]] in _GAP
    return b[1] <= a[0] and norm[b[1] : a[0]] in _GAP
