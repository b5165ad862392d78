"""Persistent cache of LLM answers, so unchanged prompts never pay for the same call twice.

An answer is keyed by what determines it (model, prompt version, response schema, the exact
input) and shared by every user who sent the same input. Each user who used an answer owns a
row of it, marked with the sha256 of their id (never the id itself), so ``forget`` removes that
user's rows while answers other users also hold stay theirs.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from pathlib import Path

from anamnesis.erasure.ownership import user_key
from anamnesis.storage.sqlite import open_cache_db

_SCHEMA = """
CREATE TABLE IF NOT EXISTS responses (
    key        TEXT NOT NULL,
    user_key   TEXT NOT NULL,
    response   TEXT NOT NULL,
    created_at REAL NOT NULL,
    PRIMARY KEY (key, user_key)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS responses_user_key ON responses (user_key);
"""


def cache_key(model: str, prompt_version: str, schema_name: str, input_text: str) -> str:
    """sha256 of everything that determines an answer."""
    material = json.dumps([model, prompt_version, schema_name, input_text], ensure_ascii=False)
    return hashlib.sha256(material.encode("utf-8")).hexdigest()


class LLMCache:
    """A SQLite (WAL) cache shared by the backend's worker threads through one locked connection."""

    def __init__(self, path: Path) -> None:
        self._lock = threading.Lock()
        self._db = open_cache_db(path, _SCHEMA)

    def get(self, key: str, user_id: str) -> str | None:
        """The cached answer for ``key``; a hit also records ``user_id`` as one of its owners."""
        owner = user_key(user_id)
        with self._lock:
            row = self._db.execute("SELECT response FROM responses WHERE key = ? LIMIT 1", (key,)).fetchone()
            if row is not None:
                self._db.execute(
                    "INSERT OR IGNORE INTO responses VALUES (?, ?, ?, ?)", (key, owner, row[0], time.time())
                )
        return None if row is None else str(row[0])

    def has(self, key: str) -> bool:
        """Whether an answer for ``key`` is cached (a look that records no owner: the dry run's)."""
        with self._lock:
            return self._db.execute("SELECT 1 FROM responses WHERE key = ? LIMIT 1", (key,)).fetchone() is not None

    def put(self, key: str, user_id: str, response: str) -> None:
        """Store an answer that passed validation; it replaces whatever ``key`` held before."""
        with self._lock:
            self._db.execute("UPDATE responses SET response = ? WHERE key = ?", (response, key))
            self._db.execute(
                "INSERT OR REPLACE INTO responses VALUES (?, ?, ?, ?)",
                (key, user_key(user_id), response, time.time()),
            )

    def forget_user(self, user_id: str) -> int:
        """Delete every row this user owns, leaving no copy in free pages or the WAL."""
        with self._lock:
            cur = self._db.execute("DELETE FROM responses WHERE user_key = ?", (user_key(user_id),))
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return cur.rowcount

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> LLMCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def forget_user(path: Path, user_id: str) -> int:
    """Erase one user's cached answers from the cache file at ``path`` (for ``anamnesis forget``)."""
    if not path.exists():
        return 0
    with LLMCache(path) as cache:
        return cache.forget_user(user_id)
