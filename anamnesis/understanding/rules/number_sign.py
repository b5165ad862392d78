"""English "no." before a number is the sign for "number", never a denial.

"gout flare no.3 this year", "sulfa no.1": the "no" abbreviates "number" and counts the thing named
right before it, which is there. Read as a denial it erased the gout it counted. Only "no." after a
word and before its number is taken: "no 3am wake-ups" and "no 2 days alike" keep their denial, and
so does a reply opening with "No." ("No. 2 of my kids take it": the user does not).
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules.segment import Hit

_NUMBER_SIGN = re.compile(r"(?<=\w )no\.\s?\d")


def without_number_signs(norm: str, hits: list[Hit]) -> list[Hit]:
    """The hits without each "no" cue that is the sign of the number after it."""
    if "no." not in norm:
        return hits
    signs = {m.start() for m in _NUMBER_SIGN.finditer(norm)}
    if not signs:
        return hits
    return [h for h in hits if not (h[0] in signs and h[2].cat == "neg" and norm[h[0] : h[1]] == "no")]
