"""Why an ``openai`` call failed, in one line that never echoes the server's or the user's text."""

from __future__ import annotations

import socket

import openai
from pydantic import ValidationError

#: HTTP statuses that say the configuration is wrong (key, model, URL), not the fragment.
FATAL_STATUSES = {401: "rejected the API key", 403: "refused access", 404: "has no such model or route"}


class BackendUnavailable(RuntimeError):
    """The server cannot be used at all (unreachable, or it rejects our configuration)."""


class CallFailed(Exception):
    """One call gave no usable answer after every retry; the message is a one-line reason."""


def refused_reason(exc: BaseException) -> str | None:
    """'connection refused' / 'name resolution failed' when the server cannot be reached at all."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, socket.gaierror):
            return "name resolution failed"
        if isinstance(seen, ConnectionRefusedError):
            return "connection refused"
        seen = seen.__cause__ or seen.__context__
    return None


def error_code(exc: openai.APIStatusError) -> str:
    """'HTTP 429: rate_limit_exceeded': the status and the server's error code, not its message."""
    body = exc.body if isinstance(exc.body, dict) else {}
    error = body.get("error", body)
    code = (error.get("code") or error.get("type")) if isinstance(error, dict) else None
    return f"HTTP {exc.status_code}" + (f": {code}" if code else "")


def misfit_reason(exc: ValidationError) -> str:
    """Why an answer was unusable, without echoing its content (which may quote the user)."""
    first = exc.errors(include_input=False, include_url=False)[0]
    if first["type"] in ("json_invalid", "json_type"):
        return "answer is not valid JSON"
    where = ".".join(str(p) for p in first["loc"]) or "answer"
    return f"answer does not fit the response schema ({where}: {first['type']})"
