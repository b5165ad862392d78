"""An operation's approach said beside the operation itself is no second operation.

"в 2023 делали лапароскопию, удалили желчный", "上周做了腹腔镜把胆囊切了", "腹腔镜肌瘤剔除": the
operation is the removal; the approach ("laparoscopy", "arthroscopy") names the same operation by
the way in. Said alone, or in a sentence of its own ("had a laparoscopy in 2019. gallbladder out
in 2021"), it stays the user's operation. An operation named only by where it was done ("колено
оперировали, мениск шили": knee surgery) is the same: the sentence's named operation is what was done.
"""

from __future__ import annotations

from functools import cache

from anamnesis.terminology import load_terminology
from anamnesis.understanding.rules.facts import Fact
from schemas.sections import LAST_DISCUSSED, PRESENT_STATUS, SECTION_WIDE

#: Ways into the body that name no operation of their own.
_APPROACHES = frozenset({"laparoscopy", "arthroscopy"})
_DONE = PRESENT_STATUS["surgeries"]


@cache
def _sites() -> dict[str, frozenset[str]]:
    """Each operation named by the body part it was done on ("knee surgery", "back surgery":
    mentions.py composes "<part> surgery" for a part with no removal or repair of its own) → the
    names an operation on that part starts with: the part and the parts within it (anatomy.tsv
    ``within``: the meniscus is in the knee)."""
    terms = load_terminology()
    parts = [t for t in terms.terms if t.kind == "body_part"]
    inside: dict[str, set[str]] = {}
    for t in parts:
        if within := t.links.get("within"):
            inside.setdefault(within, set()).add(t.canonical)
    return {
        terms.canonical(name) or name: frozenset({t.canonical} | inside.get(t.canonical, set()))
        for t in parts
        if not {"removal", "repair"} & t.links.keys()
        for name in (f"{t.canonical} surgery",)
    }


def _named(f: Fact) -> bool:
    """Whether ``f`` is an operation the user had, named by what was done."""
    return (
        f.section == "surgeries"
        and f.status == _DONE
        and f.entity not in _APPROACHES
        and f.entity not in _sites()
        and f.entity != SECTION_WIDE
        and not f.entity.startswith(LAST_DISCUSSED)
    )


def without_approaches(facts: list[Fact]) -> list[Fact]:
    """``facts`` without an approach whose sentence names an operation done through it, nor an
    operation named by its site whose sentence names an operation on that site ("колено
    оперировали, мениск шили"; "knee surgery in 2010 and a hip replacement" keeps both)."""
    named = [f for f in facts if _named(f)]
    sites = _sites()

    def said_by_name(f: Fact) -> bool:
        if f.section != "surgeries" or f.status != _DONE:
            return False
        if f.entity in _APPROACHES:
            return any(g.sentence == f.sentence for g in named)
        on = sites.get(f.entity)
        return on is not None and any(
            g.sentence == f.sentence and any(g.entity.startswith(f"{part} ") for part in on) for g in named
        )

    return [f for f in facts if not said_by_name(f)]
