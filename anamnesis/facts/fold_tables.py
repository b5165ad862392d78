"""The fold's tables: validated events read in as per-message groups, output columns made frames.

The per-user fold (:mod:`anamnesis.facts.fold`) works on plain Python values: times as
microseconds since the epoch, attributes as dicts. This module is the boundary with polars on
both sides, so that the fold itself holds only the rules of CONTRACT §3. A user's state as an
earlier fold left it (:class:`Resume`) is read back here too, so a night folds only its new
messages onto it (:mod:`anamnesis.facts.checkpoint`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any, NamedTuple

import orjson
import polars as pl

from schemas.frames import UTC_TS, Conflicts, FactEvents, FactState, FoldCheckpoints, polars_schema

#: The fold's own part of its checkpoint (:class:`schemas.frames.FoldCheckpoints`): one row per fact.
EVIDENCE = {
    k: v
    for k, v in polars_schema(FoldCheckpoints).items()
    if k in ("user_id", "fact_id", "evidence", "confirmations", "position")
}
#: The order events are replayed in: per user, by message time, then message, section, entity, and
#: the order the backend proposed them (a message that says one fact twice ends on its last word).
REPLAY_ORDER = ["user_id", "valid_from", "message_id", "section", "entity", "event_index"]


@dataclass(slots=True)
class Event:
    message_id: str
    valid_from: int
    section: str
    entity: str
    status: str
    attributes: dict[str, Any]
    extractor_version: str
    recorded_at: int
    #: ``dialogue``, or ``clarification`` / ``review`` with the input row's id in ``ref``.
    source: str = "dialogue"
    ref: str | None = None


@dataclass(slots=True)
class Fact:
    """One fact's state while a user's events are replayed."""

    fact_id: str
    status: str
    attributes: dict[str, Any]
    valid_from: int
    first_seen: int
    last_seen: int
    source_message_id: str
    #: What the current state rests on, and how often it was confirmed since (for confidence).
    evidence: str = "explicit"
    confirmations: int = 0
    #: Set by a clarification or a review: the dialogue no longer changes it silently.
    settled: bool = False


@dataclass(slots=True)
class OpenConflict:
    """What the fold knows of a conflict still open: both statements, and its output row
    (``None``: recorded by an earlier fold, whose row the stage keeps)."""

    row: int | None
    section: str
    entity: str
    earlier_status: str
    earlier_message_id: str
    later_status: str
    later_entity: str
    later_message_id: str


@dataclass(slots=True)
class Resume:
    """One user's state after an earlier fold's last message: their facts, in the order the fold
    first met them, and their open conflicts. Only a user without people's inputs is resumed (an
    input may apply at any time of the history), so no fact is settled and no name aliased."""

    facts: dict[tuple[str, str], Fact]
    open: dict[str, OpenConflict]


class Folded(NamedTuple):
    """What a fold writes: the three fact tables and each fact's evidence (the checkpoint's part)."""

    fact_events: pl.DataFrame
    fact_state: pl.DataFrame
    conflicts: pl.DataFrame
    evidence: pl.DataFrame


@dataclass(slots=True)
class Output:
    """The fold's output tables as columns of Python values, appended to row by row."""

    events: dict[str, list] = field(default_factory=lambda: {k: [] for k in polars_schema(FactEvents)})
    conflicts: dict[str, list] = field(default_factory=lambda: {k: [] for k in polars_schema(Conflicts)})
    state: dict[str, list] = field(default_factory=lambda: {k: [] for k in polars_schema(FactState)})
    evidence: dict[str, list] = field(default_factory=lambda: {k: [] for k in EVIDENCE})
    #: Inputs whose conflict or fact the events no longer hold.
    orphaned: int = 0

    def frames(self, previous_fact_events: pl.DataFrame | None, previous_conflicts: pl.DataFrame | None) -> Folded:
        """The output as frames; rows a previous run recorded keep their first time."""
        fact_events = _keep_earliest(_frame(self.events, FactEvents), previous_fact_events, "event_id", "recorded_at")
        conflicts = _keep_earliest(_frame(self.conflicts, Conflicts), previous_conflicts, "conflict_id", "detected_at")
        evidence = pl.DataFrame(self.evidence, schema=EVIDENCE)
        return Folded(fact_events, _frame(self.state, FactState), conflicts, evidence)


