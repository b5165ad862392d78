"""The one retry policy of every OpenAI-compatible call (chat completions and embeddings).

The SDK's own retries are switched off (``max_retries=0``) wherever a client is made, so there
is exactly one policy: ``llm_max_retries`` further attempts after the first, for timeouts,
connection errors, 408/409/429 and 5xx; the server's ``Retry-After`` when it sends one, else
exponential backoff from ``llm_backoff_s`` with jitter (parallel workers do not retry in lockstep).
"""

from __future__ import annotations

import email.utils
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import openai

from anamnesis.config import Settings

log = logging.getLogger(__name__)
T = TypeVar("T")
#: No wait is longer than this, whatever a server asks.
MAX_DELAY_S = 60.0


def retryable_status(code: int) -> bool:
    """Statuses worth another attempt: the server may answer differently later."""
    return code in (408, 409, 429) or code >= 500


def retry_after(exc: openai.APIStatusError) -> float | None:
    """Seconds the server asked us to wait (``Retry-After`` / ``retry-after-ms``), if any."""
    headers = exc.response.headers
    if (ms := headers.get("retry-after-ms")) is not None:
        try:
            return min(float(ms) / 1000, MAX_DELAY_S)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if value is None:
        return None
    try:
        seconds = float(value)
    except ValueError:
        try:
            seconds = email.utils.parsedate_to_datetime(value).timestamp() - time.time()
        except (TypeError, ValueError):
            return None
    return min(max(seconds, 0.0), MAX_DELAY_S)


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    attempts: int
    backoff_s: float

    @classmethod
    def from_settings(cls, settings: Settings) -> RetryPolicy:
        return cls(attempts=settings.llm_max_retries + 1, backoff_s=settings.llm_backoff_s)

    def delay(self, attempt: int, server_asked: float | None = None) -> float:
        """Seconds to wait after failed attempt number ``attempt`` (1-based)."""
        if server_asked is not None:
            return server_asked
        return min(self.backoff_s * 2 ** (attempt - 1) * random.uniform(0.5, 1.5), MAX_DELAY_S)

    def call(self, fn: Callable[[], T], *, what: str) -> T:
        """``fn()``, tried again on a retryable error; the last error is raised as it was."""
        for attempt in range(1, self.attempts + 1):
            try:
                return fn()
            except openai.APIStatusError as exc:
                if not retryable_status(exc.status_code) or attempt == self.attempts:
                    raise
                wait = self.delay(attempt, retry_after(exc))
            except openai.APIConnectionError:  # includes timeouts
                if attempt == self.attempts:
                    raise
                wait = self.delay(attempt)
            log.debug("%s: attempt %d/%d failed, retrying in %.1fs", what, attempt, self.attempts, wait)
            time.sleep(wait)
        raise AssertionError("unreachable: the last attempt returns or raises")
