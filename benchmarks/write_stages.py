"""Two write-path stages alone, for CPU comparisons of branches on a loaded machine.

    python benchmarks/write_stages.py ingest DATA_DIR LAKE_DIR   # ingest_days() into a fresh lake
    python benchmarks/write_stages.py fold EVENTS_PARQUET         # fold() of a home's events

Run under ``/usr/bin/time`` for the CPU of ingest's worker processes too (BENCHMARKS.md).
"""

from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path

import polars as pl

from anamnesis.erasure.tombstones import NOBODY
from anamnesis.facts.fold import fold
from anamnesis.ingest.days import DayJob, ingest_days
from anamnesis.ingest.exports import by_day, discover


def ingest(data: Path, lake: Path) -> None:
    shutil.rmtree(lake, ignore_errors=True)
    jobs = [DayJob(day, tuple(files)) for day, files in sorted(by_day(discover(data)).items())]
    started = time.perf_counter()
    messages = sum(stats.messages for _, stats in ingest_days(lake, jobs, NOBODY))
    print(f"{messages:,} messages, {time.perf_counter() - started:.2f} s in ingest_days")


def fold_events(path: Path) -> None:
    events = pl.read_parquet(path)
    started = time.process_time()
    fact_events = fold(events)[0]
    print(f"{events.height:,} events -> {fact_events.height:,} fact_events, {time.process_time() - started:.2f} s CPU")


if __name__ == "__main__":
    if sys.argv[1] == "ingest":
        ingest(Path(sys.argv[2]), Path(sys.argv[3]))
    else:
        fold_events(Path(sys.argv[2]))
