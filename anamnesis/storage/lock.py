"""One writer per home: a backfill and a ``forget`` never run on the same home at once.

An advisory ``flock`` on ``<home>/.writer.lock``: released by the kernel when the process
ends, even by ``kill -9``, so a crash never leaves the home locked. The CLI takes it around a
whole backfill or forget; a run launched from ``dagster dev`` (UI, sensor, schedule) takes it
in the job's executor (``pipelines/executor.py``), so every writer excludes every other.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


class HomeBusy(OSError):
    """Another backfill or forget holds the home."""


@contextmanager
def writer_lock(home: Path) -> Iterator[None]:
    """Hold the home's writer lock; raise :class:`HomeBusy` at once if another writer has it."""
    home.mkdir(parents=True, exist_ok=True)
    fd = os.open(home / ".writer.lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError as exc:
            raise HomeBusy(f"another backfill or forget is running on {home}; try again when it has finished") from exc
        yield
    finally:
        os.close(fd)
