"""The SQLite files of the home's caches (LLM answers, embeddings): one way to open them.

WAL so readers never block the writer; ``secure_delete`` so a deleted user's rows are
overwritten with zeros, not left in free pages; ``check_same_thread=False`` because each
cache serialises its threads through its own lock.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path


def open_cache_db(path: Path, schema: str) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, timeout=30.0, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA secure_delete=ON")
    db.executescript(schema)
    return db
