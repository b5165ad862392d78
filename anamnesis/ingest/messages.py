"""From ingest partitions to the clean message table: duplicates dropped, edits superseded.

A message is identified by (user_id, message_id), so two users can never overwrite each
other's messages. Versions are ordered by arrival (export day, file, line): an identical
re-export changes nothing; a re-export with other content replaces the older version and the
replacement is recorded in ``supersessions``. Users erased by ``anamnesis forget`` (tombstoned)
are dropped here, where every message passes, so re-reading old exports cannot bring them back.

Every version of a message belongs to one user, so a large lake is consolidated one range of
users at a time (:mod:`anamnesis.storage.batches`): the ingest parts are first split into one
spill file per range, then each range is consolidated from its file; memory holds one part or
one range's texts, never the export's.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from anamnesis.erasure.tombstones import NOBODY, Tombstones
from anamnesis.storage.atomic import spill_directory
from anamnesis.storage.batches import parquet_appender, split_by_range, user_ranges
from anamnesis.storage.lake import Lake
from anamnesis.storage.shards import ONE_SHARD, Shard
from schemas.frames import Messages, Quarantine, Supersessions, empty, polars_schema

KEY = ["user_id", "message_id"]
ARRIVAL = ["export_day", "source_file", "line_no"]


@dataclass(slots=True)
class ConsolidationCounts:
    messages: int = 0
    users: int = 0
    superseded: int = 0


def _scan_parts(message_parts: list[Path]) -> pl.LazyFrame:
    return pl.scan_parquet(message_parts, schema=polars_schema(Messages))


def _consolidate(versions: pl.LazyFrame, tombstones: Tombstones) -> tuple[pl.DataFrame, pl.DataFrame]:
    """(messages, supersessions) of every version in ``versions`` (whole users only)."""
    distinct = tombstones.drop(
        versions.sort(ARRIVAL).unique(subset=[*KEY, "content_hash"], keep="first", maintain_order=True).collect()
    )
    messages = distinct.unique(subset=KEY, keep="last", maintain_order=True).sort(["user_id", "ts", "message_id"])
    supersessions = (
        distinct.filter(pl.len().over(KEY) > 1)
        .with_columns(
            pl.col("content_hash").shift(-1).over(KEY).alias("new_content_hash"),
            pl.col("source_file").shift(-1).over(KEY).alias("new_source_file"),
        )
        .filter(pl.col("new_content_hash").is_not_null())
        .select(
            "user_id",
            "message_id",
            pl.col("content_hash").alias("old_content_hash"),
            "new_content_hash",
            pl.col("source_file").alias("old_source_file"),
            "new_source_file",
        )
        .sort(KEY, maintain_order=True)
    )
    return messages, supersessions


def consolidate(message_parts: list[Path], *, tombstones: Tombstones = NOBODY) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Return (messages, supersessions) from all ingest message parts, in memory, without tombstoned users."""
    if not message_parts:
        return empty(Messages), empty(Supersessions)
    return _consolidate(_scan_parts(message_parts), tombstones)


def consolidate_frame(versions: pl.DataFrame, *, tombstones: Tombstones = NOBODY) -> pl.DataFrame:
    """The clean messages of versions read into memory (``backfill --dry-run`` reads no lake)."""
    return _consolidate(versions.lazy(), tombstones)[0]


def consolidate_lake(
    lake: Lake, *, tombstones: Tombstones = NOBODY, shard: Shard = ONE_SHARD, out: Lake | None = None
) -> ConsolidationCounts:
    """Write ``messages`` and ``supersessions`` from the lake's current ingest parts, a range of users at a time.

    Only the users of ``shard``; written to ``out`` (default: the lake itself).
    """
    parts = lake.partition_files("messages")
    out = out or lake
    counts = ConsolidationCounts()
    with (
        parquet_appender(out.messages, polars_schema(Messages)) as messages_out,
        parquet_appender(out.supersessions, polars_schema(Supersessions)) as supersessions_out,
        spill_directory(out.messages) as spill,
    ):
        ranges = user_ranges(shard.of(_scan_parts(parts)), pl.col("text").str.len_bytes().sum()) if parts else []
        if len(ranges) > 1:
            split = split_by_range(parts, ranges, spill, polars_schema(Messages), rows=shard)
            inputs = [_scan_parts(files) for files in split if files]
        else:
            inputs = [shard.of(_scan_parts(parts))] if parts else []
        for versions in inputs:
            messages, supersessions = _consolidate(versions, tombstones)
            messages_out(messages)
            supersessions_out(supersessions)
            counts.messages += messages.height
            counts.users += messages["user_id"].n_unique()
            counts.superseded += supersessions.height
    return counts


def quarantine_chunks(quarantine_parts: list[Path], *, tombstones: Tombstones = NOBODY) -> Iterator[pl.DataFrame]:
    """Every quarantined line in (source_file, line_no) order, one source file's part at a time.

    A quarantine part is bounded like every ingest batch, and ingest writes each file's lines in
    order, so going through the source files in order, and through each file's parts in order,
    yields the sorted table without holding more than one part: an export that is nothing but
    broken lines is quarantined in bounded memory too.
    """
    if not quarantine_parts:
        return
    located = (
        pl.scan_parquet(quarantine_parts, schema=polars_schema(Quarantine), include_file_paths="part")
        .select("source_file", "part")
        .unique(maintain_order=True)
        .collect()
        .sort("source_file", maintain_order=True)
    )
    for source_file, part in located.iter_rows():
        chunk = pl.scan_parquet(part, schema=polars_schema(Quarantine)).filter(pl.col("source_file") == source_file)
        yield tombstones.drop(chunk.collect()).sort("line_no", maintain_order=True)


def collect_quarantine(quarantine_parts: list[Path], *, tombstones: Tombstones = NOBODY) -> pl.DataFrame:
    """Every quarantined line, without those of tombstoned users, in memory."""
    return pl.concat([empty(Quarantine), *quarantine_chunks(quarantine_parts, tombstones=tombstones)])


def quarantine_lake(lake: Lake, *, tombstones: Tombstones = NOBODY) -> int:
    """Write the lake's ``quarantine`` table from the current ingest parts; return its rows."""
    rows = 0
    with parquet_appender(lake.quarantine, polars_schema(Quarantine)) as out:
        for chunk in quarantine_chunks(lake.partition_files("quarantine"), tombstones=tombstones):
            out(chunk)
            rows += chunk.height
    return rows
