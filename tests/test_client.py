"""``anamnesis.client`` (sync and async) against a live server: the API tests, through the client."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest

from anamnesis.api.app import create_app
from anamnesis.client import ApiError, AsyncClient, Client
from anamnesis.config import load_settings
from tests.api_server import LiveServer
from tests.conftest import API_TOKEN as TOKEN
from tests.test_api import HOSTILE_IDS


@pytest.fixture(scope="module")
def server(sample_home: Path) -> Iterator[LiveServer]:
    with LiveServer(create_app(load_settings(sample_home))) as live:
        yield live


@pytest.fixture
def client(server: LiveServer) -> Iterator[Client]:
    with Client(server.url, TOKEN) as api:
        yield api


@pytest.fixture
def raw(server: LiveServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {TOKEN}"}, timeout=30) as http:
        yield http


def test_the_client_reads_what_raw_http_reads(client: Client, raw: httpx.Client) -> None:
    for user in ("u-en-01", "u-ru-06", "u-zh-07"):
        assert client.facts(user).model_dump(mode="json") == raw.get(f"/v1/users/{user}/facts").json()
        meds = client.facts(user, section="medications", status="active")
        assert meds.facts and all(f.section == "medications" and f.status == "active" for f in meds.facts)
        for fact in client.facts(user).facts:
            path = f"/v1/users/{user}/facts/{fact.fact_id}/history"
            assert client.history(user, fact.fact_id).model_dump(mode="json") == raw.get(path).json()
    query = "Can I take a cold medicine with pseudoephedrine?"
    via_client = client.context("u-en-01", query, max_tokens=300)
    via_http = raw.post("/v1/users/u-en-01/context", json={"query": query, "max_tokens": 300}).json()
    assert via_client.context == via_http["context"] and via_client.sections == via_http["sections"]
    assert "nifedipine" in via_client.context and any(f.important for f in via_client.facts)
    hits = client.memories("u-en-01", "blood pressure", limit=2)
    assert hits.model_dump(mode="json") == raw.get(
        "/v1/users/u-en-01/memories", params={"query": "blood pressure", "limit": 2}).json()
    assert client.health() == "ok"


def test_pagination_through_the_client_yields_every_fact_once(client: Client) -> None:
    everything = [f.fact_id for f in client.facts("u-en-06").facts]
    assert len(everything) > 2
    assert [f.fact_id for f in client.iter_facts("u-en-06", page_size=1)] == everything
    page = client.facts("u-en-06", limit=2)
    assert len(page.facts) == 2 and page.next_cursor
    assert client.facts("u-en-06", limit=2, cursor=page.next_cursor).facts[0].fact_id == everything[2]


@pytest.mark.parametrize("user", HOSTILE_IDS)
def test_any_user_id_reaches_the_server_exactly(client: Client, raw: httpx.Client, user: str) -> None:
    answer = client.facts(user)
    assert answer.user_id == user and answer.facts == []
    assert raw.get(f"/v1/users/{quote(user, safe='')}/facts").json()["user_id"] == user


def test_errors_raise_api_error_with_status_and_detail(server: LiveServer, client: Client) -> None:
    with Client(server.url, "wrong-token") as stranger, pytest.raises(ApiError) as unauthorized:
        stranger.facts("u-en-01")
    assert unauthorized.value.status == 401 and "nifedipine" not in str(unauthorized.value)
    with pytest.raises(ApiError) as missing:
        client.history("u-en-01", "no-such-fact")
    assert missing.value.status == 404
    with pytest.raises(ApiError) as bad:
        client.facts("u-en-01", section="horoscope")
    assert bad.value.status == 400 and "unknown section" in str(bad.value.detail)


def test_the_async_client_gives_the_same_answers(server: LiveServer, client: Client) -> None:
    async def run() -> tuple[object, ...]:
        async with AsyncClient(server.url, TOKEN) as api:
            facts, context, memories = await asyncio.gather(
                api.facts("u-ru-01"),
                api.context("u-ru-01", "Можно ли мне ибупрофен?", recent_turns=[("assistant", "Как вы?")]),
                api.memories("u-ru-01", "давление"),
            )
            walked = [f.fact_id async for f in api.iter_facts("u-ru-01", page_size=1)]
            with pytest.raises(ApiError):
                await api.history("u-ru-01", "nope")
            return facts, context, memories, walked

    facts, context, memories, walked = asyncio.run(run())
    assert facts == client.facts("u-ru-01")
    assert context == client.context("u-ru-01", "Можно ли мне ибупрофен?", recent_turns=[("assistant", "Как вы?")])
    alone = client.memories("u-ru-01", "давление").memories
    # Embedded in a batch with the concurrent question: the same hits, scores equal up to float noise.
    assert [m.fact_id for m in memories.memories] == [m.fact_id for m in alone]
    assert [m.score for m in memories.memories] == pytest.approx([m.score for m in alone], abs=1e-4)
    assert walked == [f.fact_id for f in client.facts("u-ru-01").facts]
