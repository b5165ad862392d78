"""The stamp of what a backfill reads: equal stamps mean a run would do no stage work at all.

A backfill reads the export files (compared day by day by :mod:`pipelines.plan`), the lake (its
ingest parts, its tables, people's inputs), the tombstones, the settings and prompts, and it
writes the warehouse (in the ``views`` layout also its lake snapshot) and the memory manifest.
The stamp hashes the names, sizes and modification times of all of those, the resolved settings
and the package version. A successful run stores the stamp of the home it leaves; the next run
with no new export day and the same stamp has nothing to do. Any write to the home (a review
input, ``forget``, a deleted or damaged file, a changed setting or prompt) changes the stamp,
and the next run works as usual.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import xxhash

from anamnesis.config import Settings
from anamnesis.erasure.tombstones import tombstones_path
from anamnesis.storage.atomic import atomic_path
from anamnesis.storage.snapshots import snapshots_root

STAMP_FILE = "last_backfill.json"
#: Settings that change how a run goes, never what it builds (any shard count builds the same).
HOW_NOT_WHAT = {"shards", "log_format", "progress_interval_s"}


def _files(root: Path | None) -> Iterator[Path]:
    if root is None or not root.exists():
        return
    yield from (p for p in sorted(root.rglob("*")) if p.is_file())


def home_stamp(settings: Settings) -> str:
    """A hash of everything a backfill of ``settings.home`` reads besides the exports."""
    digest = xxhash.xxh3_128()
    try:
        digest.update(version("anamnesis").encode())
    except PackageNotFoundError:  # a source tree that is not installed
        pass
    digest.update(settings.model_dump_json(exclude=HOW_NOT_WHAT).encode())
    home = settings.home
    watched = [home / "config.toml", tombstones_path(home), settings.warehouse_path,
               home / "memory" / "manifest.json"]
    snapshots = _files(snapshots_root(settings.warehouse_path))  # what a views warehouse reads
    for path in [*_files(settings.lake), *_files(settings.prompts_dir), *snapshots, *watched]:
        if path.exists():
            stat = path.stat()
            digest.update(f"{path}\x1f{stat.st_size}\x1f{stat.st_mtime_ns}\x1e".encode())
    return digest.hexdigest()


def stamp_path(settings: Settings) -> Path:
    return settings.dagster_home / STAMP_FILE


def unchanged_since_last_run(settings: Settings) -> bool:
    """The home is as the last successful backfill left it."""
    path = stamp_path(settings)
    if not path.exists():
        return False
    return json.loads(path.read_text(encoding="utf-8")).get("stamp") == home_stamp(settings)


def record_run(settings: Settings) -> None:
    """Store the stamp of the home a successful backfill leaves."""
    with atomic_path(stamp_path(settings)) as tmp:
        tmp.write_text(json.dumps({"stamp": home_stamp(settings)}), encoding="utf-8")
