"""Atomic file writes: a reader sees the old file or the new one, never half of either.

Every file of the lake is written to a temporary name in the same directory, flushed to disk,
then renamed over the target (``os.replace`` is atomic on POSIX).
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import polars as pl

from anamnesis.storage.crashpoints import crash_point

#: A directory where a writer spills what does not fit in memory, named after its temporary file.
SPILL_SUFFIX = ".spill"


@contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """Yield a temporary sibling of ``target``; on success it replaces ``target``."""
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.{uuid.uuid4().hex}.tmp")
    try:
        yield tmp
        with open(tmp, "rb+") as fh:
            os.fsync(fh.fileno())
        if target.suffix == ".parquet":
            crash_point("parquet-rename")
        os.replace(tmp, target)
        dir_fd = os.open(target.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    finally:
        tmp.unlink(missing_ok=True)


@contextmanager
def spill_directory(target: Path) -> Iterator[Path]:
    """Yield a fresh directory next to ``target`` for what a writer of it spills; removed after.

    Named like a temporary of ``target`` (``.<name>.<uuid>.tmp.spill``), so that one a killed
    writer left behind is swept by :func:`sweep_stale_temp`: it may hold message text.
    """
    path = target.with_name(f".{target.name}.{uuid.uuid4().hex}.tmp{SPILL_SUFFIX}")
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def sweep_stale_temp(root: Path) -> int:
    """Delete temporaries a killed writer left behind (``.<name>.<uuid>.tmp``, their WALs and spills).

    Call it only when no other writer runs on the same home: a backfill is the single writer.
    """
    removed = 0
    for pattern in (".*.tmp", ".*.tmp.wal"):
        for path in root.rglob(pattern):
            if path.is_file():
                path.unlink(missing_ok=True)
                removed += 1
    for path in root.rglob(f".*.tmp{SPILL_SUFFIX}"):
        if path.is_dir():
            shutil.rmtree(path, ignore_errors=True)
            removed += 1
    return removed


def write_parquet(frame: pl.DataFrame, target: Path) -> Path:
    """Write ``frame`` to ``target`` atomically (zstd, statistics on)."""
    with atomic_path(target) as tmp:
        frame.write_parquet(tmp, compression="zstd", statistics=True)
    return target


def read_parquet(path: Path, schema: dict[str, pl.DataType]) -> pl.DataFrame:
    """Read a lake file, or an empty frame of ``schema`` when it was never written."""
    if not path.exists():
        return pl.DataFrame(schema=schema)
    return pl.read_parquet(path)
