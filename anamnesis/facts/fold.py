"""Reconciliation: folding validated events into fact histories, in code, deterministically.

Events are grouped per user and replayed in message-time order, so the same set of events
gives the same history whatever order they arrived in. Each event is classified against the
fact's state before it (CONTRACT §3): ``first_mention``, ``confirmation``, ``change`` or
``negation``. Section-wide (``*``) denials follow the rules of the contract: a later specific
fact supersedes them; a denial never cancels an active allergy (a conflict is recorded
instead); for medications and symptoms a denial ends what was active ("I don't take anything
now"); in the other sections it is recorded as a conflict to clarify.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any

import orjson
import polars as pl
import xxhash

from schemas.frames import UTC_TS, Conflicts, FactEvents, FactState, polars_schema
from schemas.sections import CONFIRMED_ABSENT, PRESENT_STATUS, SECTION_WIDE, SUPERSEDED

#: What a section-wide denial does to a specific fact that is still present.
DENIAL_ENDS: dict[str, str] = {"medications": "stopped", "symptoms": "resolved"}
#: Attributes whose new value makes an event a ``change`` rather than a ``confirmation``.
STATE_ATTRIBUTES = ("dose", "frequency", "value", "relation")


def fact_id(user_id: str, section: str, entity: str) -> str:
    """Stable id of one (user, section, entity) fact."""
    return xxhash.xxh3_128_hexdigest(f"{user_id}\x1f{section}\x1f{entity}".encode())


def _event_id(fid: str, message_id: str, extractor_version: str) -> str:
    return xxhash.xxh3_128_hexdigest(f"{fid}\x1f{message_id}\x1f{extractor_version}".encode())


@dataclass(slots=True)
class _Fact:
    fact_id: str
    status: str
    attributes: dict[str, Any]
    valid_from: int
    first_seen: int
    last_seen: int
    source_message_id: str


@dataclass(slots=True)
class _Event:
    message_id: str
    valid_from: int
    section: str
    entity: str
    status: str
    attributes: dict[str, Any]
    extractor_version: str
    recorded_at: int


@dataclass(slots=True)
class _Output:
    events: dict[str, list] = field(default_factory=lambda: {k: [] for k in polars_schema(FactEvents)})
    conflicts: dict[str, list] = field(default_factory=lambda: {k: [] for k in polars_schema(Conflicts)})
    state: dict[str, list] = field(default_factory=lambda: {k: [] for k in polars_schema(FactState)})


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


class _UserFold:
    """The state of one user's facts while their events are replayed."""

    def __init__(self, user_id: str, out: _Output) -> None:
        self.user_id = user_id
        self.out = out
        self.facts: dict[tuple[str, str], _Fact] = {}

    def _emit(self, section: str, entity: str, change_type: str, fact: _Fact, ev: _Event) -> None:
        e = self.out.events
        e["event_id"].append(_event_id(fact.fact_id, ev.message_id, ev.extractor_version))
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

    def _conflict(self, fact: _Fact, section: str, entity: str, ev: _Event, reason: str) -> None:
        c = self.out.conflicts
        c["user_id"].append(self.user_id)
        c["section"].append(section)
        c["entity"].append(entity)
        c["fact_id"].append(fact.fact_id)
        c["source_message_id"].append(fact.source_message_id)
        c["conflicting_message_id"].append(ev.message_id)
        c["detected_at"].append(ev.recorded_at)
        c["reason"].append(reason)

    def _set(self, section: str, entity: str, status: str, attributes: dict[str, Any], ev: _Event) -> None:
        """Apply one event to one fact and record it with its change type."""
        key = (section, entity)
        prior = self.facts.get(key)
        if prior is None:
            fact = _Fact(
                fact_id(self.user_id, section, entity),
                status,
                attributes,
                ev.valid_from,
                ev.valid_from,
                ev.valid_from,
                ev.message_id,
            )
            self.facts[key] = fact
            change = "negation" if status == CONFIRMED_ABSENT else "first_mention"
            self._emit(section, entity, change, fact, ev)
            return
        merged = attributes if status == CONFIRMED_ABSENT else _merge(prior.attributes, attributes)
        if status == prior.status and not _state_changed(prior.attributes, merged):
            change = "confirmation"
        else:
            change = "negation" if status == CONFIRMED_ABSENT else "change"
            prior.valid_from = ev.valid_from
            prior.source_message_id = ev.message_id
        prior.status = status
        prior.attributes = merged
        prior.last_seen = max(prior.last_seen, ev.valid_from)
        self._emit(section, entity, change, prior, ev)

    def apply_message(self, events: list[_Event]) -> None:
        """Apply all events of one message: specific facts first, then section-wide denials."""
        specific = [e for e in events if e.entity != SECTION_WIDE]
        wide = [e for e in events if e.entity == SECTION_WIDE]
        for ev in specific:
            if ev.status == PRESENT_STATUS[ev.section]:
                absent = self.facts.get((ev.section, SECTION_WIDE))
                if absent is not None and absent.status == CONFIRMED_ABSENT:
                    self._set(ev.section, SECTION_WIDE, SUPERSEDED, {}, ev)
            self._set(ev.section, ev.entity, ev.status, ev.attributes, ev)
        for ev in wide:
            self._deny_section(ev, same_message=specific)

    def _deny_section(self, ev: _Event, *, same_message: list[_Event]) -> None:
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
        if still_present and section not in DENIAL_ENDS:
            for (_, entity), fact in sorted(still_present):
                self._conflict(fact, section, entity, ev, f"section-wide denial while {entity!r} is {present}")
            return
        for (_, entity), _fact in sorted(still_present, key=lambda kv: kv[0]):
            self._set(section, entity, DENIAL_ENDS[section], {}, ev)
        self._set(section, SECTION_WIDE, CONFIRMED_ABSENT, ev.attributes, ev)

    def flush_state(self) -> None:
        s = self.out.state
        for (section, entity), fact in sorted(self.facts.items()):
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


