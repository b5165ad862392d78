"""Which digest each user's memory rows were built from, so a build touches only what changed.

Keyed by user key (the sha256 of the id), never the id, and stamped with the table layout: a
manifest of another layout is no manifest. Written atomically, so a crash leaves the previous
manifest and at worst rebuilds a few users again.
"""

from __future__ import annotations

import json
from pathlib import Path

from anamnesis.storage.atomic import atomic_path


def load_manifest(path: Path, layout: str) -> dict[str, str] | None:
    """The digests per user key, or ``None`` when there is no manifest of ``layout``."""
    if not path.exists():
        return None
    stored = json.loads(path.read_text(encoding="utf-8"))
    return dict(stored["users"]) if stored.get("layout") == layout else None


def save_manifest(path: Path, layout: str, users: dict[str, str]) -> None:
    with atomic_path(path) as tmp:
        tmp.write_text(json.dumps({"layout": layout, "users": dict(sorted(users.items()))}), encoding="utf-8")
