"""Bearer tokens, kept only as SHA-256 digests and compared in constant time.

:class:`RequireToken` answers 401 to any ``/v1`` request without an accepted token before
anything else looks at it (CONTRACT §7.1): before the body is read or its size checked, and
before routing, so even a path that matches no route reveals nothing to an anonymous client.
:func:`document_bearer` declares that check in the OpenAPI document.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import Depends, FastAPI
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.responses import JSONResponse

#: Paths whose every request needs a token.
PROTECTED_PREFIX = "/v1"
#: The bearer scheme's name in the OpenAPI document (FastAPI's name for an ``HTTPBearer``).
SCHEME = "HTTPBearer"
SCHEME_DESCRIPTION = "A read (ANAMNESIS_API_TOKENS) or reviewer token."


class TokenVerifier:
    """Knows the digests of the accepted tokens; never keeps a token itself."""

    def __init__(self, tokens: tuple[str, ...]) -> None:
        self._digests = tuple(hashlib.sha256(t.encode()).digest() for t in tokens if t)

    def verify(self, authorization: str | None) -> bool:
        """True if the header is ``Bearer <an accepted token>``; compares against every digest."""
        if not authorization or not self._digests:
            return False
        scheme, _, token = authorization.partition(" ")
        if scheme.lower() != "bearer" or not token:
            return False
        presented = hashlib.sha256(token.strip().encode()).digest()
        ok = False
        for digest in self._digests:
            ok |= hmac.compare_digest(presented, digest)
        return ok


class RequireToken:
    """ASGI middleware: 401 (``WWW-Authenticate: Bearer``) to ``/v1`` requests that ``verify`` refuses."""

    def __init__(self, app: Any, verify: Callable[[str | None], bool]) -> None:
        self.app = app
        self.verify = verify

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and _protected(scope["path"]):
            header = next((v for k, v in scope["headers"] if k == b"authorization"), None)
            if not self.verify(header.decode("latin-1") if header is not None else None):
                await unauthorized()(scope, receive, send)
                return
        await self.app(scope, receive, send)


def unauthorized() -> JSONResponse:
    """The one answer to a missing or wrong token: nothing about the request or its user."""
    return JSONResponse({"detail": "unauthorized"}, status_code=401, headers={"WWW-Authenticate": "Bearer"})


def _protected(path: str) -> bool:
    return path == PROTECTED_PREFIX or path.startswith(PROTECTED_PREFIX + "/")


def document_bearer(app: FastAPI) -> None:
    """Declare in ``app``'s OpenAPI document the token :class:`RequireToken` checks: the bearer
    scheme, required by every ``/v1`` operation.

    Declared, not solved per request: a route dependency that checked the token a second time
    cost each request ~30 µs of FastAPI's dependency solving (the middleware's check is the one
    every ``/v1`` request meets, before routing).
    """
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            document = build()
            schemes = document.setdefault("components", {}).setdefault("securitySchemes", {})
            schemes[SCHEME] = {"type": "http", "scheme": "bearer", "description": SCHEME_DESCRIPTION}
            for path, operations in document.get("paths", {}).items():
                if _protected(path):
                    for operation in operations.values():
                        operation.setdefault("security", [{SCHEME: []}])
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


#: The header a review route reads to tell a reviewer's token from a reader's (declared in the
#: document like :func:`document_bearer`'s scheme).
BearerToken = Annotated[
    HTTPAuthorizationCredentials | None, Depends(HTTPBearer(auto_error=False, description=SCHEME_DESCRIPTION))
]
