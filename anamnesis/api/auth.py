"""Bearer tokens, kept only as SHA-256 digests and compared in constant time."""

from __future__ import annotations

import hashlib
import hmac


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