def messages_by_user(events: pl.DataFrame) -> Iterator[tuple[str, Iterator[tuple[tuple[int, str], list[Event]]]]]:
    """Each user's events as ((valid_from, message_id), events of that message), in replay order."""
    ordered = events.sort(REPLAY_ORDER)
    columns = ordered.select(
        "user_id",
        "message_id",
        pl.col("valid_from").dt.epoch("us"),
        "section",
        "entity",
        "status",
        "attributes",
        "extractor_version",
        pl.col("recorded_at").dt.epoch("us"),
    ).get_columns()
    rows = zip(*(c.to_list() for c in columns), strict=True)
    loads = orjson.loads
    for user_id, user_rows in groupby(rows, key=lambda r: r[0]):
        yield (
            user_id,
            (
                (key, [Event(r[1], r[2], r[3], r[4], r[5], loads(r[6]), r[7], r[8]) for r in message_rows])
                for key, message_rows in groupby(user_rows, key=lambda r: (r[2], r[1]))
            ),
        )


def resumes(fact_state: pl.DataFrame, evidence: pl.DataFrame, conflicts: pl.DataFrame) -> dict[str, Resume]:
    """Each user's :class:`Resume` from what an earlier fold wrote: their ``fact_state`` rows, the
    checkpoint's ``evidence`` rows (one per fact: evidence, confirmations, place in the fold's
    order) and their ``conflicts`` still open."""
    facts = (
        fact_state.join(evidence.select("fact_id", "evidence", "confirmations", "position"), on="fact_id")
        .sort("user_id", "position")
        .select(
            "user_id",
            "section",
            "entity",
            "fact_id",
            "status",
            "attributes",
            *(pl.col(c).dt.epoch("us") for c in ("valid_from", "first_seen", "last_seen")),
            "source_message_id",
            "evidence",
            "confirmations",
        )
    )
    by_user: dict[str, Resume] = {}
    loads = orjson.loads
    for user, section, entity, fid, status, attributes, *times, source, evid, seen in facts.iter_rows():
        fact = Fact(fid, status, loads(attributes), *times, source, evid, seen)
        by_user.setdefault(user, Resume({}, {})).facts[(section, entity)] = fact
    still_open = conflicts.filter(pl.col("status") == "open").select(
        "user_id",
        "conflict_id",
        "section",
        "entity",
        "earlier_status",
        "source_message_id",
        "later_status",
        "later_entity",
        "conflicting_message_id",
    )
    for user, cid, *statements in still_open.iter_rows():
        by_user.setdefault(user, Resume({}, {})).open[cid] = OpenConflict(None, *statements)
    return by_user


def _keep_earliest(frame: pl.DataFrame, previous: pl.DataFrame | None, key: str, col: str) -> pl.DataFrame:
    """Keep the earlier ``col`` of rows already recorded by a previous run."""
    if previous is None or previous.height == 0 or key not in previous.columns:
        return frame
    earlier = previous.select(key, pl.col(col).alias("_earlier")).unique(key)
    return (
        frame.join(earlier, on=key, how="left", maintain_order="left")
        .with_columns(pl.min_horizontal(col, "_earlier").alias(col))
        .drop("_earlier")
    )


def _frame(columns: dict[str, list], model: type) -> pl.DataFrame:
    """The fold's output columns as a frame of ``model``; times travel as microseconds since the
    epoch, which polars takes in far faster than Python datetimes."""
    schema = polars_schema(model)
    raw = {name: pl.Int64() if dtype == UTC_TS else dtype for name, dtype in schema.items()}
    return pl.DataFrame(columns, schema=raw).cast(schema)
