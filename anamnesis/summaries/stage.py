"""The summaries stage over the lake: ``session_summaries.parquet``, one range of users at a time.

Recomputed from the messages, the reconciled ``fact_events`` and the measurements each run
(the rules take milliseconds; the LLM's answers come from its cache unless a span changed), so
a forgotten user, a corrected fact or a re-extraction reaches the summaries with no extra step.
After a night only the users the fold redid are summarised again; the others' rows are kept.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import polars as pl
import xxhash

from anamnesis.measurements.frame import MEASUREMENTS_SCHEMA
from anamnesis.storage.batches import parquet_appender, user_ranges
from anamnesis.storage.deltas import scan_table
from anamnesis.storage.lake import Lake
from anamnesis.storage.shards import ONE_SHARD, Shard
from anamnesis.summaries.spans import SpanFrames, span_frames
from anamnesis.summaries.summarizer import Summarizer
from anamnesis.summaries.text import NOTHING_SAID
from schemas.frames import FactEvents, Messages, SessionSummaries, polars_schema

#: The order of the warehouse table (:data:`anamnesis.storage.warehouse.TABLES`).
ORDER = ["user_id", "valid_from", "session_id", "through_message_id"]
SCHEMA = polars_schema(SessionSummaries)


@dataclass(slots=True)
class SummaryCounts:
    sessions: int = 0
    summaries: int = 0
    #: Summaries that found health content (the others say :data:`NOTHING_SAID`).
    with_content: int = 0


def summary_id(user_id: str, session_id: str, through_message_id: str) -> str:
    """Stable id of one summary: xxh3-128 of the user, the session and the message it runs through."""
    return xxhash.xxh3_128_hexdigest("\x1f".join((user_id, session_id, through_message_id)).encode())


def summaries_frame(spans: SpanFrames, written: list[tuple[str, str]]) -> pl.DataFrame:
    """The rows of ``spans`` with their ``(summary, source)``, in the warehouse's order."""
    points = spans.points
    ids = [summary_id(*key) for key in points.select("user_id", "session_id", "message_id").iter_rows()]
    summary, source = zip(*written, strict=True) if written else ((), ())
    return (
        points.select(
            pl.Series("summary_id", ids, dtype=pl.String),
            "user_id",
            "session_id",
            pl.col("message_id").alias("through_message_id"),
            pl.col("turn").alias("user_turns"),
            pl.Series("summary", summary, dtype=pl.String),
            pl.col("ts").alias("valid_from"),
            pl.Series("source", source, dtype=pl.String),
            spans.fact_ids(),
        )
        .select(list(SCHEMA))
        .cast(SCHEMA)
        .sort(ORDER)
    )


def summarize_lake(
    lake: Lake,
    summarizer: Summarizer,
    *,
    every: int,
    on_progress: Callable[[int, int], None] | None = None,
    shard: Shard = ONE_SHARD,
    out: Lake | None = None,
) -> SummaryCounts:
    """Write the summary of every session's spans (see :mod:`anamnesis.summaries.spans`).

    Only ``shard``'s users are summarised (a night's: :mod:`anamnesis.storage.night`), into
    ``out`` (default: the lake itself).
    """
    messages = shard.of(scan_table(lake, "messages", polars_schema(Messages), only=shard.only))
    fact_events = shard.of(scan_table(lake, "fact_events", polars_schema(FactEvents), only=shard.only))
    measurements = shard.of(scan_table(lake, "measurements", MEASUREMENTS_SCHEMA, only=shard.only))
    ranges = user_ranges(messages, pl.col("text").str.len_bytes().sum())
    if not summarizer.reads_turns:  # the messages' texts are not even read
        messages = messages.select("user_id", "session_id", "message_id", "role", "ts")
    counts = SummaryCounts()
    with parquet_appender((out or lake).session_summaries, SCHEMA) as append:
        for done, users in enumerate(ranges, start=1):
            spans = span_frames(
                users.of(messages).collect(),
                users.of(fact_events).collect(),
                users.of(measurements).collect(),
                every=every,
            )
            frame = summaries_frame(spans, summarizer.summarize(spans))
            append(frame)
            counts.summaries += frame.height
            counts.sessions += frame.select("user_id", "session_id").n_unique() if frame.height else 0
            counts.with_content += frame.filter(pl.col("summary") != NOTHING_SAID).height
            if on_progress:
                on_progress(done, len(ranges))
    return counts
