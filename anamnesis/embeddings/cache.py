"""Persistent cache of embeddings, so each distinct text is embedded once, ever.

A vector is keyed by the embedder's name and the sha256 of the text (the text itself is not
kept). Identical memory texts of many users share one vector; each user whose memory uses it
owns a row of ``owners``, marked with the sha256 of their id (never the id itself), so erasing
a user removes their ownership and every vector no one else still owns.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterable, Mapping
from pathlib import Path

import numpy as np

from anamnesis.erasure.ownership import user_key
from anamnesis.storage.sqlite import open_cache_db

_SCHEMA = """
CREATE TABLE IF NOT EXISTS vectors (
    embedder  TEXT NOT NULL,
    text_hash TEXT NOT NULL,
    vector    BLOB NOT NULL,
    PRIMARY KEY (embedder, text_hash)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS owners (
    user_key  TEXT NOT NULL,
    embedder  TEXT NOT NULL,
    text_hash TEXT NOT NULL,
    PRIMARY KEY (user_key, embedder, text_hash)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS owners_text ON owners (embedder, text_hash);
"""
#: Host parameters per statement, under SQLite's limit.
_CHUNK = 500
#: Page cache of the connection, in KiB. A first build writes ~56,000 ownership rows (two
#: B-trees of 64-character keys) and ~11 MB of vectors, each in one transaction: in SQLite's
#: default 2 MiB cache those spill to the WAL before the commit, which costs a third more CPU.
_CACHE_KIB = 64 * 1024
_ORPHANS = "NOT EXISTS (SELECT 1 FROM owners o WHERE o.embedder = v.embedder AND o.text_hash = v.text_hash)"


def text_hash(text: str) -> str:
    """The only form in which a text reaches the cache."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _chunks(items: list[str]) -> Iterable[list[str]]:
    for start in range(0, len(items), _CHUNK):
        yield items[start : start + _CHUNK]


class EmbeddingCache:
    """A SQLite (WAL) file shared by builds; one locked connection per instance."""

    def __init__(self, path: Path) -> None:
        self._lock = threading.Lock()
        self._db = open_cache_db(path, _SCHEMA)
        self._db.execute(f"PRAGMA cache_size = -{_CACHE_KIB}")

    def get_many(self, embedder: str, hashes: Iterable[str], dim: int) -> dict[str, np.ndarray]:
        """The cached vectors among ``hashes`` (missing ones are simply absent)."""
        found: dict[str, np.ndarray] = {}
        with self._lock:
            for chunk in _chunks(list(hashes)):
                marks = ",".join("?" * len(chunk))
                rows = self._db.execute(
                    f"SELECT text_hash, vector FROM vectors WHERE embedder = ? AND text_hash IN ({marks})",
                    (embedder, *chunk),
                )
                for key, blob in rows:
                    vector = np.frombuffer(blob, dtype=np.float32)
                    if vector.shape[0] == dim:
                        found[key] = vector
        return found

    def put_many(self, embedder: str, vectors: Mapping[str, np.ndarray]) -> None:
        rows = [
            (embedder, key, np.ascontiguousarray(v, dtype=np.float32).tobytes()) for key, v in vectors.items()
        ]
        with self._lock:
            self._db.execute("BEGIN")
            self._db.executemany("INSERT OR REPLACE INTO vectors VALUES (?, ?, ?)", rows)
            self._db.execute("COMMIT")

    def set_owners(self, embedder: str, owned: Mapping[str, Iterable[str]]) -> None:
        """Make each user (by ``user_key``) own exactly the given text hashes, nothing else."""
        with self._lock:
            self._db.execute("BEGIN")
            self._db.executemany("DELETE FROM owners WHERE user_key = ?", ((key,) for key in owned))
            self._db.executemany(
                "INSERT OR IGNORE INTO owners VALUES (?, ?, ?)",
                ((key, embedder, h) for key, hashes in owned.items() for h in hashes),
            )
            self._db.execute("COMMIT")

    def drop_owners(self, user_keys: Iterable[str]) -> int:
        """Remove these users' ownership and every vector left without an owner, for good."""
        keys = list(user_keys)
        with self._lock:
            self._db.execute("BEGIN")
            dropped = 0
            for chunk in _chunks(keys):
                marks = ",".join("?" * len(chunk))
                dropped += self._db.execute(f"DELETE FROM owners WHERE user_key IN ({marks})", chunk).rowcount
            self._db.execute(f"DELETE FROM vectors AS v WHERE {_ORPHANS}")
            self._db.execute("COMMIT")
            if dropped:
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return dropped

    def prune(self) -> int:
        """Delete vectors no user owns any more (texts of facts that changed)."""
        with self._lock:
            return self._db.execute(f"DELETE FROM vectors AS v WHERE {_ORPHANS}").rowcount

    def forget_user(self, user_id: str) -> int:
        """Erase one user's vectors, leaving no copy in free pages or the WAL."""
        return self.drop_owners([user_key(user_id)])

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> EmbeddingCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
