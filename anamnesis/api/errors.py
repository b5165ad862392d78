"""The error answers of every ``/v1`` route, for the OpenAPI document (CONTRACT §7.1).

Each is ``{"detail": "..."}``; listing them lets a client (and a fuzzer such as schemathesis)
tell a documented refusal from a fault.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel


class ErrorOut(BaseModel):
    detail: str


_DESCRIPTIONS = {
    400: "A malformed request: a user id that is not UTF-8 once decoded, an unknown section.",
    401: "No token, or not an accepted one; checked before anything else, the body size included.",
    403: "The token is valid but may not use this route.",
    404: "No such route (the user id must be exactly one percent-encoded path segment) or no such fact.",
    413: "A request body over 64 KiB.",
}


def error_responses(*codes: int) -> dict[int | str, dict[str, Any]]:
    """``responses=`` for a route: each of ``codes`` with its description and body."""
    return {code: {"model": ErrorOut, "description": _DESCRIPTIONS[code]} for code in codes}


#: Every ``/v1`` route may answer these.
V1_ERRORS = error_responses(400, 401, 403, 404, 413)
