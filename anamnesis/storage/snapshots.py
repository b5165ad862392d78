"""Lake snapshots for a ``views`` warehouse: hard links that a night's writes leave alone.

Every lake file is replaced by renaming a new file over it (:func:`anamnesis.storage.atomic.atomic_path`),
never written in place. A hard link to a lake file therefore keeps that version's bytes
whatever the lake does next, and costs no copy. A views warehouse reads one such snapshot
directory (``<home>/warehouse.snapshots/<id>/``), so every relation of it shows the same moment
of the lake while a night writes the next one; the warehouse file swap then moves readers to
the next snapshot at once. The previous snapshot is kept for readers still on the previous
file (a request in flight, a data scientist's session), older ones are deleted; ``forget``
keeps none but the new one, so no erased byte stays behind in a link.
"""

from __future__ import annotations

import os
import shutil
import uuid
from datetime import UTC, datetime
from pathlib import Path

#: Snapshots kept after a build: the new one and the one the replaced warehouse file reads.
KEEP = 2


def snapshots_root(warehouse: Path) -> Path:
    """Where the snapshots of the warehouse file ``warehouse`` live (``warehouse.snapshots``)."""
    return warehouse.with_name(warehouse.stem + ".snapshots")


def link_snapshot(files: dict[str, Path], root: Path) -> dict[str, Path]:
    """Hard-link each of ``files`` (name → lake file) into a new snapshot under ``root``.

    Returns name → absolute path of the link. Names sort by creation time.
    """
    snapshot = root / f"{datetime.now(UTC):%Y%m%dT%H%M%S%fZ}-{uuid.uuid4().hex[:8]}"
    snapshot.mkdir(parents=True)
    links = {}
    for name, source in files.items():
        link = snapshot.resolve() / f"{name}.parquet"
        try:
            os.link(source, link)
        except OSError as exc:
            shutil.rmtree(snapshot, ignore_errors=True)
            raise OSError(
                f"warehouse_layout = views hard-links the lake's files into {root}, which failed ({exc}); "
                "keep the home on one local filesystem or use warehouse_layout = copy"
            ) from exc
        links[name] = link
    return links


def prune_snapshots(root: Path, *, keep: int = KEEP) -> int:
    """Delete all but the ``keep`` newest snapshots under ``root``; the number deleted."""
    if not root.exists():
        return 0
    snapshots = sorted(p for p in root.iterdir() if p.is_dir())
    old = snapshots[: max(len(snapshots) - keep, 0)]
    for path in old:
        shutil.rmtree(path)
    if keep == 0:
        shutil.rmtree(root, ignore_errors=True)
    return len(old)
