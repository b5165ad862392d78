"""The deterministic summary of a session: what its reconciled events say, in short English phrases.

English whatever the dialogue's language: the context block the assistant reads is English
(its header, its fact lines, the canonical entity names of CONTRACT §3), so a summary line in
it reads like the lines around it, and one template per event kind is exact where Russian or
Chinese templates would need case and measure-word grammar to say a dose right. The assistant
answers the user in their language anyway.

"Takes metformin 850 mg twice daily; cough (3 days); denied allergies; ALT 98 U/L (high)":
one phrase per fact the session touched (its state at the end of the span summarized, said the
way the span changed it), then the readings, in the order they were first said.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from schemas.sections import CONFIRMED_ABSENT, SECTION_WIDE, SUPERSEDED

#: Bump when a phrase below changes: every rules summary is then written again (its source changes).
TEXT_VERSION = "1"
#: Phrases in one summary at most; the rest are counted ("and 3 more").
MAX_PHRASES = 12
#: What a session without any health content says.
NOTHING_SAID = "No health details discussed."

#: A section-wide denial (entity ``*``).
DENIED: dict[str, str] = {
    "medications": "takes no medications",
    "symptoms": "no symptoms",
    "diagnoses": "no diagnoses",
    "chronic_conditions": "no chronic conditions",
    "demographics": "no demographic details",
    "lifestyle": "no lifestyle habits",
    "allergies": "denied allergies",
    "surgeries": "no surgeries",
    "injuries": "no injuries",
    "vaccinations": "no vaccinations",
    "family_history": "no known family history",
}
_UNITS = {"height_cm": ("height", " cm"), "weight_kg": ("weight", " kg")}
#: Readings a demographics fact of the same span already says ("weight 80 kg").
_SAID_AS_DEMOGRAPHICS = {"body weight": "weight_kg", "body height": "height_cm"}
#: UCUM units as a reader writes them.
_UNIT_TEXT = {"Cel": "°C", "mm[Hg]": "mmHg", "[degF]": "°F"}


@dataclass(frozen=True, slots=True)
class FactChange:
    """One fact event of the session: the fact's state after it, and its state before the session."""

    section: str
    entity: str
    change_type: str
    status: str
    attributes: dict[str, Any] = field(default_factory=dict)
    #: The fact's status before the session began (None: the session first mentioned it).
    before: str | None = None
    fact_id: str = ""


@dataclass(frozen=True, slots=True)
class Reading:
    """One measurement the session reported."""

    test: str
    value: float | None
    unit: str | None
    flag: str | None


def _said(attributes: dict[str, Any], *names: str) -> str:
    return "".join(f" {attributes[n]}" for n in names if attributes.get(n))


def _bracketed(attributes: dict[str, Any], *names: str) -> str:
    said = [str(attributes[n]) for n in names if attributes.get(n)]
    return f" ({', '.join(said)})" if said else ""


def _medication(change: FactChange) -> str | None:
    name, a = change.entity, change.attributes
    if change.status == "stopped":
        return f"stopped {name}"
    if change.status == CONFIRMED_ABSENT:
        return f"does not take {name}"
    dose = _said(a, "dose", "frequency")
    if change.before is None:
        return f"takes {name}{dose}"
    if change.before != "active":
        return f"started {name}{dose}"
    if change.change_type == "change":
        return f"{name} now{dose}" if dose else f"takes {name}"
    return f"still takes {name}{dose}"


def _condition(change: FactChange, new: str) -> str | None:
    name = change.entity
    if change.status == "resolved":
        return f"{name} resolved"
    if change.status == CONFIRMED_ABSENT:
        return f"no {name}"
    details = _bracketed(change.attributes, "severity", "when")
    return f"{new}{name}{details}" if change.before is None else f"{name}{details}"


def _lifestyle(change: FactChange) -> str | None:
    name, value = change.entity, change.attributes.get("value")
    if change.status == "stopped":
        return f"stopped {name}"
    if change.status == CONFIRMED_ABSENT:
        return f"no {name}"
    return f"{name}: {value}" if value else name


def _demographic(change: FactChange) -> str | None:
    value = change.attributes.get("value")
    if not value:
        return None
    label, unit = _UNITS.get(change.entity, (change.entity, ""))
    return f"{label} {value}{unit}"


def phrase(change: FactChange) -> str | None:
    """The words for one fact event, or None when it says nothing on its own (a ``superseded``)."""
    if change.status == SUPERSEDED:
        return None
    if change.entity == SECTION_WIDE:
        return DENIED[change.section] if change.status == CONFIRMED_ABSENT else None
    section, name, a = change.section, change.entity, change.attributes
    if section == "medications":
        return _medication(change)
    if section in ("symptoms", "injuries"):
        return _condition(change, "")
    if section == "chronic_conditions":
        return _condition(change, "has ")
    if section == "diagnoses":
        return _condition(change, "diagnosed with ")
    if section == "lifestyle":
        return _lifestyle(change)
    if section == "demographics":
        return _demographic(change)
    if change.status == CONFIRMED_ABSENT:
        return {"allergies": f"not allergic to {name}", "family_history": f"no family history of {name}"}.get(
            section, f"no {name}"
        )
    if section == "allergies":
        return f"allergic to {name}{_bracketed(a, 'reaction', 'severity')}"
    if section == "family_history":
        return f"family history of {name}{_bracketed(a, 'relation')}"
    if section == "surgeries":
        return f"had {name}{_bracketed(a, 'when')}"
    if section == "vaccinations":
        return f"vaccinated: {name}{_bracketed(a, 'when')}"
    return name


def reading_phrase(reading: Reading) -> str:
    """"ALT 98 U/L (high)", "hba1c high": the reading as said, with its flag."""
    value = "" if reading.value is None else f" {reading.value:g}"
    unit = f" {_UNIT_TEXT.get(reading.unit, reading.unit)}" if reading.value is not None and reading.unit else ""
    flag = reading.flag or ""
    if reading.value is None:
        return f"{reading.test} {flag}".strip()
    return f"{reading.test}{value}{unit}" + (f" ({flag})" if flag else "")


def _merged(changes: Sequence[FactChange]) -> list[FactChange]:
    """One change per fact, where it was first said: its last state in the span, its status
    before the session, and ``change`` if any event of the span changed it."""
    merged: dict[tuple[str, str], FactChange] = {}
    for change in changes:
        key = (change.section, change.entity)
        opening = merged.get(key, change)
        changed = "change" in (opening.change_type, change.change_type)
        merged[key] = FactChange(
            section=change.section,
            entity=change.entity,
            change_type="change" if changed else change.change_type,
            status=change.status,
            attributes=change.attributes,
            before=opening.before,
            fact_id=change.fact_id,
        )
    return list(merged.values())


def summary_text(changes: Sequence[FactChange], readings: Sequence[Reading] = ()) -> str:
    """The summary of a span of a session, or :data:`NOTHING_SAID` when it held no health content."""
    phrases = [p for c in _merged(changes) if (p := phrase(c))]
    demographics = {c.entity for c in changes if c.section == "demographics"}
    phrases += [reading_phrase(r) for r in readings if _SAID_AS_DEMOGRAPHICS.get(r.test) not in demographics]
    phrases = list(dict.fromkeys(phrases))
    if not phrases:
        return NOTHING_SAID
    shown = phrases[:MAX_PHRASES]
    more = len(phrases) - len(shown)
    text = "; ".join(shown) + (f"; and {more} more" if more else "")
    return text[0].upper() + text[1:]
