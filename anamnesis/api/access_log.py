"""One access line per request, and the request metrics: route template, status, duration.

A plain ASGI middleware (no per-request task or body wrapping). The line names the user by a
digest of the id (:func:`anamnesis.logs.user_digest`), never the id itself, and holds no query
string or body: a ``memories?query=`` or a ``context`` question is medical text.
"""

from __future__ import annotations

import logging
import time
from typing import Any
from urllib.parse import unquote_to_bytes

from anamnesis.api.metrics import ApiMetrics
from anamnesis.logs import user_digest

log = logging.getLogger("anamnesis.access")
USERS_PREFIX = b"/v1/users/"


def _user(raw_path: bytes) -> str | None:
    """The digest of the user id a ``/v1/users/<id>/...`` path names, else None."""
    if not raw_path.startswith(USERS_PREFIX):
        return None
    segment = raw_path[len(USERS_PREFIX):].split(b"?", 1)[0].split(b"/", 1)[0]
    return user_digest(unquote_to_bytes(segment).decode("utf-8", "replace")) if segment else None


class AccessLog:
    """Times each HTTP request; feeds ``metrics`` and writes the access line at INFO."""

    def __init__(self, app: Any, metrics: ApiMetrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500

        async def send_status(message: dict[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, send_status)
        finally:
            seconds = time.perf_counter() - started
            route = getattr(scope.get("route"), "path", None) or "unmatched"
            method = scope["method"]
            self.metrics.observe(route, method, status, seconds)
            if log.isEnabledFor(logging.INFO):
                user = _user(scope.get("raw_path") or scope["path"].encode())
                log.info(
                    "%s %s %d %.1f ms user=%s", method, route, status, seconds * 1000, user or "-",
                    extra={"method": method, "route": route, "status": status,
                           "duration_ms": round(seconds * 1000, 2), "user": user},
                )
