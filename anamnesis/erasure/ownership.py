"""Which rows of a lake frame belong to whom: erasure and tombstones ask the same question.

A row with a ``user_id`` belongs to that user. A quarantined line has no trusted columns, only
its ``raw`` text, so it belongs to every user whose id appears in it as a complete JSON string:
the line broke the contract, but it may still hold someone's words.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable

import polars as pl

#: A JSON string literal starting at each quote (a lookahead, so overlapping candidates are all
#: tried: in a broken line the quotes may pair up differently than the writer meant).
_STRING = re.compile(r'(?=("(?:[^"\\]|\\.)*"))', re.DOTALL)

UserTest = Callable[[str], bool]


def user_key(user_id: str) -> str:
    """The only form in which a user id reaches a cache or a table name: its SHA-256."""
    return hashlib.sha256(user_id.encode("utf-8")).hexdigest()


def json_strings(raw: str) -> set[str]:
    """Every decodable JSON string literal in ``raw``, decoded (``"\\u03a9"`` becomes ``Ω``)."""
    found: set[str] = set()
    for match in _STRING.finditer(raw):
        literal = match.group(1)
        try:
            found.add(json.loads(literal))
        except ValueError:  # a bad escape: read it as written
            found.add(literal[1:-1])
    return found


def owned_rows(frame: pl.DataFrame, is_user: UserTest) -> pl.Series:
    """A boolean mask of the rows that belong to a user for whom ``is_user(user_id)`` holds.

    The test runs once per distinct id or raw line, not once per row.
    """
    mask = pl.Series("owned", [False] * frame.height, dtype=pl.Boolean)
    if "user_id" in frame.columns:
        ids = [v for v in frame["user_id"].drop_nulls().unique().to_list() if is_user(v)]
        mask = mask | frame["user_id"].is_in(ids).fill_null(False)
    if "raw" in frame.columns:
        raws = [v for v in frame["raw"].drop_nulls().unique().to_list() if any(map(is_user, json_strings(v)))]
        mask = mask | frame["raw"].is_in(raws).fill_null(False)
    return mask


def judgeable(frame: pl.DataFrame) -> bool:
    """Whether ``owned_rows`` can tell whose rows these are (a ``user_id`` or ``raw`` column)."""
    return "user_id" in frame.columns or "raw" in frame.columns
