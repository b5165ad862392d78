"""Cursor pagination for every list route (CONTRACT §7.6), one helper for all of them.

A route takes ``page: PageParams`` and calls ``page.apply(items, key)``: ``items`` in the
route's order and ``key`` giving each item's position in that order (a tuple of strings, the
same columns the query orders by). The cursor is the key of the last item returned, so a page
boundary stays put when a rebuild adds or removes items elsewhere: nothing is seen twice and,
of the items present on both reads, nothing is skipped. Without ``limit`` everything is
returned and ``next_cursor`` is null, as before pagination existed.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, TypeVar

import orjson
from fastapi import Depends, HTTPException, Query

T = TypeVar("T")
#: The largest page a client may ask for.
MAX_LIMIT = 1000

Key = tuple[str, ...]


def encode_cursor(key: Key) -> str:
    return base64.urlsafe_b64encode(orjson.dumps(list(key))).decode().rstrip("=")


def decode_cursor(cursor: str) -> Key:
    """The key a cursor holds; 400 for anything this server did not hand out."""
    try:
        value = orjson.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
    except (binascii.Error, ValueError) as exc:
        raise HTTPException(status_code=400, detail="invalid cursor") from exc
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise HTTPException(status_code=400, detail="invalid cursor")
    return tuple(value)


@dataclass(frozen=True, slots=True)
class PageRequest:
    limit: int | None = None
    cursor: str | None = None

    def apply(self, items: Sequence[T], key: Callable[[T], Key]) -> tuple[list[T], str | None]:
        """The page of ``items`` (ordered by ``key``) after the cursor, and the next cursor or None."""
        after = decode_cursor(self.cursor) if self.cursor else None
        rest = [item for item in items if after is None or key(item) > after]
        if self.limit is None or len(rest) <= self.limit:
            return rest, None
        page = rest[: self.limit]
        return page, encode_cursor(key(page[-1]))


def page_request(
    limit: Annotated[int | None, Query(ge=1, le=MAX_LIMIT, description="Items per page (default: all).")] = None,
    cursor: Annotated[str | None, Query(description="`next_cursor` of the previous page.")] = None,
) -> PageRequest:
    return PageRequest(limit=limit, cursor=cursor)


PageParams = Annotated[PageRequest, Depends(page_request)]


def fact_key(fact: dict[str, object]) -> Key:
    """Position of a fact in ``facts`` order (section, then entity; unique per user)."""
    return (str(fact["section"]), str(fact["entity"]))


def event_key(event: dict[str, object]) -> Key:
    """Position of an event in ``history`` order (valid_from, recorded_at, event_id; all UTC ISO)."""
    return (str(event["valid_from"]), str(event["recorded_at"]), str(event["event_id"]))
