"""The understanding stage over the lake, one range of users at a time.

Fragments pair a user message with the assistant turn before it in the same session, so all
of a user's messages are read together; the stage goes through ranges of users
(:mod:`anamnesis.storage.batches`) and holds one range's texts at a time. Each range's part of
the store, the events and the rejects is appended to its file, which replaces the old one only
when every range is done, so a crash leaves the previous run's files in place.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

import polars as pl

from anamnesis.measurements.frame import MEASUREMENTS_SCHEMA, measurements_frame
from anamnesis.storage.batches import parquet_appender, user_ranges
from anamnesis.storage.deltas import scan_table
from anamnesis.storage.integrity import scan_rebuildable
from anamnesis.storage.lake import Lake
from anamnesis.storage.shards import ONE_SHARD, Shard
from anamnesis.understanding.backend import Backend
from anamnesis.understanding.fragments import build_fragments
from anamnesis.understanding.llm_context import with_llm_context
from anamnesis.understanding.parallel import FragmentReader
from anamnesis.understanding.run import UNDERSTOOD_SCHEMA, RunCounts, events_frame, rejects_frame, understand_new
from schemas.frames import Events, FactEvents, Messages, Rejects, polars_schema

#: The measurements table's order (the warehouse's), whatever order the store holds fragments in; total
#: (two readings of one message, blood pressure, tie on the rest), so a night's file is a fresh run's.
MEASUREMENTS_ORDER = ["user_id", "valid_from", "source_message_id", "measurement_id"]


@dataclass(slots=True)
class StageCounts:
    run: RunCounts = field(default_factory=RunCounts)
    events: int = 0
    rejects: int = 0
    measurements: int = 0


def understand_lake(
    lake: Lake,
    backend: Backend,
    *,
    now: datetime,
    on_progress: Callable[[int, int], None] | None = None,
    shard: Shard = ONE_SHARD,
    out: Lake | None = None,
) -> StageCounts:
    """Understand the lake's new fragments and write the store, ``events`` and ``rejects``.

    Only the users of ``shard``; written to ``out`` (default: the lake itself).
    """
    out = out or lake
    messages = shard.of(scan_table(lake, "messages", polars_schema(Messages), only=shard.only))
    previous = shard.of(scan_rebuildable(lake, "understood", UNDERSTOOD_SCHEMA, only=shard.only))
    ranges = user_ranges(messages, pl.col("text").str.len_bytes().sum())
    #: A backend that reads earlier turns and known facts says how many turns (``None``: it does not).
    turns: int | None = getattr(backend, "context_turns", None)
    fact_history = scan_rebuildable(lake, "fact_events", polars_schema(FactEvents))
    counts = StageCounts()
    with (
        FragmentReader(backend, large=len(ranges) > 1, processes=shard.count == 1) as reader,
        parquet_appender(out.understood, UNDERSTOOD_SCHEMA) as store_out,
        parquet_appender(out.events, polars_schema(Events)) as events_out,
        parquet_appender(out.rejects, polars_schema(Rejects)) as rejects_out,
        parquet_appender(out.measurements, MEASUREMENTS_SCHEMA) as measurements_out,
    ):
        for users in ranges:
            range_messages = users.of(messages).collect()
            fragments = build_fragments(range_messages)
            if turns is not None:
                history = users.of(fact_history).collect()
                fragments = with_llm_context(fragments, range_messages, history, turns=turns)
                del history
            del range_messages
            before = counts.run.read

            def progress(done: int, total: int, before: int = before) -> None:
                if on_progress:
                    on_progress(before + done, before + total)

            store, failures, run = understand_new(
                fragments, users.of(previous).collect(), backend, now=now, reader=reader, on_progress=progress
            )
            events = events_frame(fragments, store, backend)
            rejects = rejects_frame(fragments, store, failures, backend)
            measurements, measurement_rejects = measurements_frame(
                fragments, store, backend.extractor_version("measurements")
            )
            rejects = pl.concat([rejects, measurement_rejects]).sort(["user_id", "message_id"], maintain_order=True)
            store_out(store)
            events_out(events)
            rejects_out(rejects)
            measurements_out(measurements.sort(MEASUREMENTS_ORDER, maintain_order=True))
            counts.measurements += measurements.height
            counts.run.add(run)
            counts.events += events.height
            counts.rejects += rejects.height
    return counts
