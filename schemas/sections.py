"""The eleven sections of CONTRACT §2 and the statuses each may hold (CONTRACT §3).

Everything else in the project imports these names from here, so a section or a status is
spelled exactly once.
"""

from __future__ import annotations

from enum import StrEnum


class Section(StrEnum):
    medications = "medications"
    symptoms = "symptoms"
    diagnoses = "diagnoses"
    chronic_conditions = "chronic_conditions"
    demographics = "demographics"
    lifestyle = "lifestyle"
    allergies = "allergies"
    surgeries = "surgeries"
    injuries = "injuries"
    vaccinations = "vaccinations"
    family_history = "family_history"


class ChangeType(StrEnum):
    first_mention = "first_mention"
    confirmation = "confirmation"
    change = "change"
    negation = "negation"


SECTIONS: tuple[str, ...] = tuple(s.value for s in Section)
CHANGE_TYPES: tuple[str, ...] = tuple(c.value for c in ChangeType)

#: The entity that stands for a whole section ("I have no allergies").
SECTION_WIDE = "*"
#: The entity of a proposed event that names nothing but refers back to the fact of its section
#: last discussed ("upped it to 750" after Keppra, "那个药我不吃了"): the fold resolves it to that
#: fact, or drops the event when no single fact fits. It never becomes a fact.
LAST_DISCUSSED = "^"
#: The prefix of a referring entity naming a kind of injury of the part the injury discussed last
#: is of ("x-ray clear, no fracture" after a twisted ankle: ``^@fracture`` is the ankle's fracture).
#: Like ``^``, the fold resolves it or drops it; it is never a fact.
AT_INJURED_PART = LAST_DISCUSSED + "@"
#: The entity of a recovery of everything the user was ill with ("all cleared up", "всё прошло",
#: "都好了", "no symptoms at all now"): the fold ends every complaint and illness of the episode
#: (:func:`anamnesis.facts.anaphora.whole_episode`), or nothing when none is present. Never a fact.
WHOLE_EPISODE = LAST_DISCUSSED + SECTION_WIDE


def held_name(entity: str) -> str | None:
    """The name a referring entity gives the fact it is about: "" for the bare ``^`` (the fact
    discussed last), the name after it for a fact the user may hold ("^hyperuricemia": a normal
    uric acid ends that finding if the user has it, and is nothing otherwise); None for an entity
    that names a fact of its own. Like ``^``, the fold resolves it or drops it; it is never a fact."""
    return entity[len(LAST_DISCUSSED) :] if entity.startswith(LAST_DISCUSSED) else None


def injured_part_kind(entity: str) -> str | None:
    """The kind of injury an :data:`AT_INJURED_PART` entity names ("^@fracture" → "fracture"), else None."""
    return entity[len(AT_INJURED_PART) :] if entity.startswith(AT_INJURED_PART) else None


#: The one status any section may hold, and only on its ``*`` fact.
SUPERSEDED = "superseded"
CONFIRMED_ABSENT = "confirmed_absent"

_EPISODIC = ("active", "resolved", "confirmed_absent")

STATUSES: dict[str, tuple[str, ...]] = {
    "medications": ("active", "stopped", "confirmed_absent"),
    "symptoms": _EPISODIC,
    "diagnoses": _EPISODIC,
    "chronic_conditions": _EPISODIC,
    "injuries": _EPISODIC,
    "allergies": ("active", "confirmed_absent"),
    "family_history": ("active", "confirmed_absent"),
    "surgeries": ("historical", "confirmed_absent"),
    "vaccinations": ("historical", "confirmed_absent"),
    "demographics": ("active",),
    "lifestyle": ("active", "stopped", "confirmed_absent"),
}

#: The status a positive statement ("I take X", "I had X") gives in each section.
PRESENT_STATUS: dict[str, str] = {s: st[0] for s, st in STATUSES.items()}

#: Entities a section is limited to; sections not listed take any canonical name.
FIXED_ENTITIES: dict[str, tuple[str, ...]] = {
    "demographics": ("age", "sex", "height_cm", "weight_kg"),
    "lifestyle": ("smoking", "alcohol", "exercise", "diet", "sleep"),
}

#: Sections whose facts matter most to a prescriber; the read path lists them first.
CRITICAL_SECTIONS: tuple[str, ...] = ("allergies", "medications", "chronic_conditions")
#: What a question about a drug or a treatment always needs: the critical sections, then the
#: current diagnoses that decide whether a drug suits this patient now (a pregnancy, a low kidney
#: function, a high INR).
DRUG_QUESTION_SECTIONS: tuple[str, ...] = (*CRITICAL_SECTIONS, "diagnoses")
#: What every question needs: the age and sex frame any answer (a screening, a vaccine, a dose).
EVERY_QUESTION_SECTIONS: tuple[str, ...] = ("demographics",)


def allowed_statuses(section: str, entity: str) -> tuple[str, ...]:
    """Statuses a fact may hold: the section's own, plus ``superseded`` for ``*`` facts."""
    base = STATUSES[section]
    return base + (SUPERSEDED,) if entity == SECTION_WIDE else base
