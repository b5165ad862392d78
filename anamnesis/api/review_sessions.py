"""Sign-in for the review page: a reviewer token once per browser session, then a cookie.

The cookie holds a random session id, never the token; the server keeps only its SHA-256 with
the reviewer's name, a CSRF secret and an expiry, in memory (a restart signs everyone out).
The cookie is HttpOnly, SameSite=Strict and has no Max-Age: it ends with the browser session.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from dataclasses import dataclass

COOKIE = "anamnesis_review"
#: A session ends after this long even if the browser stays open.
LIFETIME_S = 12 * 3600
MAX_SESSIONS = 10_000


@dataclass(frozen=True, slots=True)
class Session:
    reviewer: str
    csrf: str
    expires: float


class Sessions:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_digest: dict[bytes, Session] = {}

    @staticmethod
    def _digest(session_id: str) -> bytes:
        return hashlib.sha256(session_id.encode()).digest()

    def open(self, reviewer: str) -> str:
        """A new session for ``reviewer``; returns the id to put in the cookie."""
        session_id = secrets.token_urlsafe(32)
        now = time.monotonic()
        with self._lock:
            self._by_digest = {k: s for k, s in self._by_digest.items() if s.expires > now}
            if len(self._by_digest) >= MAX_SESSIONS:
                self._by_digest.pop(min(self._by_digest, key=lambda k: self._by_digest[k].expires))
            self._by_digest[self._digest(session_id)] = Session(reviewer, secrets.token_urlsafe(24), now + LIFETIME_S)
        return session_id

    def get(self, session_id: str | None) -> Session | None:
        if not session_id:
            return None
        with self._lock:
            session = self._by_digest.get(self._digest(session_id))
        if session is None or session.expires <= time.monotonic():
            return None
        return session

    def close(self, session_id: str | None) -> None:
        if session_id:
            with self._lock:
                self._by_digest.pop(self._digest(session_id), None)

    @staticmethod
    def csrf_ok(session: Session, presented: str | None) -> bool:
        return bool(presented) and hmac.compare_digest(session.csrf.encode(), (presented or "").encode())
