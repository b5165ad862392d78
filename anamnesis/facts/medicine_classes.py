"""Events that name a class of medicines: "finished the antibiotics", "降压药都停了", "铁剂停了".

A backend reads one message and cannot know which of the user's drugs a class covers, so it
proposes the event with the class's canonical name (``antibiotics``, ``antihypertensives``,
``iron``: the rows of ``terminology/data/drug_classes.tsv``, each with the ATC codes it covers).
The fold, which holds the user's history, resolves it here against the medications present
before the message, a member being one whose ATC code starts with one of the class's (as a
drug named in answer to a question about its class, :mod:`anamnesis.understanding.rules.replies`):

- a stop or a denial ends every member ("came off all my blood pressure pills");
- any other status speaks of the one member there is, and of none when there are several (nor
  of itself: "insulin" beside the user's basal and bolus insulins is no third drug);
- with no member, a class that is only a class (``antibiotics``) yields no fact at all, and a
  drug that also names its class (``iron``) is its own fact, as any drug.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import Protocol, TypeVar

from anamnesis.terminology import DATA_DIR
from anamnesis.terminology.tsv import REQUIRED_COLUMNS, read_rows
from schemas.sections import CONFIRMED_ABSENT, PRESENT_STATUS

CLASSES_FILE = DATA_DIR / "drug_classes.tsv"
SECTION = "medications"
#: The statuses that end every member of a class at once.
_ENDING = frozenset({"stopped", CONFIRMED_ABSENT})


class _Fact(Protocol):
    status: str
    attributes: dict


class _Event(Protocol):
    section: str
    entity: str
    status: str
    attributes: dict


E = TypeVar("E", bound=_Event)


@dataclass(frozen=True, slots=True)
class MedicineClass:
    """The ATC codes (``ATC:J01``) a class covers, and whether it may be a fact of its own."""

    codes: tuple[str, ...]
    only_a_class: bool


@cache
def load_classes() -> dict[str, MedicineClass]:
    """Canonical class name → its class, from ``drug_classes.tsv``."""
    classes: dict[str, MedicineClass] = {}
    for line_no, row in read_rows(CLASSES_FILE, (*REQUIRED_COLUMNS, "class")):
        codes = tuple(c.strip() for c in row["codes"].split(",") if c.strip().startswith("ATC:"))
        if not codes or row["class"] not in ("only", "too"):
            raise ValueError(f"{CLASSES_FILE.name}:{line_no}: a class needs ATC codes and class 'only' or 'too'")
        classes[row["canonical"]] = MedicineClass(codes, row["class"] == "only")
    return classes


def members(facts: Mapping[tuple[str, str], _Fact], cls: MedicineClass) -> list[str]:
    """The present medications whose ATC code falls under the class, by name."""
    present = PRESENT_STATUS[SECTION]
    return sorted(
        entity
        for (section, entity), fact in facts.items()
        if section == SECTION
        and fact.status == present
        and any(code.startswith(cls.codes) for code in str(fact.attributes.get("codes") or "").split(","))
    )


def resolve(facts: Mapping[tuple[str, str], _Fact], entity: str, cls: MedicineClass, status: str) -> list[str]:
    """The medications an event about the class ``entity`` is about: its members as above
    (several only for an ending), or itself when it is also a drug, or nothing."""
    named = members(facts, cls)
    if status in _ENDING and named:
        return named
    if len(named) == 1:
        return named
    if named:
        return []  # "才加的胰岛素" beside the user's two insulins: it speaks of them, none in particular
    return [] if cls.only_a_class else [entity]


def member_attributes(attributes: dict, *, several: bool) -> dict:
    """What a class event tells its member: not the class's name or codes (the member keeps its
    own), and no dose or frequency when it speaks of several drugs at once."""
    dropped = ("mention", "codes", "dose", "frequency") if several else ("mention", "codes")
    return {k: v for k, v in attributes.items() if k not in dropped}


def with_members(facts: Mapping[tuple[str, str], _Fact], events: list[E]) -> list[E]:
    """One message's events (dataclasses), each class event replaced by its members' in the
    state before the message (:func:`resolve`).

    A drug the message names itself speaks for itself ("switched me from antibiotics to doxy":
    doxycycline is started, not also stopped), and a member two classes share is told once, so
    one message gives at most one event per fact.
    """
    classes = load_classes()

    def class_of(ev: E) -> MedicineClass | None:
        """The class ``ev`` names, unless it is no medication or a fact already known."""
        if ev.section != SECTION or (SECTION, ev.entity) in facts:
            return None
        return classes.get(ev.entity)

    told = {(ev.section, ev.entity) for ev in events if class_of(ev) is None}
    out: list[E] = []
    for ev in events:
        cls = class_of(ev)
        if cls is None:
            out.append(ev)
            continue
        named = [e for e in resolve(facts, ev.entity, cls, ev.status) if (SECTION, e) not in told]
        attributes = member_attributes(ev.attributes, several=len(named) > 1)
        for entity in named:
            told.add((SECTION, entity))
            out.append(ev if entity == ev.entity else replace(ev, entity=entity, attributes=attributes))
    return out
