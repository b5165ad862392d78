"""Where a home's memory lives: ``<home>/memory`` with its shard tables, manifest and vector cache."""

from __future__ import annotations

from pathlib import Path

CACHE_FILE = "embeddings.sqlite"
MANIFEST_FILE = "manifest.json"
TABLES_DIR = "tables"


def memory_dir(home: Path) -> Path:
    """Where the memory of a home lives: ``<home>/memory``."""
    return home / "memory"
