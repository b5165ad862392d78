"""The memory text of one fact: what is embedded, and what a reader is shown.

The embedded text holds only what carries meaning for similarity: the section in plain English,
the canonical English entity, meaningful attributes (reaction, relation, severity, lifestyle
values), a non-default status, and the user's own words. Dates, ids, doses and other numbers
stay out of it, so the same fact of many users is one cached vector. The display text adds
them: "Medication: metformin 1000 mg twice daily, active since 2026-02-14; said as 'Glucophage'".
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

import polars as pl

from schemas.sections import CONFIRMED_ABSENT, SECTION_WIDE, SUPERSEDED

#: Bump when the texts below change, so every memory table is rebuilt with the new wording.
TEXT_VERSION = "1"

LABELS: dict[str, str] = {
    "medications": "Medication",
    "symptoms": "Symptom",
    "diagnoses": "Diagnosis",
    "chronic_conditions": "Chronic condition",
    "demographics": "Demographics",
    "lifestyle": "Lifestyle",
    "allergies": "Allergy",
    "surgeries": "Surgery",
    "injuries": "Injury",
    "vaccinations": "Vaccination",
    "family_history": "Family history",
}
#: What a section-wide ``*`` fact says.
NOTHING: dict[str, str] = {
    "medications": "No medications",
    "symptoms": "No symptoms",
    "diagnoses": "No diagnoses",
    "chronic_conditions": "No chronic conditions",
    "demographics": "No demographic details",
    "lifestyle": "No lifestyle habits",
    "allergies": "No known allergies",
    "surgeries": "No surgeries",
    "injuries": "No injuries",
    "vaccinations": "No vaccinations",
    "family_history": "No known family history",
}
STATUS_PHRASES: dict[str, str] = {
    "active": "active since",
    "stopped": "stopped as of",
    "resolved": "resolved as of",
    "historical": "reported on",
    CONFIRMED_ABSENT: "confirmed absent as of",
    SUPERSEDED: "superseded as of",
}
#: Where "active since" would read oddly.
SECTION_STATUS_PHRASES: dict[tuple[str, str], str] = {
    ("demographics", "active"): "as of",
    ("lifestyle", "active"): "as of",
    ("family_history", "active"): "reported on",
}
#: Statuses that change what a fact means, so they are part of the embedded text too.
MEANINGFUL_STATUSES: dict[str, str] = {
    "stopped": "stopped",
    "resolved": "resolved",
    CONFIRMED_ABSENT: "confirmed absent",
    SUPERSEDED: "superseded",
}
_DEMOGRAPHIC_NAMES = {"height_cm": ("height", " cm"), "weight_kg": ("weight", " kg")}


@dataclass(frozen=True, slots=True)
class MemoryText:
    embedded: str
    display: str


def _details(section: str, entity: str, attributes: dict[str, Any]) -> tuple[list[str], list[str]]:
    """Attribute phrases: (those that carry meaning, those that only add precision)."""
    meaning: list[str] = []
    precision: list[str] = []
    if value := attributes.get("value"):
        unit = _DEMOGRAPHIC_NAMES.get(entity, ("", ""))[1]
        phrase = f"{value}{unit}"
        numeric = section == "demographics" and any(ch.isdigit() for ch in str(value))
        (precision if numeric else meaning).append(phrase)
    precision.extend(str(attributes[k]) for k in ("dose", "frequency") if attributes.get(k))
    if severity := attributes.get("severity"):
        meaning.append(f"({severity})")
    if reaction := attributes.get("reaction"):
        meaning.append(f"(reaction: {reaction})")
    if relation := attributes.get("relation"):
        meaning.append(f"({relation})")
    if when := attributes.get("when"):
        precision.append(f"({when})")
    return meaning, precision


@dataclass(frozen=True, slots=True)
class UndatedText:
    """A fact's texts but for its date: the display text is ``before``, the date, ``after``.

    The same for every fact of one section, entity, status and attributes, so a build makes it
    once for all of them (:func:`anamnesis.memory.rows.memories`).
    """

    embedded: str
    before: str
    after: str

    def on(self, day: date) -> MemoryText:
        return MemoryText(embedded=self.embedded, display=f"{self.before}{day.isoformat()}{self.after}")


def undated_text(section: str, entity: str, status: str, attributes: dict[str, Any]) -> UndatedText:
    """Both texts of one fact, its date left out."""
    if entity == SECTION_WIDE:
        head = full_head = NOTHING[section]
    else:
        name = _DEMOGRAPHIC_NAMES.get(entity, (entity, ""))[0]
        meaning, precision = _details(section, entity, attributes)
        head = " ".join([f"{LABELS[section]}: {name}", *meaning])
        full_head = " ".join([f"{LABELS[section]}: {name}", *precision, *meaning])
    mention = str(attributes.get("mention") or "").strip()
    said = f"; said as '{mention}'" if mention and mention.casefold() != entity.casefold() else ""
    marker = f" ({MEANINGFUL_STATUSES[status]})" if status in MEANINGFUL_STATUSES else ""
    phrase = SECTION_STATUS_PHRASES.get((section, status)) or STATUS_PHRASES.get(status, status)
    return UndatedText(embedded=f"{head}{marker}{said}", before=f"{full_head}, {phrase} ", after=said)


def memory_text(
    section: str, entity: str, status: str, attributes: dict[str, Any], valid_from: datetime
) -> MemoryText:
    """Both texts of one fact."""
    return undated_text(section, entity, status, attributes).on(valid_from.date())


def summary_display(day: pl.Expr, summary: str) -> pl.Expr:
    """A session summary's display text: its ``summary`` column with its ``day``. Its embedded
    text is the summary (its vector comes from its facts')."""
    return pl.concat_str(pl.lit("Chat of "), day, pl.lit(": "), summary)