def _rows(events: pl.DataFrame) -> Iterator[tuple[str, _Event]]:
    ordered = events.sort(["user_id", "valid_from", "message_id", "section", "entity"])
    for user_id, message_id, valid_from, section, entity, status, attributes, version, recorded in ordered.select(
        "user_id",
        "message_id",
        pl.col("valid_from").dt.epoch("us"),
        "section",
        "entity",
        "status",
        "attributes",
        "extractor_version",
        pl.col("recorded_at").dt.epoch("us"),
    ).iter_rows():
        yield (
            user_id,
            _Event(message_id, valid_from, section, entity, status, orjson.loads(attributes), version, recorded),
        )


def _keep_earliest(frame: pl.DataFrame, previous: pl.DataFrame | None, keys: list[str], col: str) -> pl.DataFrame:
    """Keep the earlier ``col`` of rows already recorded by a previous run."""
    if previous is None or previous.height == 0:
        return frame
    earlier = previous.select(*keys, pl.col(col).alias("_earlier")).unique(keys)
    return (
        frame.join(earlier, on=keys, how="left", maintain_order="left")
        .with_columns(pl.min_horizontal(col, "_earlier").alias(col))
        .drop("_earlier")
    )


def fold(
    events: pl.DataFrame,
    *,
    previous_fact_events: pl.DataFrame | None = None,
    previous_conflicts: pl.DataFrame | None = None,
) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    """Return (fact_events, fact_state, conflicts) for all users' events.

    The previous run's tables keep each unchanged row's original ``recorded_at`` /
    ``detected_at``, so re-running over the same events leaves the history unchanged.
    """
    out = _Output()
    for user_id, user_rows in groupby(_rows(events), key=lambda r: r[0]):
        user = _UserFold(user_id, out)
        for _, message_rows in groupby(user_rows, key=lambda r: (r[1].valid_from, r[1].message_id)):
            user.apply_message([ev for _, ev in message_rows])
        user.flush_state()
    fact_events = _keep_earliest(_frame(out.events, FactEvents), previous_fact_events, ["event_id"], "recorded_at")
    conflicts = _keep_earliest(
        _frame(out.conflicts, Conflicts), previous_conflicts, ["fact_id", "conflicting_message_id"], "detected_at"
    )
    return fact_events, _frame(out.state, FactState), conflicts


def _frame(columns: dict[str, list], model: type) -> pl.DataFrame:
    """The fold's output columns as a frame of ``model``; times travel as microseconds since the
    epoch, which polars takes in far faster than Python datetimes."""
    schema = polars_schema(model)
    raw = {name: pl.Int64() if dtype == UTC_TS else dtype for name, dtype in schema.items()}
    return pl.DataFrame(columns, schema=raw).cast(schema)
