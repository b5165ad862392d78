"""Pydantic contracts between the stages: fragments in, proposed events out.

A backend (rules or an LLM) only *proposes* :class:`ExtractedEvent` objects; code validates them
here and reconciles them later. The per-section models built by :func:`section_output_model`
are what the ``openai`` backend sends as its strict ``json_schema`` response format, so a
section's extractor can only answer with that section's statuses and attributes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model, field_validator, model_validator

from schemas.sections import (
    FIXED_ENTITIES,
    LAST_DISCUSSED,
    SECTION_WIDE,
    SECTIONS,
    STATUSES,
    Section,
    held_name,
    injured_part_kind,
)

DOSE_PATTERN = re.compile(r"^\d+(?:\.\d+)? [^\s\d][^\s]*$")
#: A dose said without its unit ("upped it to 750"): allowed only on a :data:`LAST_DISCUSSED`
#: event, whose fact's current dose gives the unit when the fold resolves it.
BARE_DOSE_PATTERN = re.compile(r"^\d+(?:\.\d+)?$")

#: Optional attributes an event may carry, by section. ``mention`` (the user's own words) is
#: allowed everywhere.
SECTION_ATTRIBUTES: dict[str, tuple[str, ...]] = {
    "medications": ("dose", "frequency"),
    "symptoms": ("severity", "when"),
    "diagnoses": ("when",),
    "chronic_conditions": ("when",),
    "demographics": ("value",),
    "lifestyle": ("value",),
    "allergies": ("reaction",),
    "surgeries": ("when",),
    "injuries": ("when",),
    "vaccinations": ("when",),
    "family_history": ("relation",),
}
ATTRIBUTE_NAMES: tuple[str, ...] = ("dose", "frequency", "severity", "when", "value", "reaction", "relation")


@dataclass(frozen=True, slots=True)
class Fragment:
    """A user message with the assistant turn before it, the unit every backend reads."""

    fragment_id: str
    user_id: str
    message_id: str
    ts: datetime
    text: str
    context: str | None = None
    lang: str | None = None
    #: Turns of the same session before this message, oldest first, as ``{"role", "text"}``
    #: (only for backends that read them: ``Backend.context_turns``).
    earlier: Sequence[Mapping[str, str]] = ()
    #: The user's facts known before this message, as ``{"section", "entity", "status"}``.
    known_facts: Sequence[Mapping[str, str]] = ()


class ExtractedEvent(BaseModel):
    """One event a backend proposes about the user's own health."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    section: Section
    entity: str = Field(min_length=1, max_length=200)
    status: str
    mention: str | None = Field(default=None, max_length=2000)
    dose: str | None = None
    frequency: str | None = None
    severity: str | None = None
    when: str | None = None
    value: str | None = None
    reaction: str | None = None
    relation: str | None = None

    @field_validator("entity")
    @classmethod
    def _canonical_entity(cls, v: str) -> str:
        v = v.strip()
        if v != v.lower():
            raise ValueError(f"entity {v!r} is not lower case")
        return v

    @model_validator(mode="after")
    def _fits_section(self) -> ExtractedEvent:
        section = self.section.value
        if self.status not in STATUSES[section]:
            raise ValueError(f"status {self.status!r} is not allowed in {section}")
        fixed = FIXED_ENTITIES.get(section)
        if fixed and self.entity not in fixed and self.entity != SECTION_WIDE:
            raise ValueError(f"entity {self.entity!r} is not one of {section}'s {fixed}")
        allowed = SECTION_ATTRIBUTES[section]
        for name in ATTRIBUTE_NAMES:
            if getattr(self, name) is not None and name not in allowed:
                raise ValueError(f"attribute {name!r} does not belong to {section}")
        bare_ok = self.entity == LAST_DISCUSSED and self.dose is not None and BARE_DOSE_PATTERN.match(self.dose)
        if self.dose is not None and not (DOSE_PATTERN.match(self.dose) or bare_ok):
            raise ValueError(f"dose {self.dose!r} is not '<number> <unit>'")
        if section == "demographics" and self.value is None:
            raise ValueError("a demographics event needs a value")
        denies_other = injured_part_kind(self.entity) is not None  # "no fracture": of the part hurt
        if held_name(self.entity) is not None and self.status == "confirmed_absent" and not denies_other:
            raise ValueError("a '^' event refers back to a present fact; it cannot deny one")
        if self.entity == SECTION_WIDE and self.status not in ("confirmed_absent",):
            raise ValueError("a section-wide '*' event can only deny the whole section")
        return self

    def attributes(self) -> dict[str, str]:
        """The event's attributes as stored in the warehouse (``mention`` included)."""
        names = ("mention", *ATTRIBUTE_NAMES)
        return {n: v for n in names if (v := getattr(self, n)) is not None}


class ClassifierOutput(BaseModel):
    """What the classifier prompt returns: the sections a fragment touches."""

    model_config = ConfigDict(extra="forbid")

    sections: list[Literal[SECTIONS]]  # type: ignore[valid-type]


@cache
def section_output_model(section: str) -> type[BaseModel]:
    """The strict response model of one section's extractor: ``{"events": [...]}``.

    Every field is required (nullable where optional), as OpenAI's strict structured outputs
    demand; the status and, where fixed, the entity are enums of that section only.
    """
    entity_type: Any = str
    if section in FIXED_ENTITIES:
        wide = (SECTION_WIDE,) if "confirmed_absent" in STATUSES[section] else ()
        entity_type = Literal[(*FIXED_ENTITIES[section], *wide)]  # type: ignore[misc]
    fields: dict[str, Any] = {
        "entity": (entity_type, Field(description="canonical English name, lower case; '*' for the whole section")),
        "status": (Literal[STATUSES[section]], ...),  # type: ignore[misc]
        "mention": (str | None, Field(description="the user's own words for it")),
    }
    for name in SECTION_ATTRIBUTES[section]:
        fields[name] = (str | None, ...)
    event_model = create_model(
        f"{section.title().replace('_', '')}Event", __config__=ConfigDict(extra="forbid"), **fields
    )
    return create_model(
        f"{section.title().replace('_', '')}Extraction",
        __config__=ConfigDict(extra="forbid"),
        events=(list[event_model], ...),  # type: ignore[valid-type]
    )
