"""Damaged lake files: what a run rebuilds by itself, and what it can only name.

Every derived file of the lake is recomputed from the ingest partitions on each run, except
three that a stage also *reads back* as its memory of earlier runs: ``understood.parquet``
(what the backend made of each fragment), ``fact_events.parquet`` (for each event's
``recorded_at``) and ``conflicts.parquet`` (each conflict's ``detected_at``). A missing or
corrupt one of those is dropped and rebuilt from the ingest lake (:func:`scan_rebuildable`);
what is lost with it cannot come back: the first-recorded and first-detected times start again
at this run, and the ``openai`` backend asks again for fragments its response cache lacks.

An ingest partition with a missing or corrupt part is ingested again from its export files
(:func:`damaged_days`); if those files are gone too, nothing holds its messages any more and the
run stops with :class:`DamagedLake`, naming the file and the way out.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

import polars as pl
import pyarrow.parquet as pq

from anamnesis.storage.deltas import scan_table
from anamnesis.storage.lake import Lake

log = logging.getLogger(__name__)


class DamagedLake(RuntimeError):
    """A lake file that is missing or corrupt and cannot be rebuilt from what the home holds."""


def parquet_intact(path: Path) -> bool:
    """The file exists and its Parquet footer reads (a truncated or overwritten file's does not)."""
    try:
        pq.read_metadata(path)
    except (OSError, ValueError):  # pyarrow raises ArrowInvalid (a ValueError) or OSError
        return False
    return True


def scan_rebuildable(
    lake: Lake, table: str, schema: dict[str, pl.DataType], *, only: pl.Series | None = None
) -> pl.LazyFrame:
    """A stage's store of earlier runs; empty (and the damaged base dropped) if it is corrupt."""
    path: Path = getattr(lake, table)
    if path.exists() and not parquet_intact(path):
        log.warning("corrupt lake file %s dropped; it is rebuilt from the ingest lake", path)
        path.unlink()
    return scan_table(lake, table, schema, only=only)


def damaged_days(lake: Lake) -> dict[str, Path]:
    """Ingest partitions with a missing or corrupt file: day -> the first such file."""
    base = lake.root / "ingest"
    damaged: dict[str, Path] = {}
    if not base.is_dir():
        return damaged
    for day_dir in sorted(base.glob("day=*")):
        pointer = day_dir / "CURRENT"
        if not pointer.exists():
            continue  # never committed: not a partition (a crash before the switch)
        day = day_dir.name.removeprefix("day=")
        try:
            manifest = json.loads(pointer.read_text(encoding="utf-8"))
            parts = [day_dir / manifest["version"] / n for kind in ("messages", "quarantine") for n in manifest[kind]]
        except (OSError, ValueError, KeyError, TypeError):
            damaged[day] = pointer
            continue
        bad = next((p for p in parts if not parquet_intact(p)), None)
        if bad is not None:
            damaged[day] = bad
    return damaged


def require_intact_partitions(lake: Lake, input_dir: Path) -> None:
    """Raise :class:`DamagedLake` for a damaged partition the run could not ingest again."""
    damaged = damaged_days(lake)
    if damaged:
        day, path = next(iter(damaged.items()))
        raise DamagedLake(
            f"lake file {path} is missing or corrupt and export day {day} has no export files in {input_dir}: "
            "put that day's export files back in the input directory and run backfill again"
        )
