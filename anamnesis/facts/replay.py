"""Replaying people's inputs in the fold: conflict resolutions and reviewers' corrections.

Both are rows of input relations (:mod:`anamnesis.storage.inputs`), never edits of the history:
each fold replays them at their ``created_at`` among the dialogue's messages, so the same
exports and the same inputs give the same ``fact_events`` whatever was extracted before, and a
re-extraction with another prompt or model keeps them (conflict and fact ids do not depend on the
extractor). An input whose conflict or fact no longer exists (the new extraction does not see
it) changes nothing and is counted as ``orphaned``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import orjson
import polars as pl

from schemas.sections import CONFIRMED_ABSENT, PRESENT_STATUS, SECTION_WIDE, allowed_statuses

if TYPE_CHECKING:
    from anamnesis.facts.fold_tables import Event

#: The ``extractor_version`` of events that people's inputs add.
CLARIFICATION, REVIEW = "clarification", "review"


@dataclass(frozen=True, slots=True)
class Input:
    """One resolution or correction, ready to replay."""

    kind: str  # ``resolution`` | ``correction``
    id: str
    created_at: int  # microseconds since the epoch
    row: dict[str, Any]


def inputs_by_user(resolutions: pl.DataFrame | None, corrections: pl.DataFrame | None) -> dict[str, list[Input]]:
    """Each user's inputs in replay order (time, then id)."""
    by_user: dict[str, list[Input]] = {}
    for kind, frame, id_col in (
        ("resolution", resolutions, "resolution_id"),
        ("correction", corrections, "correction_id"),
    ):
        if frame is None or frame.height == 0:
            continue
        for row in frame.with_columns(pl.col("created_at").dt.epoch("us").alias("_at")).iter_rows(named=True):
            by_user.setdefault(row["user_id"], []).append(Input(kind, row[id_col], row["_at"], row))
    for items in by_user.values():
        items.sort(key=lambda i: (i.created_at, i.id))
    return by_user


class ReplayMixin:
    """The fold's handling of inputs; mixed into the per-user fold of :mod:`anamnesis.facts.fold`,
    whose ``facts``, ``open``, ``aliases``, ``apply``, ``input_event``, ``resolve_row`` and
    ``retire`` it uses."""

    def replay(self, item: Input) -> None:
        if item.kind == "resolution":
            self._resolve(item)
        else:
            self._correct(item)

    def _resolve(self, item: Input) -> None:
        conflict = self.open.get(item.row["conflict_id"])
        if conflict is None or (conflict.section, conflict.entity) not in self.facts:
            self.orphaned += 1
            return
        earlier = item.row["outcome"] == "earlier_stands"
        status = conflict.earlier_status if earlier else conflict.later_status
        message = conflict.earlier_message_id if earlier else conflict.later_message_id
        evidence = "reviewed" if item.row["source"] == "clinician" else "clarified"
        fact = self.facts[(conflict.section, conflict.entity)]
        ev = self.input_event(item, conflict.section, conflict.entity, status, message)
        attributes = {} if status == CONFIRMED_ABSENT else fact.attributes
        self.apply(conflict.section, conflict.entity, status, attributes, ev, evidence)
        if not earlier and conflict.later_entity == SECTION_WIDE:
            present = PRESENT_STATUS[conflict.section]
            if not any(
                k[0] == conflict.section and k[1] != SECTION_WIDE and f.status == present for k, f in self.facts.items()
            ):
                wide = self.input_event(item, conflict.section, SECTION_WIDE, CONFIRMED_ABSENT, message)
                self.apply(conflict.section, SECTION_WIDE, CONFIRMED_ABSENT, {}, wide, evidence)
        # One clarification answers every open question about the same fact.
        for cid, other in list(self.open.items()):
            if (other.section, other.entity) == (conflict.section, conflict.entity):
                self.resolve_row(cid, item.created_at, item.row["outcome"])

    def _correct(self, item: Input) -> None:
        key = next((k for k, f in self.facts.items() if f.fact_id == item.row["fact_id"]), None)
        change: dict[str, Any] = orjson.loads(item.row["change"])
        if key is None:
            self.orphaned += 1
            return
        section, entity = key
        fact = self.facts[key]
        if change.get("retract"):
            self.retire(key, self.input_event(item, section, entity, fact.status, fact.source_message_id), {})
            return
        new_entity = (change.get("entity") or entity).strip().lower()
        status = change.get("status") or fact.status
        if status not in allowed_statuses(section, new_entity):
            self.orphaned += 1
            return
        attributes = {**fact.attributes, **(change.get("attributes") or {})}
        attributes = {k: v for k, v in attributes.items() if v is not None}
        if new_entity != entity:
            attributes.pop("codes", None)  # the old name's codes; the terminology adds the new one's on read
            old = self.input_event(item, section, entity, fact.status, fact.source_message_id)
            self.retire(key, old, {"corrected_to": new_entity})
            self.aliases[key] = new_entity
            for alias, target in list(self.aliases.items()):
                if target == entity and alias[0] == section:
                    self.aliases[alias] = new_entity
        ev = self.input_event(item, section, new_entity, status, fact.source_message_id)
        moved = self.apply(section, new_entity, status, attributes, ev, "reviewed")
        if new_entity != entity:
            moved.first_seen = min(moved.first_seen, fact.first_seen)
            moved.last_seen = max(moved.last_seen, fact.last_seen)


def replay_order(messages: Iterator[tuple[tuple[int, str], list[Event]]], inputs: list[Input]) -> Iterator[Any]:
    """The dialogue's messages and the inputs merged by time; a message comes before an input at the same time."""
    pending = iter(inputs)
    item = next(pending, None)
    for (valid_from, _), events in messages:
        while item is not None and item.created_at < valid_from:
            yield item
            item = next(pending, None)
        yield events
    while item is not None:
        yield item
        item = next(pending, None)
