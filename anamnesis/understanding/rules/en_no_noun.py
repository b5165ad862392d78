"""An English "no" right before a noun no vocabulary knows denies that noun, nothing named before.

"endo cut the lantus down to 16 units, no lows since", "took the ibuprofen, no relief",
"skin cleared up on the doxy, no more spots": the "no" (or "no more") is the noun's determiner; with nothing after it
to govern it would otherwise look back and deny the drug. A function word after it ("no i don't",
"no just the inhaler", "no it's fine") leaves it the answer word it is.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.segment import Hit

#: "no" and the word after it (letters only: "no, ..." and "no 5 mg" are other things).
_NO_WORD = re.compile(r"no (?:more )?([a-z][a-z'’]*)")
#: Words after an answer's "no" that are no noun of its own.
_FUNCTION = frozenset(
    "i i'm im i've ive we it it's its that thats that's this not never one the a an my just only "
    "thanks thank sorry really way worries need nothing none neither nor but and or so because "
    "cause as since at all any to for of in on with".split()
)


def denies_own_noun(norm: str, start: int, hits: list[Hit]) -> bool:
    """The English "no" or "no more" at ``start`` is the determiner of an unknown noun right after
    it: no term or cue starts there, and no term follows in its phrase ("no night hypos", "no more
    morning headaches" deny the hypos and the headaches)."""
    m = _NO_WORD.match(norm, start)
    if m is None or m.group(1) in _FUNCTION:
        return False
    pause = _PAUSE.search(norm, m.end(1))
    until = pause.start() if pause else len(norm)
    return not any(s == m.start(1) or (m.start(1) <= s < until and (lex.kind or lex.cat in _NAMING)) for s, _, lex in hits)


#: Hits that name a thing of the user's ("no regular meds": the section noun).
_NAMING = frozenset({"section", "allergy", "pain", "compound"})


#: Where the noun phrase after "no" ends.
_PAUSE = re.compile(r"[,.;:!?]")


def ends_own_object(norm: str, ends: list[int]) -> bool:
    """Every English ending at ``ends`` is a "no more" with a word of its own after it ("no more
    INR checks", "no more spots"): a clause that names nothing ends that, not the drug before it."""
    return bool(ends) and all(
        norm.startswith("no more ", s) and (m := _NO_WORD.match(norm, s)) is not None and m.group(1) not in _FUNCTION
        for s in ends
    )
