"""The user id as exactly one path segment (CONTRACT §7.1).

Uvicorn hands Starlette the percent-*decoded* path, in which ``/v1/users/a%2Fb/facts`` and
``/v1/users/a/b/facts`` look alike; matching a route against it would need a catch-all user
parameter, and a catch-all lets ``/v1/users/a/b/facts`` read user ``a``. So before routing, the
user segment of the path is put back as the client sent it (still percent-encoded, so it holds
no ``/``) and the rest of the path stays decoded: a route ``/v1/users/{user_id}/facts`` then
matches exactly one segment, and any other number of segments matches no route (404, nothing
read). :func:`decode_user_id` turns the matched segment into the id, decoded exactly once.
"""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import unquote_to_bytes

from fastapi import Depends, HTTPException
from fastapi import Path as PathParam
from starlette.responses import JSONResponse

USERS_PATH = "/v1/users/"


class UserSegmentRouting:
    """ASGI middleware: ``scope["path"]`` keeps the raw user segment of ``/v1/users/<id>/...``."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["path"].startswith(USERS_PATH):
            raw: bytes | None = scope.get("raw_path")
            routed = routed_path(raw) if raw is not None else None
            if routed is None:  # e.g. ``/v1%2Fusers/a/facts``: its segments are not the route's
                await JSONResponse({"detail": "Not Found"}, status_code=404)(scope, receive, send)
                return
            scope = {**scope, "path": routed}
        await self.app(scope, receive, send)


def routed_path(raw_path: bytes) -> str | None:
    """``/v1/users/<raw user segment>/<decoded rest>``, or None if ``raw_path`` is not under it.

    The ``v1`` and ``users`` segments must be exactly that once decoded (``%761`` is ``v1``).
    """
    parts = raw_path.split(b"?", 1)[0].split(b"/", 3)
    if len(parts) != 4 or parts[0] or _decoded(parts[1]) != "v1" or _decoded(parts[2]) != "users":
        return None
    user, slash, rest = parts[3].partition(b"/")
    # latin-1 maps every byte to one character: the segment reaches decode_user_id unchanged.
    return USERS_PATH + user.decode("latin-1") + slash.decode() + _decoded(rest)


def decode_user_id(segment: str) -> str:
    """The user id of a raw path segment as routed by :class:`UserSegmentRouting`.

    Raises ``UnicodeDecodeError`` if the percent-decoded bytes are not UTF-8.
    """
    return unquote_to_bytes(segment.encode("latin-1")).decode("utf-8")


def _decoded(raw: bytes) -> str:
    return unquote_to_bytes(raw).decode("utf-8", "replace")


async def raw_user_id(
    user_id: Annotated[str, PathParam(description="The user's id, percent-encoded as one path segment.")],
) -> str:
    """The user id exactly as the client encoded it (the segment is kept raw by ``UserSegmentRouting``)."""
    try:
        return decode_user_id(user_id)
    except UnicodeDecodeError as exc:
        raise HTTPException(status_code=400, detail="user id is not valid UTF-8") from exc


UserId = Annotated[str, Depends(raw_user_id)]
