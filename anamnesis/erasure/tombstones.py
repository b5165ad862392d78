"""Tombstones: the users ``anamnesis forget`` erased, so a later backfill cannot bring them back.

A tombstone is the salted sha256 of a user id, never the id: ``<home>/tombstones.json`` holds a
random salt made for that home and the hashes. The salt keeps the file from confirming a guessed
id with a plain sha256 lookup, and from linking the same person across homes.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from anamnesis.config import Settings
from anamnesis.erasure.ownership import owned_rows
from anamnesis.storage.atomic import atomic_path

FILE_NAME = "tombstones.json"


@dataclass(frozen=True, slots=True)
class Tombstones:
    """The tombstones of one home; ``Tombstones()`` (no salt, no hashes) covers nobody."""

    salt: str = ""
    hashes: frozenset[str] = frozenset()

    def digest(self, user_id: str) -> str:
        return hashlib.sha256(bytes.fromhex(self.salt) + user_id.encode("utf-8")).hexdigest()

    def covers(self, user_id: str) -> bool:
        return bool(self.hashes) and self.digest(user_id) in self.hashes

    def drop(self, frame: pl.DataFrame) -> pl.DataFrame:
        """``frame`` without the rows of tombstoned users (by ``user_id``, or a quarantined ``raw``)."""
        if not self.hashes or frame.is_empty():
            return frame
        return frame.filter(~owned_rows(frame, self.covers))


#: No tombstones: the default where a caller has no home to read them from.
NOBODY = Tombstones()


def tombstones_path(home: Path) -> Path:
    return home / FILE_NAME


def load_tombstones(home: Path) -> Tombstones:
    """The home's tombstones; none when nobody was ever forgotten."""
    path = tombstones_path(home)
    if not path.exists():
        return NOBODY
    data = json.loads(path.read_text(encoding="utf-8"))
    return Tombstones(salt=data["salt"], hashes=frozenset(data["hashes"]))


def add_tombstone(home: Path, user_id: str) -> bool:
    """Record ``user_id`` as erased (atomically); False if it already was."""
    current = load_tombstones(home)
    if current.covers(user_id):
        return False
    salt = current.salt or secrets.token_hex(32)
    updated = Tombstones(salt=salt, hashes=current.hashes | {Tombstones(salt=salt).digest(user_id)})
    with atomic_path(tombstones_path(home)) as tmp:
        tmp.write_text(json.dumps({"salt": updated.salt, "hashes": sorted(updated.hashes)}, indent=1), encoding="utf-8")
    return True


def tombstoned(settings_or_home: Settings | Path | str, user_id: str) -> bool:
    """Whether ``user_id`` was forgotten in this home."""
    home = settings_or_home.home if isinstance(settings_or_home, Settings) else Path(settings_or_home)
    return load_tombstones(home).covers(user_id)
