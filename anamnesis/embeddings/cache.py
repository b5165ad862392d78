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
        """Make each user (by ``user_key``) own exactly the given text hashes, nothing else.

        Only what changed is written (a night's users mostly own what they owned), and a vector
        one of them owned before and no one owns now is deleted: a build that rewrites some users
        looks at their rows only, never at the whole cache (:meth:`prune`).
        """
        rows = {(key, embedder, h) for key, hashes in owned.items() for h in hashes}
        with self._lock:
            self._db.execute("BEGIN")
            self._replace_owners(list(owned), rows)
            self._db.execute("COMMIT")

    def drop_owners(self, user_keys: Iterable[str]) -> int:
        """Remove these users' ownership, and every vector they left without an owner, for good."""
        with self._lock:
            self._db.execute("BEGIN")
            dropped = self._replace_owners(list(user_keys), set())
            self._db.execute("COMMIT")
            if dropped:
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return dropped

    def _replace_owners(self, keys: list[str], rows: set[tuple[str, str, str]]) -> int:
        """Within a transaction: make ``rows`` (user key, embedder, text hash) the owner rows of
        ``keys``, deleting and inserting only the difference, and delete the vectors a deleted row
        was the last owner of; the number of rows deleted."""
        before: set[tuple[str, str, str]] = set()
        for chunk in _chunks(keys):
            marks = ",".join("?" * len(chunk))
            query = f"SELECT user_key, embedder, text_hash FROM owners WHERE user_key IN ({marks})"
            before.update(self._db.execute(query, chunk))
        gone = sorted(before - rows)
        self._db.executemany("DELETE FROM owners WHERE user_key = ? AND embedder = ? AND text_hash = ?", gone)
        self._db.executemany("INSERT INTO owners VALUES (?, ?, ?)", sorted(rows - before))
        released = sorted({(embedder, h) for _key, embedder, h in gone})
        self._db.executemany(
            f"DELETE FROM vectors AS v WHERE v.embedder = ? AND v.text_hash = ? AND {_ORPHANS}", released
        )
        return len(gone)

    def prune(self) -> int:
        """Delete every vector no user owns (a full build's sweep, and ``forget``'s: also those a
        build that crashed between caching a vector and recording its owner left behind)."""
        with self._lock:
            return self._db.execute(f"DELETE FROM vectors AS v WHERE {_ORPHANS}").rowcount

    def forget_user(self, user_id: str) -> int:
        """Erase one user's vectors, leaving no copy in free pages or the WAL."""
        dropped = self.drop_owners([user_key(user_id)])
        if self.prune():
            with self._lock:
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return dropped

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> EmbeddingCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
