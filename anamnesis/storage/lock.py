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
from contextlib import AbstractContextManager, ExitStack, contextmanager
from pathlib import Path


class HomeBusy(OSError):
    """Another backfill or forget holds the home."""


@contextmanager
def _flocked(lock_file: Path, *, wait: bool) -> Iterator[None]:
    """Hold an exclusive ``flock`` on ``lock_file``; without ``wait``, raise ``BlockingIOError`` if taken."""
    lock_file.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lock_file, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        yield
    finally:
        os.close(fd)


@contextmanager
def writer_lock(home: Path) -> Iterator[None]:
    """Hold the home's writer lock; raise :class:`HomeBusy` at once if another writer has it."""
    with ExitStack() as held:
        try:
            held.enter_context(_flocked(home / ".writer.lock", wait=False))
        except BlockingIOError as exc:
            raise HomeBusy(f"another backfill or forget is running on {home}; try again when it has finished") from exc
        yield


def serialized(lock_file: Path) -> AbstractContextManager[None]:
    """Wait for, then hold, an exclusive ``flock`` on ``lock_file``: one process at a time in the block.

    For first-use setup that is not safe to run twice at once, such as the creation of a Dagster
    instance's SQLite tables (two processes creating them together can leave two alembic heads).
    """
    return _flocked(lock_file, wait=True)
