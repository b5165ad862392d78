"""The fold's tables: validated events read in as per-message groups, output columns made frames.

The per-user fold (:mod:`anamnesis.facts.fold`) works on plain Python values: times as
microseconds since the epoch, attributes as dicts. This module is the boundary with polars on
both sides, so that the fold itself holds only the rules of CONTRACT §3.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any

import orjson
import polars as pl

from schemas.frames import UTC_TS, Conflicts, FactEvents, FactState, polars_schema

#: The order events are replayed in: per user, by message time, then message, section, entity.
REPLAY_ORDER = ["user_id", "valid_from", "message_id", "section", "entity"]


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
class Output:
    """The fold's output tables as columns of Python values, appended to row by row."""

    events: dict[str, list] = field(default_factory=lambda: {k: [] for k in polars_schema(FactEvents)})
    conflicts: dict[str, list] = field(default_factory=lambda: {k: [] for k in polars_schema(Conflicts)})
    state: dict[str, list] = field(default_factory=lambda: {k: [] for k in polars_schema(FactState)})
    #: Inputs whose conflict or fact the events no longer hold.
    orphaned: int = 0

    def frames(
        self, previous_fact_events: pl.DataFrame | None, previous_conflicts: pl.DataFrame | None
    ) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
        """(fact_events, fact_state, conflicts); rows a previous run recorded keep their first time."""
        fact_events = _keep_earliest(_frame(self.events, FactEvents), previous_fact_events, "event_id", "recorded_at")
        conflicts = _keep_earliest(_frame(self.conflicts, Conflicts), previous_conflicts, "conflict_id", "detected_at")
        return fact_events, _frame(self.state, FactState), conflicts


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
