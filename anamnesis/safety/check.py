"""The safety check: one drug against the user's allergies, medications and open conflicts.

The drug (any language, brand or generic) is resolved with the terminology to its canonical
name and ATC codes. Flags, by kind:

- ``allergy``: an active allergy to that very drug;
- ``allergy_class``: an active allergy to its class (by the class table, or an allergy whose
  ATC code is a prefix of the drug's), or to a class the table lists as cross-reactive (then
  ``cross_reactive`` is true, with the note and the cited source);
- ``duplicate_therapy``: an active medication with the same ATC level-4 class (5 characters,
  ``C09AA`` for ACE inhibitors), or the same drug;
- ``open_conflict``: an open conflict in allergies or medications;
- ``allergies_not_discussed``: no allergy fact at all, not even "no known allergies".

Pure: the caller reads the facts and conflicts of one user and passes them in.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from anamnesis.safety.classes import ClassTable, load_classes
from anamnesis.terminology import Terminology, load_terminology
from schemas.sections import SECTION_WIDE, SUPERSEDED

DRUG_KINDS = ("drug", "allergen")
CONFLICT_SECTIONS = ("allergies", "medications")


def resolve_drug(drug: str, terminology: Terminology | None = None) -> tuple[str | None, tuple[str, ...]]:
    """(canonical name, ATC codes) of a drug as written, or (None, ()) when the terminology lacks it."""
    terminology = terminology or load_terminology()
    found = [m for m in terminology.find(drug) if m.kind in DRUG_KINDS]
    if not found:
        return None, ()
    canonical = max(found, key=lambda m: m.end - m.start).canonical
    return canonical, tuple(c for c in terminology.codes_of(canonical) if c.startswith("ATC:"))


def _atc(codes: Sequence[str]) -> list[str]:
    return [c.removeprefix("ATC:") for c in codes if c.startswith("ATC:")]


def _allergy_flags(
    canonical: str, codes: tuple[str, ...], allergy: dict[str, Any], table: ClassTable, terminology: Terminology
) -> list[dict[str, Any]]:
    entity = allergy["entity"]
    base = {"fact_id": allergy["fact_id"]}
    if entity == canonical:
        return [{"kind": "allergy", "reason": f"active allergy to {entity}", **base}]
    allergy_codes = terminology.codes_of(entity)
    allergy_classes = table.of_codes(allergy_codes) | table.named(entity)
    drug_classes = table.of_codes(codes)
    shared = sorted(allergy_classes & drug_classes)
    if shared:
        return [{
            "kind": "allergy_class", "reason": f"active allergy to {entity}; {canonical} is one of the {shared[0]}",
            "cross_reactive": False, "source": table.source_of(shared[0]), **base,
        }]  # fmt: skip
    prefix = next((a for a in _atc(allergy_codes) for d in _atc(codes) if d.startswith(a) and a != d), None)
    if prefix is not None:
        return [{
            "kind": "allergy_class", "reason": f"active allergy to {entity} (ATC {prefix}), the class of {canonical}",
            "cross_reactive": False, **base,
        }]  # fmt: skip
    for a in sorted(allergy_classes):
        for d in sorted(drug_classes):
            if cross := table.cross_reactive(a, d):
                return [{
                    "kind": "allergy_class",
                    "reason": f"active allergy to {entity} ({a}); {canonical} is one of the {d}, "
                    f"a cross-reactive class: {cross.note}",
                    "cross_reactive": True, "source": cross.source, **base,
                }]  # fmt: skip
    return []


def _duplicate_flags(
    canonical: str, codes: tuple[str, ...], medication: dict[str, Any], terminology: Terminology
) -> list[dict[str, Any]]:
    entity = medication["entity"]
    base = {"kind": "duplicate_therapy", "fact_id": medication["fact_id"]}
    if entity == canonical:
        return [{**base, "reason": f"already taking {entity}"}]
    mine = {c[:5] for c in _atc(codes) if len(c) >= 5}
    theirs = {c[:5] for c in _atc(terminology.codes_of(entity)) if len(c) >= 5}
    shared = sorted(mine & theirs)
    if shared:
        return [{**base, "reason": f"already taking {entity}, of the same class as {canonical} (ATC {shared[0]})"}]
    return []


def check_drug(drug: str, facts: Sequence[dict[str, Any]], conflicts: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    """The answer of ``POST …/check`` for one user's ``facts`` and open ``conflicts``."""
    terminology = load_terminology()
    table = load_classes()
    canonical, codes = resolve_drug(drug, terminology)
    live = [f for f in facts if f["status"] != SUPERSEDED]
    allergies = [f for f in live if f["section"] == "allergies"]
    medications = [f for f in live if f["section"] == "medications" and f["status"] == "active"]
    chronic = [f for f in live if f["section"] == "chronic_conditions" and f["status"] == "active"]
    flags: list[dict[str, Any]] = []
    if canonical is not None:
        for allergy in allergies:
            if allergy["status"] == "active" and allergy["entity"] != SECTION_WIDE:
                flags.extend(_allergy_flags(canonical, codes, allergy, table, terminology))
        for medication in medications:
            flags.extend(_duplicate_flags(canonical, codes, medication, terminology))
    for conflict in conflicts:
        if conflict["section"] in CONFLICT_SECTIONS:
            flags.append({
                "kind": "open_conflict", "fact_id": conflict["fact_id"],
                "reason": f"unclear {conflict['section']} ({conflict['entity']}): {conflict['reason']}",
            })  # fmt: skip
    if not allergies:
        flags.append(
            {"kind": "allergies_not_discussed", "reason": "the user has never said whether they have allergies"}
        )
    return {
        "drug": drug,
        "canonical": canonical,
        "codes": list(codes),
        "flags": flags,
        "facts": [*allergies, *medications, *chronic],
    }


def render_flags(result: dict[str, Any]) -> list[str]:
    """Context-block lines for one checked drug (nothing when there is nothing to flag)."""
    name = result["canonical"] or result["drug"]
    return [f"SAFETY ({name}): {flag['kind']}: {flag['reason']}" for flag in result["flags"]]
