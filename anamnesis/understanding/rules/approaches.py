"""An operation's approach said beside the operation itself is no second operation.

"в 2023 делали лапароскопию, удалили желчный", "上周做了腹腔镜把胆囊切了", "腹腔镜肌瘤剔除": the
operation is the removal; the approach ("laparoscopy", "arthroscopy") names the same operation by
the way in. Said alone, or in a sentence of its own ("had a laparoscopy in 2019. gallbladder out
in 2021"), it stays the user's operation.
"""

from __future__ import annotations

from anamnesis.understanding.rules.facts import Fact
from schemas.sections import LAST_DISCUSSED, PRESENT_STATUS, SECTION_WIDE

#: Ways into the body that name no operation of their own.
_APPROACHES = frozenset({"laparoscopy", "arthroscopy"})
_DONE = PRESENT_STATUS["surgeries"]


def without_approaches(facts: list[Fact]) -> list[Fact]:
    """``facts`` without an approach whose sentence names an operation done through it."""
    exact = {
        f.sentence
        for f in facts
        if f.section == "surgeries"
        and f.status == _DONE
        and f.entity not in _APPROACHES
        and f.entity != SECTION_WIDE
        and not f.entity.startswith(LAST_DISCUSSED)
    }
    return [
        f
        for f in facts
        if not (f.section == "surgeries" and f.entity in _APPROACHES and f.status == _DONE and f.sentence in exact)
    ]
