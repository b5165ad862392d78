"""One retry policy for every OpenAI-compatible call: the embeddings client uses the backend's."""

from __future__ import annotations

from collections.abc import Iterator

import openai
import pytest

from anamnesis.config import Settings
from anamnesis.embeddings.openai_embedder import OpenAIEmbedder
from anamnesis.openai_retry import RetryPolicy
from tests.loopback_http import JsonHandler, serving


class _Flaky(JsonHandler):
    failures_left = 0
    requests = 0

    def answer(self, body: dict) -> tuple[int, dict, dict[str, str]]:
        type(self).requests += 1
        if type(self).failures_left > 0:
            type(self).failures_left -= 1
            return 429, {"error": {"message": "slow down", "code": "rate_limit"}}, {"Retry-After": "0"}
        data = [{"object": "embedding", "index": i, "embedding": [1.0, 0.0]} for i, _ in enumerate(body["input"])]
        return 200, {"object": "list", "data": data, "model": "m", "usage": {}}, {"Retry-After": "0"}


@pytest.fixture
def server() -> Iterator[str]:
    with serving(_Flaky) as url:
        yield url


def embedder(base_url: str, retries: int) -> OpenAIEmbedder:
    return OpenAIEmbedder(
        Settings(embeddings="openai", embedding_model="m", openai_base_url=base_url, llm_max_retries=retries)
    )


def test_embeddings_follow_the_policy_and_the_server_s_retry_after(server: str):
    _Flaky.failures_left, _Flaky.requests = 2, 0
    assert embedder(server, retries=2).embed(["a", "b"]).shape == (2, 2)
    assert _Flaky.requests == 3  # two 429s, then the answer; the SDK added no attempts of its own

    _Flaky.failures_left, _Flaky.requests = 5, 0
    with pytest.raises(openai.RateLimitError):
        embedder(server, retries=1).embed(["a"])
    assert _Flaky.requests == 2


def test_backoff_grows_and_is_capped():
    policy = RetryPolicy(attempts=5, backoff_s=1.0)
    assert 0.5 <= policy.delay(1) <= 1.5 and 4.0 <= policy.delay(4) <= 12.0
    assert policy.delay(30) == 60.0 and policy.delay(3, server_asked=2.5) == 2.5
