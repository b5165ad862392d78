"""Pagination, memory search, /metrics and access logs over real HTTP against a live server."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import duckdb
import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from anamnesis.api.app import create_app
from anamnesis.config import load_settings
from anamnesis.logs import user_digest
from tests.api_server import LiveServer
from tests.conftest import API_TOKEN as TOKEN


@pytest.fixture(scope="module")
def server(sample_home: Path) -> Iterator[LiveServer]:
    with LiveServer(create_app(load_settings(sample_home))) as live:
        yield live


@pytest.fixture
def api(server: LiveServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {TOKEN}"}, timeout=30) as client:
        yield client


def _users(home: Path) -> list[str]:
    con = duckdb.connect(str(home / "warehouse.duckdb"), read_only=True)
    try:
        return [u for (u,) in con.execute("select distinct user_id from facts_current order by 1").fetchall()]
    finally:
        con.close()


def _walk(api: httpx.Client, path: str, field: str, limit: int) -> tuple[list[dict], int]:
    items: list[dict] = []
    cursor: str | None = None
    pages = 0
    while True:
        params: dict[str, object] = {"limit": limit}
        if cursor:
            params["cursor"] = cursor
        body = api.get(path, params=params).json()
        assert len(body[field]) <= limit
        items += body[field]
        pages += 1
        cursor = body["next_cursor"]
        if cursor is None:
            return items, pages
        assert pages < 1000


def test_pagination_walks_every_fact_exactly_once(api: httpx.Client, sample_home: Path) -> None:
    users = _users(sample_home)
    assert len(users) > 40
    walked_any_multi_page = False
    for user in users:
        path = f"/v1/users/{quote(user, safe='')}/facts"
        everything = api.get(path).json()
        assert everything["next_cursor"] is None
        for limit in (1, 3):
            items, pages = _walk(api, path, "facts", limit)
            assert [f["fact_id"] for f in items] == [f["fact_id"] for f in everything["facts"]]
            walked_any_multi_page |= pages > 1
    assert walked_any_multi_page


def test_history_pages_and_bad_cursors(api: httpx.Client) -> None:
    facts = api.get("/v1/users/u-en-06/facts", params={"section": "medications"}).json()["facts"]
    aspirin = next(f for f in facts if f["entity"] == "aspirin")
    path = f"/v1/users/u-en-06/facts/{aspirin['fact_id']}/history"
    everything = api.get(path).json()["events"]
    assert len(everything) >= 2
    items, pages = _walk(api, path, "events", 1)
    assert [e["event_id"] for e in items] == [e["event_id"] for e in everything] and pages == len(everything)
    for cursor in ("not-a-cursor!", "e30", "WzFd"):  # garbage, {} and [1]
        assert api.get(path, params={"cursor": cursor, "limit": 1}).status_code == 400
    assert api.get("/v1/users/u-en-06/facts", params={"limit": 0}).status_code == 422


def test_memory_search_returns_scored_memories_of_that_user_only(api: httpx.Client) -> None:
    own = {f["fact_id"] for f in api.get("/v1/users/u-en-01/facts").json()["facts"]}
    body = api.get("/v1/users/u-en-01/memories", params={"query": "blood pressure pills", "limit": 3}).json()
    assert body["user_id"] == "u-en-01"
    hits = body["memories"]
    # a session summary is a memory too (its id is the summary's); every other hit is one of the user's facts
    assert 1 <= len(hits) <= 3 and {h["fact_id"] for h in hits if h["section"] != "session_summary"} <= own
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)
    assert hits[0]["entity"] in ("hypertension", "nifedipine") and hits[0]["text"]
    other = api.get("/v1/users/u-ru-01/memories", params={"query": "blood pressure pills"}).json()["memories"]
    assert other and not ({h["fact_id"] for h in other} & (own | {h["fact_id"] for h in hits}))
    assert api.get("/v1/users/nobody-at-all/memories", params={"query": "x"}).json()["memories"] == []
    assert api.get("/v1/users/u-en-01/memories").status_code == 422  # query is required
    assert httpx.get(f"{api.base_url}/v1/users/u-en-01/memories", params={"query": "x"}).status_code == 401


def test_metrics_parse_and_carry_no_user_ids(api: httpx.Client, sample_home: Path) -> None:
    for _ in range(3):
        assert api.get("/v1/users/u-en-01/facts").status_code == 200
    api.post("/v1/users/u-zh-01/context", json={"query": "我可以吃布洛芬吗？"})
    text = httpx.get(f"{api.base_url}/metrics").text
    families = {f.name: f for f in text_string_to_metric_families(text)}
    requests = families["anamnesis_http_requests"]
    facts_200 = [s for s in requests.samples if s.name == "anamnesis_http_requests_total"
                 and s.labels["route"].endswith("/facts") and s.labels["status"] == "200"]
    assert facts_200 and facts_200[0].value >= 3
    assert families["anamnesis_http_request_duration_seconds"].type == "histogram"
    cache = {s.labels["result"]: s.value for s in families["anamnesis_facts_cache_lookups"].samples
             if s.name.endswith("_total")}
    assert cache["hit"] >= 3
    generation = families["anamnesis_warehouse_generation_timestamp_seconds"].samples[0].value
    assert generation == pytest.approx((sample_home / "warehouse.duckdb").stat().st_mtime)
    labels = {v for f in families.values() for s in f.samples for v in s.labels.values()}
    for user in _users(sample_home):
        assert not any(user in v for v in labels)


def access_records(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    """Each access record once: pytest also puts its capture handler on the access logger, which
    does not propagate while the log queue runs, so the record reaches that handler twice."""
    return list(dict.fromkeys(r for r in caplog.records if r.name == "anamnesis.access"))


def test_access_log_names_a_digest_never_the_id_or_the_text(
    api: httpx.Client, caplog: pytest.LogCaptureFixture
) -> None:
    question = "Can I take ibuprofen with my pressure pills?"
    with caplog.at_level(logging.INFO, logger="anamnesis.access"):
        api.post("/v1/users/u-en-01/context", json={"query": question})
        api.get("/v1/users/u-en-01/memories", params={"query": question})
        deadline = time.monotonic() + 30  # written by the log queue's thread, a moment later
        while len(lines := access_records(caplog)) < 2:
            assert time.monotonic() < deadline, "the access lines were never written"
            time.sleep(0.02)
    time.sleep(0.2)
    assert len(access_records(caplog)) == 2
    for record in lines:
        text = record.getMessage()
        assert record.user == user_digest("u-en-01") and record.status == 200
        assert "u-en-01" not in text and "ibuprofen" not in text and record.route.startswith("/v1/users/{")
