"""From ingest partitions to the clean message table: duplicates dropped, edits superseded.

A message is identified by (user_id, message_id), so two users can never overwrite each
other's messages. Versions are ordered by arrival (export day, file, line): an identical
re-export changes nothing; a re-export with other content replaces the older version and the
replacement is recorded in ``supersessions``. Users erased by ``anamnesis forget`` (tombstoned)
are dropped here, where every message passes, so re-reading old exports cannot bring them back.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

from anamnesis.tombstones import NOBODY, Tombstones
from schemas.frames import Messages, Quarantine, Supersessions, empty, polars_schema

KEY = ["user_id", "message_id"]
ARRIVAL = ["export_day", "source_file", "line_no"]


def consolidate(message_parts: list[Path], *, tombstones: Tombstones = NOBODY) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Return (messages, supersessions) from all ingest message parts, without tombstoned users."""
    if not message_parts:
        return empty(Messages), empty(Supersessions)
    versions = tombstones.drop(
        pl.scan_parquet(message_parts, schema=polars_schema(Messages))
        .sort(ARRIVAL)
        .unique(subset=[*KEY, "content_hash"], keep="first", maintain_order=True)
        .collect()
    )
    messages = versions.unique(subset=KEY, keep="last", maintain_order=True).sort(["user_id", "ts", "message_id"])
    supersessions = (
        versions.filter(pl.len().over(KEY) > 1)
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
    )
    return messages, supersessions


def collect_quarantine(quarantine_parts: list[Path], *, tombstones: Tombstones = NOBODY) -> pl.DataFrame:
    """Every quarantined line, without those of tombstoned users."""
    if not quarantine_parts:
        return empty(Quarantine)
    frame = pl.read_parquet(quarantine_parts, schema=polars_schema(Quarantine))
    return tombstones.drop(frame).sort(["source_file", "line_no"])
