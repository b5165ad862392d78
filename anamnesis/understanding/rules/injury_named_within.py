"""A twisted knee the scan names: "twisted my knee, MRI shows a torn ACL" is one injury, the tear.

A message that tells a part's generic injury (a sprain, "hurt my knee") and, beside it, the
specific injury of that joint the doctor or the scan found ("ACL torn", "разрыв мениска", "前交叉韧带
断了") tells one injury twice: the specific one is what the user has. They are the same joint's when
their ICD-10 codes share a category (S83: the knee's ligaments and menisci).
"""

from __future__ import annotations

from anamnesis.terminology import load_terminology
from anamnesis.understanding.rules.facts import Fact

_GENERIC = frozenset({"sprain", "injury"})


def _categories(entity: str) -> set[str]:
    """The ICD-10 categories of an entity's codes ("ICD10:S83.6" → "ICD10:S83")."""
    return {c.partition(".")[0] for c in load_terminology().codes_of(entity) if c.startswith("ICD10:")}


def without_generic_injuries(facts: list[Fact]) -> list[Fact]:
    """``facts`` without a part's sprain or injury that a specific injury of the same joint, told
    with the same status in the message, names."""
    injuries = [f for f in facts if f.section == "injuries"]
    if len(injuries) < 2:
        return facts
    specific = [(f.status, _categories(f.entity)) for f in injuries if f.entity.rpartition(" ")[2] not in _GENERIC]
    named = {
        id(f)
        for f in injuries
        if f.entity.rpartition(" ")[2] in _GENERIC
        and (own := _categories(f.entity))
        and any(status == f.status and own & cats for status, cats in specific)
    }
    return [f for f in facts if id(f) not in named]
