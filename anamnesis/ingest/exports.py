"""Finding export files and the export day each belongs to.

An export day is the partition key of the ingest stage. It is the first ``YYYY-MM-DD`` in the
file's name (``export-2026-03-02.jsonl``), or else the UTC date of the file's modification
time, so nightly drops with any naming still land in a stable partition.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import xxhash

EXPORT_SUFFIXES = (".jsonl", ".jsonl.gz")
_DAY_IN_NAME = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


@dataclass(frozen=True, slots=True)
class ExportFile:
    path: Path
    day: str
    size: int
    mtime_ns: int


def export_day(path: Path, mtime: float) -> str:
    """The partition key of one export file."""
    match = _DAY_IN_NAME.search(path.name)
    if match:
        try:
            return datetime(*map(int, match.groups())).date().isoformat()
        except ValueError:
            pass
    return datetime.fromtimestamp(mtime, UTC).date().isoformat()


def discover(input_dir: Path) -> list[ExportFile]:
    """Every export file under ``input_dir`` (recursively), sorted by day then path.

    Names that look like exports but cannot be read (a broken link, a directory, no permission)
    are listed too, with size -1, so that ingest records them in quarantine instead of
    skipping them silently.
    Raises ``FileNotFoundError`` when the directory does not exist: a typo in ``--input``
    must not look like an empty night.
    """
    if not input_dir.is_dir():
        raise FileNotFoundError(f"input directory {input_dir} does not exist")
    found = []
    for path in input_dir.rglob("*"):
        if not path.name.endswith(EXPORT_SUFFIXES) or path.name.startswith("."):
            continue
        try:
            st = path.stat()
            size, mtime_ns = (st.st_size, st.st_mtime_ns) if path.is_file() else (-1, st.st_mtime_ns)
        except OSError:  # a broken link or a file we may not see: ingest quarantines it with the reason
            size, mtime_ns = -1, 0
        found.append(ExportFile(path.absolute(), export_day(path, mtime_ns / 1e9), size, mtime_ns))
    return sorted(found, key=lambda f: (f.day, str(f.path)))


def by_day(files: list[ExportFile]) -> dict[str, list[ExportFile]]:
    grouped: dict[str, list[ExportFile]] = defaultdict(list)
    for f in files:
        grouped[f.day].append(f)
    return dict(grouped)


def fingerprint(files: list[ExportFile]) -> str:
    """Changes when a file of the day is added, removed, replaced or modified."""
    h = xxhash.xxh3_128()
    for f in sorted(files, key=lambda f: str(f.path)):
        h.update(f"{f.path}\x1f{f.size}\x1f{f.mtime_ns}\x1e".encode())
    return h.hexdigest()
