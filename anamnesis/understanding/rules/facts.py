"""From a mention's kind and state to a section and a CONTRACT §3 status."""

from __future__ import annotations

from dataclasses import dataclass, field

from schemas.events import SECTION_ATTRIBUTES
from schemas.sections import CONFIRMED_ABSENT, PRESENT_STATUS

#: The section an entity of each term kind belongs to, when the user speaks of themself.
KIND_SECTION: dict[str, str] = {
    "drug": "medications",
    "condition": "chronic_conditions",
    "diagnosis": "diagnoses",
    "symptom": "symptoms",
    "procedure": "surgeries",
    "vaccine": "vaccinations",
    "injury": "injuries",
    "allergen": "allergies",
    "lifestyle": "lifestyle",
}
#: What "ended" means per section; sections not listed keep their present status.
_ENDED: dict[str, str] = {
    "medications": "stopped",
    "lifestyle": "stopped",
    "symptoms": "resolved",
    "diagnoses": "resolved",
    "chronic_conditions": "resolved",
    "injuries": "resolved",
    "allergies": CONFIRMED_ABSENT,  # "I'm no longer allergic to..."
}


def status_for(section: str, state: str | None) -> str:
    if state == "neg":
        return CONFIRMED_ABSENT
    if state == "end":
        return _ENDED.get(section, PRESENT_STATUS[section])
    return PRESENT_STATUS[section]


@dataclass(slots=True)
class Fact:
    """One proposed event before attributes are attached and duplicates merged."""

    start: int
    end: int
    sentence: int
    section: str
    entity: str
    status: str
    mention: str | None = None
    attrs: dict[str, str] = field(default_factory=dict)

    def put(self, name: str, value: str | None, *, replace: bool = True) -> None:
        """Set an attribute the section allows; others are silently not the section's business."""
        if value is not None and name in SECTION_ATTRIBUTES[self.section] and (replace or name not in self.attrs):
            self.attrs[name] = value

    def as_event(self) -> dict[str, str]:
        event = {"section": self.section, "entity": self.entity, "status": self.status}
        if self.mention:
            event["mention"] = self.mention
        event.update(self.attrs)
        return event
