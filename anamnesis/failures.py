"""Turning any failure of a command into one line on stderr, with the traceback in a log file.

The line names the cause as a person would look for it (the disk is full, a permission, a
corrupt file and its path, a bad setting and its file) and the way out where there is one;
the whole traceback, Dagster's included, goes to ``<home>/logs/<command>-<time>-<pid>.log``
and the line names that file. A log may quote an id or a path, so ``forget`` redacts these
files like the Dagster instance's (``anamnesis.erasure.forget``).
"""

from __future__ import annotations

import errno
import os
import shutil
import traceback
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

LOG_DIR = "logs"
#: Error logs kept under the home; older ones are removed when a new one is written.
KEEP_LOGS = 50
#: Below this much free space an I/O error is taken for a full disk (SQLite says only "disk I/O error").
NEARLY_FULL_BYTES = 16 * 1024 * 1024
_DISK_FULL = ("no space left on device", "database or disk is full", "errno 28", "os error 28")
_DISK_IO = ("disk i/o error", "input/output error")
_PERMISSION = ("permission denied", "errno 13", "os error 13", "read-only file system")
_CORRUPT = (
    "must end with par1",
    "out of specification",
    "file is not a database",
    "not a valid duckdb",
    "database disk image is malformed",
)


def log_dir(home: Path) -> Path:
    return home / LOG_DIR


def explain(exc: BaseException, home: Path, details: str = "") -> str:
    """The cause of ``exc`` in one line, with the way out where there is one."""
    chain = list(_chain(exc))
    text = " ".join([*(str(e) for e in chain), details]).lower()
    first = _first_line(exc)
    if (
        any(isinstance(e, OSError) and e.errno in (errno.ENOSPC, errno.EDQUOT) for e in chain)
        or any(m in text for m in _DISK_FULL)
        or (any(m in text for m in _DISK_IO) and _nearly_full(home))
    ):
        return (
            f"no space left on device holding {home} ({_free(home)} free): "
            "free some space and run the command again; nothing already stored was lost"
        )
    denied = next((e for e in chain if isinstance(e, PermissionError)), None)
    if denied is not None or any(m in text for m in _PERMISSION):
        where = f" on {denied.filename}" if denied is not None and denied.filename else ""
        return f"permission denied{where}: {first}; give this user write access to {home} and run again"
    if any(m in text for m in _CORRUPT):
        return f"a corrupt file: {first}; move the file named here away and run backfill again to rebuild it"
    return first


def record(home: Path, command: str, exc: BaseException, details: str = "") -> Path | None:
    """Write the traceback (and ``details``) under ``<home>/logs``; None if it cannot be written.

    Nothing is written when the home does not exist: a failure must not create one.
    """
    if not home.is_dir():
        return None
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    path = log_dir(home) / f"{command}-{stamp}-{os.getpid()}.log"
    text = "".join(traceback.format_exception(exc))
    if details:
        text += "\n" + details.rstrip() + "\n"
    try:
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        for old in sorted(path.parent.glob("*.log"), key=lambda p: p.stat().st_mtime_ns)[:-KEEP_LOGS]:
            old.unlink(missing_ok=True)
    except OSError:  # the disk that is full, or a home we may not write to
        return None
    return path


def one_line(exc: BaseException, home: Path, command: str, details: str = "") -> str:
    """``anamnesis: error: <cause> (traceback in <log>)``: what the CLI prints for ``exc``."""
    line = explain(exc, home, details)
    log = record(home, command, exc, details)
    return f"anamnesis: error: {line}" + (f" (traceback in {log})" if log is not None else "")


def _chain(exc: BaseException) -> Iterator[BaseException]:
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def _first_line(exc: BaseException) -> str:
    message = " ".join(str(exc).split())  # one line, whatever the message held
    return message or type(exc).__name__


def _nearly_full(home: Path) -> bool:
    try:
        return shutil.disk_usage(_existing(home)).free < NEARLY_FULL_BYTES
    except OSError:
        return False


def _free(home: Path) -> str:
    try:
        free = shutil.disk_usage(_existing(home)).free
    except OSError:
        return "unknown"
    return f"{free / 1024 / 1024:.1f} MiB" if free >= 1024 * 1024 else f"{free / 1024:.0f} KiB"


def _existing(path: Path) -> Path:
    path = path.absolute()
    while not path.exists() and path != path.parent:
        path = path.parent
    return path
