"""Leaving no deleted bytes in a SQLite file: no free page, no WAL frame still holding them."""

from __future__ import annotations

import sqlite3
from pathlib import Path

SQLITE_HEADER = b"SQLite format 3\x00"


def is_sqlite(path: Path) -> bool:
    with open(path, "rb") as fh:
        return fh.read(len(SQLITE_HEADER)) == SQLITE_HEADER


def connect_secure(path: Path) -> sqlite3.Connection:
    """A connection whose deletes and updates overwrite the old content with zeros."""
    con = sqlite3.connect(path, timeout=30.0, isolation_level=None)
    con.execute("PRAGMA secure_delete=ON")
    return con


def scrub(path: Path) -> None:
    """Rebuild the file (VACUUM) and empty its WAL, so rows deleted earlier are gone for good."""
    if not path.exists():
        return
    con = connect_secure(path)
    try:
        con.execute("VACUUM")
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        con.close()
