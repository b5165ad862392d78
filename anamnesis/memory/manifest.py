"""Which digest each memory table was built from, so a build touches only what changed.

Keyed by table name (a hash of the user id), never the id; written atomically, so a crash
leaves the previous manifest and at worst rebuilds a few tables again.
"""

from __future__ import annotations

import json
from pathlib import Path

from anamnesis.storage.atomic import atomic_path


def load_manifest(path: Path) -> dict[str, str]:
    if not path.exists():
        return {}
    return dict(json.loads(path.read_text(encoding="utf-8"))["tables"])


def save_manifest(path: Path, tables: dict[str, str]) -> None:
    with atomic_path(path) as tmp:
        tmp.write_text(json.dumps({"tables": dict(sorted(tables.items()))}), encoding="utf-8")
