"""A drug named as the one that showed a class allergy is no allergy of its own.

"sulfa drugs, I got hives from bactrim once", "на бисептол была сыпь, сказали сульфаниламиды мне
нельзя", "磺胺类过敏 小时候吃复方新诺明起过水疱": the allergy is to the class (sulfonamides); the drug
told with it is the occasion it showed, and a member of the class (its ATC code lies under the
class's code), so it adds no allergy of its own. A drug of another class stays ("allergic to sulfa
and to codeine").
"""

from __future__ import annotations

from functools import cache

from anamnesis.terminology import load_terminology
from anamnesis.understanding.rules.facts import Fact


@cache
def _codes() -> tuple[dict[str, tuple[str, ...]], frozenset[str]]:
    """(ATC codes of every drug and allergen by canonical name, the allergens that are drug classes)."""
    codes: dict[str, tuple[str, ...]] = {}
    classes: set[str] = set()
    for term in load_terminology().terms:
        atc = tuple(c.removeprefix("ATC:") for c in term.codes if c.startswith("ATC:"))
        if not atc or term.kind not in ("drug", "allergen"):
            continue
        codes[term.canonical] = codes.get(term.canonical, ()) + atc
        if term.kind == "allergen":
            classes.add(term.canonical)
    return codes, frozenset(classes)


def without_class_members(facts: list[Fact]) -> list[Fact]:
    """The message's facts without the drug allergies that belong to a class allergy it states."""
    allergies = [f for f in facts if f.section == "allergies" and f.status == "active"]
    if len(allergies) < 2:
        return facts
    codes, classes = _codes()
    stated = [code for f in allergies if f.entity in classes for code in codes.get(f.entity, ())]
    if not stated:
        return facts
    members = [
        f
        for f in allergies
        if f.entity not in classes and any(c.startswith(s) for c in codes.get(f.entity, ()) for s in stated)
    ]
    return [f for f in facts if f not in members]
