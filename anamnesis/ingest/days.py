"""Ingesting whole export days into lake partitions, in parallel when there is enough to read.

Each day is independent (its own partition directory and ``CURRENT`` pointer), so days are
spread over spawned worker processes; a small night stays in-process, where starting workers
would cost more than it saves.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from anamnesis.erasure.tombstones import Tombstones
from anamnesis.ingest.exports import ExportFile, fingerprint
from anamnesis.ingest.parse import IngestStats, read_exports
from anamnesis.storage.lake import Lake

#: Below this many bytes to read, days are read in this process: one process reads about 40 MB of
#: exports a second, and a spawned worker first spends about 1.5 s of CPU importing the stage.
PARALLEL_MIN_BYTES = 256 * 2**20
MAX_WORKERS = 4


@dataclass(frozen=True, slots=True)
class DayJob:
    day: str
    files: tuple[ExportFile, ...]

    @property
    def fingerprint(self) -> str:
        return fingerprint(list(self.files))


def ingest_day(
    lake_root: Path, job: DayJob, tombstones: Tombstones, on_lines: Callable[[int], None] | None = None
) -> IngestStats:
    """Read one day's files into a new version of its partition and switch ``CURRENT`` to it."""
    writer = Lake(lake_root).partition_writer(job.day)
    stats = IngestStats()
    for messages, quarantine, batch in read_exports(
        [f.path for f in job.files], export_day=job.day, on_progress=on_lines
    ):
        writer.add(tombstones.drop(messages), tombstones.drop(quarantine))
        stats.add(batch)
    writer.commit({"fingerprint": job.fingerprint, "files": [str(f.path) for f in job.files], **stats_dict(stats)})
    return stats


def ingest_days(lake_root: Path, jobs: list[DayJob], tombstones: Tombstones) -> Iterator[tuple[str, IngestStats]]:
    """Yield (day, stats) as each day is done; workers are used when the days are large."""
    size = sum(max(f.size, 0) for job in jobs for f in job.files)
    workers = min(os.cpu_count() or 1, MAX_WORKERS, len(jobs))
    if size < PARALLEL_MIN_BYTES or workers < 2:
        for job in jobs:
            yield job.day, ingest_day(lake_root, job, tombstones)
        return
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures = {pool.submit(ingest_day, lake_root, job, tombstones): job.day for job in jobs}
        for future in as_completed(futures):
            yield futures[future], future.result()


def stats_dict(stats: IngestStats) -> dict[str, int]:
    return {
        "files": stats.files,
        "lines_in": stats.lines,
        "messages_out": stats.messages,
        "quarantined_lines": stats.quarantined,
        "blank_lines": stats.blank_lines,
        "bytes_in": stats.bytes,
    }
