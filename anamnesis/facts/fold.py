"""Reconciliation: folding validated events into fact histories, in code, deterministically.

Events are grouped per user and replayed in message-time order, so the same set of events
gives the same history whatever order they arrived in. Each event is classified against the
fact's state before it (CONTRACT §3): ``first_mention``, ``confirmation``, ``change`` or
``negation``. Section-wide (``*``) denials follow the rules of the contract: a later specific
fact supersedes them; a denial never cancels an active allergy (a conflict is recorded
instead); for medications and symptoms a denial ends what was active ("I don't take anything
now"); in the other sections it is recorded as a conflict to clarify.

People's inputs are replayed in the same timeline (:mod:`anamnesis.facts.replay`): a conflict's
resolution and a reviewer's correction apply at their ``created_at``, after the dialogue said
before them. A fact they set is *settled*: a later statement that contradicts it opens a new
conflict instead of changing it. In the critical sections a fact reported again after the user
denied it specifically is taken as present (the safe reading) and recorded as a conflict too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from heapq import merge
from operator import itemgetter
from typing import Any

import orjson
import polars as pl

from anamnesis.facts import medicine_classes
from anamnesis.facts.anaphora import (
    ILLNESS_SECTIONS,
    at_injured_part,
    ended_by_another_name,
    held,
    last_discussed,
    last_illness,
    referring_attributes,
    replaced_by,
    told_with,
    whole_episode,
)
from anamnesis.facts.confidence import confidence, evidence_of
from anamnesis.facts.fold_tables import Event, Fact, Folded, OpenConflict, Output, Resume, messages_by_user
from anamnesis.facts.ids import conflict_id, event_id, fact_id
from anamnesis.facts.replay import CLARIFICATION, REVIEW, Input, ReplayMixin, inputs_by_user, replay_order
from anamnesis.terminology import load_terminology
from schemas.sections import (
    CONFIRMED_ABSENT,
    CRITICAL_SECTIONS,
    LAST_DISCUSSED,
    PRESENT_STATUS,
    SECTION_WIDE,
    SUPERSEDED,
    WHOLE_EPISODE,
    held_name,
    injured_part_kind,
)

#: What a section-wide denial does to a specific fact that is still present.
DENIAL_ENDS: dict[str, str] = {"medications": "stopped", "symptoms": "resolved"}
#: Sections where a later, shorter name of a known fact is that fact ("diabetes" for "type 2
#: diabetes", "back pain" for "low back pain", "cough" for "dry cough").
SHORT_NAME_SECTIONS = frozenset({"chronic_conditions", "diagnoses", "medications", "symptoms", "injuries"})
#: A head word that names no kind of its own: "ankle injury" ("ankle's fine now") is the one known
#: injury of the ankle, a sprain or a fracture.
_GENERIC_HEADS = {"injuries": frozenset({"injury"})}
#: A generic symptom and the words of the specific ones it may stand for: "swelling's gone" after
#: "peripheral edema", "ankle swelling" or "swollen lymph nodes" is that one known swelling.
_FAMILY_WORDS = {("symptoms", "swelling"): frozenset({"swelling", "swollen", "edema"})}
#: Names too general to stand for one known fact: "pain" is no "chest pain".
_NO_SHORT_NAME = frozenset({"pain"})
#: What a specific denial does to the same fact while it is present: "голова не болит" after a
#: headache, "no more h. pylori" after the infection, "I don't smoke" after "I smoke" say it
#: has ended, not that it never was. Chronic conditions, allergies and the family stay a
#: contradiction (their denial is recorded as it is said).
SPECIFIC_DENIAL_ENDS: dict[str, str] = {
    **DENIAL_ENDS,
    "diagnoses": "resolved",
    "injuries": "resolved",
    "lifestyle": "stopped",
}
#: Where an illness a clinician ruled out is filed, and the sections of the illness that replaces it.
RULED_OUT_SECTION = "diagnoses"
_REPLACING_SECTIONS = frozenset({"diagnoses", "chronic_conditions"})


def _names_a_new_illness(facts: Mapping[tuple[str, str], Any], events: list[Event]) -> bool:
    """The message brings a diagnosis or chronic condition the user did not hold before: "the x-ray
    showed it's not bronchitis, it's pneumonia", "不是胃炎 是胃溃疡", "не бронхит, а пневмония". A
    held diagnosis the same message denies was then ruled out in favour of the new one (the labels'
    ``confirmed_absent``), not an illness that ended (``resolved``, as "голова не болит" after a
    headache says)."""
    return any(
        ev.section in _REPLACING_SECTIONS
        and ev.status == PRESENT_STATUS[ev.section]
        and (ev.section, ev.entity) not in facts
        for ev in events
    )


#: Attributes whose new value makes an event a ``change`` rather than a ``confirmation``.
STATE_ATTRIBUTES = ("dose", "frequency", "value", "relation")


def _merge(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    merged = {**old, **new}
    if old.get("relation") and new.get("relation") and old["relation"] != new["relation"]:
        relations = {r.strip() for r in f"{old['relation']},{new['relation']}".split(",") if r.strip()}
        merged["relation"] = ", ".join(sorted(relations))
    return merged


def _state_changed(old: dict[str, Any], merged: dict[str, Any]) -> bool:
    """Whether a state attribute the fact already had now has another value.

    An attribute said for the first time (a frequency going from nothing to "every evening")
    fills the fact in: it is not a ``change``.
    """
    return any(old.get(k) is not None and old.get(k) != merged.get(k) for k in STATE_ATTRIBUTES)


def _one_per_fact(events: list[Event]) -> list[Event]:
    """One event per fact of a message, its last: what a message says twice of one fact, in its
    own words or through a derived event ("the ankle's fine, the swelling's gone" ends the
    ankle's swelling twice; "type 2 diabetes … the diabetes" names one fact twice), is one step
    of its history, and one message's events on a fact share one event id."""
    last = {(ev.section, ev.entity): i for i, ev in enumerate(events)}
    return [ev for i, ev in enumerate(events) if last[(ev.section, ev.entity)] == i]


class _UserFold(ReplayMixin):
    """The state of one user's facts while their events (and people's inputs) are replayed."""

    def __init__(self, user_id: str, out: Output, resume: Resume | None = None) -> None:
        self.user_id = user_id
        self.out = out
        self.facts: dict[tuple[str, str], Fact] = resume.facts if resume else {}
        self.open: dict[str, OpenConflict] = resume.open if resume else {}
        #: Entities a reviewer renamed: later dialogue events about the old name reach the new one.
        self.aliases: dict[tuple[str, str], str] = {}
        self.orphaned = 0
        #: A resumed fold's facts whose row may differ from the stored one (``None``: every fact's).
        self.changed: set[tuple[str, str]] | None = set() if resume else None

    def input_event(self, item: Input, section: str, entity: str, status: str, message_id: str) -> Event:
        """The event an input adds to one fact, at the input's time."""
        source = "clarification" if item.kind == "resolution" else "review"
        version = CLARIFICATION if item.kind == "resolution" else REVIEW
        return Event(
            message_id, item.created_at, section, entity, status, {}, version, item.created_at, source, item.id
        )

    def resolve_row(self, cid: str, at: int, outcome: str) -> None:
        """Mark an open conflict resolved in the output (only a fold from the start resolves: a
        resumed user has no inputs)."""
        row = self.open.pop(cid).row
        if row is None:
            raise ValueError("a resumed fold cannot resolve a conflict an earlier fold recorded")
        c = self.out.conflicts
        c["status"][row], c["resolved_at"][row], c["resolution"][row] = "resolved", at, outcome

    def retire(self, key: tuple[str, str], ev: Event, extra: dict[str, Any]) -> None:
        """A reviewer retracts a fact extracted in error: the history says so, the current state drops it."""
        fact = self.facts.pop(key)
        fact.attributes = {**fact.attributes, "retracted": True, **extra}
        self._emit(key[0], key[1], "change", fact, ev)
        for cid, conflict in list(self.open.items()):
            if (conflict.section, conflict.entity) == key:
                self.resolve_row(cid, ev.valid_from, "later_stands" if extra else "earlier_stands")

    def _emit(self, section: str, entity: str, change_type: str, fact: Fact, ev: Event) -> None:
        if self.changed is not None:
            self.changed.add((section, entity))
        e = self.out.events
        e["event_id"].append(event_id(fact.fact_id, ev.ref or ev.message_id, ev.extractor_version))
        e["fact_id"].append(fact.fact_id)
        e["user_id"].append(self.user_id)
        e["section"].append(section)
        e["entity"].append(entity)
        e["change_type"].append(change_type)
        e["status"].append(fact.status)
        e["attributes"].append(orjson.dumps(fact.attributes, option=orjson.OPT_SORT_KEYS).decode())
        e["valid_from"].append(ev.valid_from)
        e["recorded_at"].append(ev.recorded_at)
        e["source_message_id"].append(ev.message_id)
        e["extractor_version"].append(ev.extractor_version)
        e["source"].append(ev.source)
        e["source_ref"].append(ev.ref)

    def _conflict(
        self,
        fact: Fact,
        section: str,
        entity: str,
        ev: Event,
        reason: str,
        *,
        earlier: tuple[str, str, int] | None = None,
    ) -> None:
        """Record that ``ev`` contradicts ``fact``; ``earlier`` (status, message, time) defaults to the fact's."""
        cid = conflict_id(self.user_id, fact.fact_id, ev.message_id)
        if cid in self.open:
            return
        if self.changed is not None:  # its confidence halves
            self.changed.add((section, entity))
        earlier_status, earlier_message, earlier_time = earlier or (
            fact.status,
            fact.source_message_id,
            fact.valid_from,
        )
        c = self.out.conflicts
        self.open[cid] = OpenConflict(
            len(c["conflict_id"]), section, entity, earlier_status, earlier_message, ev.status, ev.entity, ev.message_id
        )
        c["conflict_id"].append(cid)
        c["status"].append("open")
        c["resolved_at"].append(None)
        c["resolution"].append(None)
        c["earlier_status"].append(earlier_status)
        c["later_status"].append(ev.status)
        c["later_entity"].append(ev.entity)
        c["earlier_valid_from"].append(earlier_time)
        c["later_valid_from"].append(ev.valid_from)
        c["user_id"].append(self.user_id)
        c["section"].append(section)
        c["entity"].append(entity)
        c["fact_id"].append(fact.fact_id)
        c["source_message_id"].append(earlier_message)
        c["conflicting_message_id"].append(ev.message_id)
        c["detected_at"].append(ev.recorded_at)
        c["reason"].append(reason)

    def _set(
        self,
        section: str,
        entity: str,
        status: str,
        attributes: dict[str, Any],
        ev: Event,
        *,
        inferred: bool = False,
        ruled_out: bool = False,
    ) -> None:
        """Apply one dialogue event to one fact and record it with its change type. ``ruled_out``:
        the message names a new illness, so a diagnosis it denies was ruled out, not ended."""
        prior = self.facts.get((section, entity))
        if (
            prior is not None
            and status == CONFIRMED_ABSENT
            and prior.status == PRESENT_STATUS[section]
            and section in SPECIFIC_DENIAL_ENDS
            and not (ruled_out and section == RULED_OUT_SECTION)
        ):
            status = SPECIFIC_DENIAL_ENDS[section]
        merged = attributes if prior is None or status == CONFIRMED_ABSENT else _merge(prior.attributes, attributes)
        if prior is not None and prior.status != status:
            if prior.settled:  # a clarified or reviewed state: ask again, never undo it silently
                self._conflict(prior, section, entity, ev, f"contradicts the settled state of {entity!r}")
                return
            if section in CRITICAL_SECTIONS and prior.status == CONFIRMED_ABSENT and status == PRESENT_STATUS[section]:
                earlier = (prior.status, prior.source_message_id, prior.valid_from)
                self.apply(section, entity, status, merged, ev, evidence_of(attributes, inferred=inferred))
                self._conflict(
                    prior, section, entity, ev, f"{entity!r} reported again after a specific denial", earlier=earlier
                )
                return
        self.apply(section, entity, status, merged, ev, evidence_of(attributes, inferred=inferred))

    def apply(
        self, section: str, entity: str, status: str, attributes: dict[str, Any], ev: Event, evidence: str
    ) -> Fact:
        """Set one fact's state to exactly ``status`` / ``attributes`` and record the event."""
        key = (section, entity)
        prior = self.facts.get(key)
        if prior is None:
            fact = Fact(
                fact_id(self.user_id, section, entity),
                status,
                attributes,
                ev.valid_from,
                ev.valid_from,
                ev.valid_from,
                ev.message_id,
                evidence,
                settled=ev.source != "dialogue",
            )
            self.facts[key] = fact
            change = "negation" if status == CONFIRMED_ABSENT else "first_mention"
            self._emit(section, entity, change, fact, ev)
            return fact
        if status == prior.status and not _state_changed(prior.attributes, attributes):
            change = "confirmation"
            if ev.source == "dialogue":
                prior.confirmations += 1
        else:
            change = "negation" if status == CONFIRMED_ABSENT else "change"
            prior.valid_from = ev.valid_from
            prior.source_message_id = ev.message_id
        if ev.source != "dialogue":
            prior.evidence, prior.confirmations, prior.settled = evidence, 0, True
            prior.source_message_id = ev.message_id
        elif change != "confirmation":
            prior.evidence, prior.confirmations = evidence, 0
        prior.status = status
        prior.attributes = attributes
        prior.last_seen = max(prior.last_seen, ev.valid_from)
        self._emit(section, entity, change, prior, ev)
        return prior

    def apply_message(self, events: list[Event]) -> None:
        """Apply all events of one message: specific facts first, then section-wide denials.

        An event about the fact last discussed (``^``) or about a class of medicines
        ("finished the antibiotics") is resolved against the state before this message, never
        to a fact the message names itself ("всё прошло, и кашель и температура" ends what was
        discussed before them), or dropped (:mod:`anamnesis.facts.anaphora`,
        :mod:`anamnesis.facts.medicine_classes`).
        """
        named = {(ev.section, ev.entity) for ev in events if held_name(ev.entity) is None}
        started = sorted(e for s, e in named & self._active_in(events))
        events = [
            e
            for ev in events
            for e in (self._refer_back(ev, named, started) if held_name(ev.entity) is not None else [ev])
        ]
        events = [e for ev in events for e in self._part_healed(ev)]
        for ev in events:
            name = self.aliases.get((ev.section, ev.entity), ev.entity)
            longer = self._longer_names(ev.section, name)
            entity = longer[0] if len(longer) == 1 else name  # see _named_before
            ended = ev.status == SPECIFIC_DENIAL_ENDS.get(ev.section) and (ev.section, entity) not in self.facts
            if ended and len(longer) < 2:  # a name fitting several known facts: no guess by codes either
                entity = self._ended_in_other_words(ev.section, entity, named)
            ev.entity = entity
        told = {(ev.section, ev.entity) for ev in events}
        events = [e for ev in events for e in self._with_its_complaints(ev, told)]
        events = _one_per_fact(medicine_classes.with_members(self.facts, events))
        specific = [e for e in events if e.entity != SECTION_WIDE]
        wide = [e for e in events if e.entity == SECTION_WIDE]
        replaced = _names_a_new_illness(self.facts, specific)
        for ev in specific:
            present = PRESENT_STATUS[ev.section]
            absent = self.facts.get((ev.section, SECTION_WIDE))
            ends_absence = ev.status == present and absent is not None and absent.status == CONFIRMED_ABSENT
            if ends_absence and not absent.settled:
                self._set(ev.section, SECTION_WIDE, SUPERSEDED, {}, ev, inferred=True)
            self._set(ev.section, ev.entity, ev.status, ev.attributes, ev, ruled_out=replaced)
            # A settled absence is questioned only by a fact that took effect (one question, not two).
            if ends_absence and absent.settled and self.facts[(ev.section, ev.entity)].status == present:
                self._set(ev.section, SECTION_WIDE, SUPERSEDED, {}, ev, inferred=True)
        for ev in wide:
            self._deny_section(ev, same_message=specific)

    def _named_before(self, section: str, entity: str) -> str:
        """The one known fact a shorter name stands for: "the diabetes" after "type 2 diabetes",
        "贫血好了" after "iron deficiency anemia", "insulin" after "insulin glargine", "спина не
        болит" after "болит поясница"."""
        longer = self._longer_names(section, entity)
        return longer[0] if len(longer) == 1 else entity

    def _longer_names(self, section: str, entity: str) -> list[str]:
        """The known facts ``entity`` may be a shorter name of (see :meth:`_named_before`)."""
        if section not in SHORT_NAME_SECTIONS or entity in (SECTION_WIDE, LAST_DISCUSSED, *_NO_SHORT_NAME):
            return []
        if (section, entity) in self.facts:
            return []
        words = set(entity.split()) - _GENERIC_HEADS.get(section, frozenset())
        if not words:
            return []
        family = _FAMILY_WORDS.get((section, entity))
        if family:
            found = [e for s, e in self.facts if s == section and e != entity and family & set(e.split())]
        else:
            found = [e for s, e in self.facts if s == section and e != SECTION_WIDE and words < set(e.split())]
        # "the ankle's fine" after an ankle sprain and "no ankle fracture": the one the user had
        had = [e for e in found if self.facts[(section, e)].status != CONFIRMED_ABSENT]
        return had if len(found) > 1 and len(had) == 1 else found

    def _ended_in_other_words(self, section: str, entity: str, named: set[tuple[str, str]]) -> str:
        """The one present fact a recovery names in other words: "the tummy ache is gone" after
        "epigastric pain", "живот больше не болит" after "желудок болит", "膝盖不疼了" after "关节疼"
        (:func:`anamnesis.facts.anaphora.ended_by_another_name`); the entity itself when none or
        several are, or the message names that fact itself. Not asked when the name's own words
        already fit several known facts ("the swelling is gone" after two swellings)."""
        facts = {k: f for k, f in self.facts.items() if k not in named and k[1] not in _NO_SHORT_NAME}
        return ended_by_another_name(facts, section, entity, load_terminology().codes_of) or entity

    def _with_its_complaints(self, ev: Event, told: set[tuple[str, str]]) -> list[Event]:
        """A present diagnosis told over, with the complaints first told with it that this message
        does not speak of ("colds long gone" after "a stinking cold, blocked nose and sore throat":
        the nose and throat too; "cold's gone but the cough hangs on" keeps the cough)."""
        if ev.section != "diagnoses" or ev.status != SPECIFIC_DENIAL_ENDS["diagnoses"]:
            return [ev]
        fact = self.facts.get((ev.section, ev.entity))
        if fact is None or fact.status != PRESENT_STATUS["diagnoses"]:
            return [ev]
        complaints = told_with(self.facts, ev.entity, load_terminology().codes_of)
        return [ev, *(replace(ev, section="symptoms", entity=e, attributes={})
                      for e in complaints if ("symptoms", e) not in told)]

    def _part_healed(self, ev: Event) -> list[Event]:
        """ "toe is fine now", "arm fine now", "ankle's settled": a body part's generic injury that
        is over also ends the part's known symptoms ("toe pain", "ankle swelling"); with no injury
        of the part known, it is those symptoms that are over, and no injury is made up; a limb
        told healed while one other injury is present is that one ("рука срослась" after a wrist
        fracture, "нога зажила" after an ankle sprain)."""
        if ev.section != "injuries" or ev.status != "resolved" or not ev.entity.endswith(" injury"):
            return [ev]
        part = ev.entity.removesuffix(" injury") + " "
        present = PRESENT_STATUS["symptoms"]
        symptoms = [
            e for s, e in self.facts if s == "symptoms" and e.startswith(part) and self.facts[(s, e)].status == present
        ]
        ended = [replace(ev, section="symptoms", entity=e, attributes={}) for e in symptoms]
        known = ("injuries", self._named_before("injuries", ev.entity)) in self.facts
        if not known and not symptoms:
            injured = [e for s, e in self.facts if s == "injuries" and e != SECTION_WIDE
                       and self.facts[(s, e)].status == PRESENT_STATUS["injuries"]]
            return [replace(ev, entity=injured[0])] if len(injured) == 1 else [ev]
        return [ev, *ended] if known or not symptoms else ended

    @staticmethod
    def _active_in(events: list[Event]) -> set[tuple[str, str]]:
        """The medications a message gives as taken."""
        return {(ev.section, ev.entity) for ev in events if ev.section == "medications" and ev.status == "active"}

    def _refer_back(self, ev: Event, named: set[tuple[str, str]], started: list[str]) -> list[Event]:
        """Resolve ``^`` (none when nothing fits): a change or stop to the section's fact discussed
        last; a recovery that names nothing ("好了", "all cleared up") to the illness, symptom or
        injury discussed last (on a tie, the one of its own section, else none); a healed body part
        or bone ("脚好了", "骨头长好了") to the injury discussed last, or with no injury known, to the
        illness or symptom discussed last ("膝盖好了" after knee pain); ``^@kind`` to that kind of
        injury of the part the injury discussed last is of ("no fracture" after an ankle sprain). ``^name`` is the fact ``name`` while
        the user holds it ("ALT 33" ends an elevated ALT). ``^*`` is every complaint and illness of
        the episode ("all cleared up" after a UTI with its burning: all three end)."""
        facts = {k: f for k, f in self.facts.items() if k not in named} if named else self.facts
        name = held_name(ev.entity)
        if (kind := injured_part_kind(ev.entity)) is not None:
            # another injury of the part, a fact of its own (known or not): nothing to borrow from
            entity = at_injured_part(facts, kind)
            return [replace(ev, section="injuries", entity=entity)] if entity else []
        if ev.entity == WHOLE_EPISODE:
            found = whole_episode(facts, ev.valid_from, load_terminology().codes_of)
        elif name:
            entity = held(facts, ev.section, self.aliases.get((ev.section, name), name))
            found = [(ev.section, entity)] if entity else []
        elif ev.section in ILLNESS_SECTIONS and ev.status == SPECIFIC_DENIAL_ENDS[ev.section]:
            injury = last_discussed(facts, ev.section) if ev.section == "injuries" else None
            illness = last_illness(facts, ev.section, load_terminology().codes_of)
            found = [("injuries", injury)] if injury else [illness] if illness else []
        elif ev.section == "medications" and ev.status == "stopped" and started:
            # a stop told beside a drug started: the user's drug of its class it replaces
            mates = replaced_by(facts, ev.section, started, load_terminology().codes_of)
            found = [(ev.section, mates[0])] if len(mates) == 1 else []
        else:
            entity = last_discussed(facts, ev.section, ev.attributes.get("dose"))
            found = [(ev.section, entity)] if entity is not None else []
        return [
            replace(ev, section=section, entity=entity,
                    attributes=referring_attributes(ev.attributes, self.facts[(section, entity)]))
            for section, entity in found
        ]

    def _deny_section(self, ev: Event, *, same_message: list[Event]) -> None:
        section = ev.section
        present = PRESENT_STATUS[section]
        stated = [e.entity for e in same_message if e.section == section and e.status == present]
        if stated:
            for entity in stated:
                self._conflict(
                    self.facts[(section, entity)],
                    section,
                    entity,
                    ev,
                    "section-wide denial and a specific fact in the same message",
                )
            return
        still_present = [
            (k, f) for k, f in self.facts.items() if k[0] == section and k[1] != SECTION_WIDE and f.status == present
        ]
        if still_present and (section not in DENIAL_ENDS or any(f.settled for _, f in still_present)):
            for (_, entity), fact in sorted(still_present):
                self._conflict(fact, section, entity, ev, f"section-wide denial while {entity!r} is {present}")
            return
        for (_, entity), _fact in sorted(still_present, key=lambda kv: kv[0]):
            self._set(section, entity, DENIAL_ENDS[section], {}, ev, inferred=True)
        self._set(section, SECTION_WIDE, CONFIRMED_ABSENT, ev.attributes, ev)

    def flush_state(self) -> None:
        """Each fact's state row and evidence (a resumed fold: of the facts it changed)."""
        s = self.out.state
        contested = {
            self.facts[(c.section, c.entity)].fact_id for c in self.open.values() if (c.section, c.entity) in self.facts
        }
        position = {key: i for i, key in enumerate(self.facts)}
        e = self.out.evidence
        for (section, entity), fact in sorted(self.facts.items()):
            if self.changed is not None and (section, entity) not in self.changed:
                continue
            e["user_id"].append(self.user_id)
            e["fact_id"].append(fact.fact_id)
            e["evidence"].append(fact.evidence)
            e["confirmations"].append(fact.confirmations)
            e["position"].append(position[(section, entity)])
            s["confidence"].append(
                confidence(fact.evidence, fact.confirmations, open_conflict=fact.fact_id in contested)
            )
            s["fact_id"].append(fact.fact_id)
            s["user_id"].append(self.user_id)
            s["section"].append(section)
            s["entity"].append(entity)
            s["status"].append(fact.status)
            s["attributes"].append(orjson.dumps(fact.attributes, option=orjson.OPT_SORT_KEYS).decode())
            s["valid_from"].append(fact.valid_from)
            s["first_seen"].append(fact.first_seen)
            s["last_seen"].append(fact.last_seen)
            s["source_message_id"].append(fact.source_message_id)


def fold(
    events: pl.DataFrame,
    *,
    resolutions: pl.DataFrame | None = None,
    corrections: pl.DataFrame | None = None,
    previous_fact_events: pl.DataFrame | None = None,
    previous_conflicts: pl.DataFrame | None = None,
) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    """Return (fact_events, fact_state, conflicts) for all users' events and people's inputs.

    The previous run's tables keep each unchanged row's original ``recorded_at`` /
    ``detected_at``, so re-running over the same events leaves the history unchanged.
    """
    folded = fold_onto(
        events,
        resolutions=resolutions,
        corrections=corrections,
        previous_fact_events=previous_fact_events,
        previous_conflicts=previous_conflicts,
    )
    return folded.fact_events, folded.fact_state, folded.conflicts


def fold_onto(
    events: pl.DataFrame,
    *,
    resume: Mapping[str, Resume] | None = None,
    resolutions: pl.DataFrame | None = None,
    corrections: pl.DataFrame | None = None,
    previous_fact_events: pl.DataFrame | None = None,
    previous_conflicts: pl.DataFrame | None = None,
) -> Folded:
    """:func:`fold`, each user of ``resume`` from the state an earlier fold left (``events`` then
    holds only their later messages' events), with each fact's evidence for the checkpoint.

    A resumed user's output is what their later events add and the state of the facts they
    changed (the stage keeps the user's other rows). The fold is deterministic per user and the state is all it
    carries from one message to the next, so this gives the rows a fold from the start gives.
    """
    out = Output()
    resume = resume or {}
    inputs = inputs_by_user(resolutions, corrections)
    if resumed_with_inputs := resume.keys() & inputs.keys():
        raise ValueError(f"{len(resumed_with_inputs)} resumed users have inputs: they are folded from the start")
    idle = sorted(resume.keys() - set(events["user_id"].unique()))  # resumed, nothing new: their state as it was
    users = merge(messages_by_user(events), ((user_id, iter(())) for user_id in idle), key=itemgetter(0))
    for user_id, messages in users:
        user = _UserFold(user_id, out, resume.get(user_id))
        for step in replay_order(messages, inputs.get(user_id, [])):
            if isinstance(step, Input):
                user.replay(step)
            else:
                user.apply_message(step)
        user.flush_state()
        out.orphaned += user.orphaned
    return out.frames(previous_fact_events, previous_conflicts)
