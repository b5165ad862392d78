"""What keeps the read API fast without changing its answers: the hot set loaded at start, the
background reload after a backfill, the question batcher, and the context draft."""

from __future__ import annotations

import asyncio
import re
import shutil
import threading
import time
from pathlib import Path

import duckdb
import numpy as np
import polars as pl
import pytest

from anamnesis.api.app import create_app
from anamnesis.api.context import HEADER, Draft, render_fact
from anamnesis.api.memories import Batcher
from anamnesis.api.warehouse_reader import WarehouseReader
from anamnesis.config import load_settings
from anamnesis.facts.queries import current_facts, recent_users_facts
from anamnesis.memory.ranking import _CJK, named_mask, row_terms
from schemas.sections import SECTION_WIDE


def users_by_recency(warehouse: Path) -> list[str]:
    messages = pl.read_database("select user_id, ts from messages", duckdb.connect(str(warehouse), read_only=True))
    latest = messages.group_by("user_id").agg(pl.col("ts").max()).sort(["ts", "user_id"], descending=[True, False])
    return latest["user_id"].to_list()


def test_the_hot_set_query_returns_each_users_facts_as_the_per_user_query(sample_home: Path):
    warehouse = load_settings(sample_home).warehouse_path
    con = duckdb.connect(str(warehouse), read_only=True)
    try:
        everyone = recent_users_facts(con, users=10_000)
        with_facts = {u for (u,) in con.execute("select distinct user_id from fact_state").fetchall()}
        assert set(everyone) == with_facts and len(with_facts) > 20
        for user_id, facts in everyone.items():
            assert facts == current_facts(con, user_id), user_id
        recent = [u for u in users_by_recency(warehouse) if u in with_facts]
        assert list(recent_users_facts(con, users=5)) == recent[:5]
    finally:
        con.close()


def test_the_server_starts_with_the_most_recent_writers_cached(sample_home: Path):
    settings = load_settings(sample_home)
    users = users_by_recency(settings.warehouse_path)

    async def start(prefetch_users: int) -> tuple[list[bool], list[bool]]:
        app = create_app(settings.model_copy(update={"api_prefetch_users": prefetch_users}))
        async with app.router.lifespan_context(app):
            facts = [app.state.reader.cached_facts(u) is not None for u in users]
            tables = [app.state.memories.store.cached_rows(u) is not None for u in users]
        return facts, tables

    facts, tables = asyncio.run(start(3))
    assert facts[:3] == [True] * 3 and not any(facts[3:])
    assert tables[:3] == [True] * 3 and not any(tables[3:])
    facts, tables = asyncio.run(start(0))
    assert not any(facts) and not any(tables)


def test_a_warehouse_replaced_while_serving_is_prefetched_in_the_background(sample_home: Path, tmp_path: Path):
    warehouse = tmp_path / "warehouse.duckdb"
    shutil.copy2(load_settings(sample_home).warehouse_path, warehouse)
    users = users_by_recency(warehouse)
    reader = WarehouseReader(warehouse, prefetch_users=10)
    assert reader.prefetch() and reader.cached_facts(users[1]) is not None
    shutil.copy2(warehouse, tmp_path / "next.duckdb")
    (tmp_path / "next.duckdb").replace(warehouse)  # what a backfill does: a new file renamed over
    reader.facts(users[0])  # the first read of the new file starts the reload
    deadline = time.monotonic() + 60
    while reader.cached_facts(users[1]) is None:
        assert time.monotonic() < deadline, "the new warehouse's hot set was never loaded"
        time.sleep(0.05)
    assert reader.cached_facts(users[1]) == reader.facts(users[1])
    reader.close()


def test_a_view_reads_one_warehouse_file_to_its_end_and_the_next_view_the_new_one(sample_home: Path, tmp_path: Path):
    warehouse = tmp_path / "warehouse.duckdb"
    shutil.copy2(load_settings(sample_home).warehouse_path, warehouse)
    user = users_by_recency(warehouse)[0]
    reader = WarehouseReader(warehouse)
    with reader.view() as view:
        before = view.facts(user)
        assert before
        shutil.copy2(warehouse, tmp_path / "next.duckdb")
        con = duckdb.connect(str(tmp_path / "next.duckdb"))  # the next file: this user erased
        con.execute("delete from fact_state where user_id = ?", [user])
        con.close()
        (tmp_path / "next.duckdb").replace(warehouse)
        reader.refresh()  # the watcher's look: the replaced file stays open for this view
        assert view.facts(user) == before and view.read(lambda cur: cur.execute("select 1").fetchone(), None)
    with reader.view() as view:
        assert view.facts(user) == [] and view.cached_facts(user) == []
    assert reader.facts(user) == []
    reader.close()


def test_memos_are_computed_when_a_warehouse_is_prefetched_and_follow_a_replaced_one(tmp_path: Path):
    from anamnesis.api.warehouse_generation import Memo

    warehouse = tmp_path / "warehouse.duckdb"

    def write(users: list[str]) -> None:
        con = duckdb.connect(str(tmp_path / "next.duckdb"))
        con.execute("create table readings as select unnest(?::varchar[]) as user_id", [users])
        con.close()
        (tmp_path / "next.duckdb").replace(warehouse)

    def by_user(cur: duckdb.DuckDBPyConnection) -> dict[str, list[str]]:
        return {u: [u] for (u,) in cur.execute("select user_id from readings").fetchall()}

    readings = Memo("readings", by_user, {})
    write(["a", "b"])
    reader = WarehouseReader(warehouse, prefetch_memos=(readings,))
    with reader.view() as view:
        assert not view.has_memo(readings)
    reader.prefetch()
    with reader.view() as view:
        assert view.has_memo(readings) and view.memo(readings) == {"a": ["a"], "b": ["b"]}
    write(["b"])  # "a" erased
    with reader.view() as view:  # a new file: its memo is not the old one's
        assert view.memo(readings) == {"b": ["b"]}
    write(["c"])
    reader.refresh()  # opens the new file and prefetches its memos in the background
    deadline = time.monotonic() + 30
    while True:
        with reader.view() as view:
            if view.has_memo(readings):
                assert view.memo(readings) == {"c": ["c"]}
                break
        assert time.monotonic() < deadline, "the new warehouse's memos were never computed"
        time.sleep(0.05)
    reader.close()


def test_token_counts_cached_from_one_warehouse_file_are_gone_with_it(tmp_path: Path):
    """The context block's token-count cache is keyed by fact text: it lives in the file's memo,
    so an erasure (a replaced warehouse) leaves no forgotten user's line in the server's memory."""
    from anamnesis.api.memos import TOKEN_COUNTS

    warehouse = tmp_path / "warehouse.duckdb"

    def write() -> None:
        duckdb.connect(str(tmp_path / "next.duckdb")).close()
        (tmp_path / "next.duckdb").replace(warehouse)

    write()
    reader = WarehouseReader(warehouse)
    with reader.view() as view:
        counts = view.memo(TOKEN_COUNTS)
        counts["Allergies: penicillin (active)"] = 7
        assert view.memo(TOKEN_COUNTS) is counts  # one cache per file, shared by its requests
    write()  # the user is forgotten: a new file
    with reader.view() as view:
        assert view.memo(TOKEN_COUNTS) == {} and view.memo(TOKEN_COUNTS) is not counts
    reader.close()


def test_the_question_batcher_skips_callers_that_gave_up_and_keeps_going():
    started, release = threading.Event(), threading.Event()
    batches: list[list[str]] = []

    def encode(texts: list[str]) -> np.ndarray:
        batches.append(texts)
        started.set()
        release.wait(10)
        return np.array([[float(len(t))] for t in texts], dtype=np.float32)

    batcher = Batcher(encode)
    first = batcher.submit(["a"])
    assert started.wait(10)
    gave_up, waiting = batcher.submit(["bb"]), batcher.submit(["ccc", "dddd"])
    assert gave_up.cancel()
    release.set()
    assert first.result(10).tolist() == [[1.0]]
    assert waiting.result(10).tolist() == [[3.0], [4.0]]
    assert batches == [["a"], ["ccc", "dddd"]]
    assert batcher.submit(["eeeee"]).result(10).tolist() == [[5.0]]


def _fact(fact_id: str, section: str, entity: str, status: str) -> dict:
    return {"fact_id": fact_id, "section": section, "entity": entity, "status": status, "attributes": {},
            "valid_from": "2026-03-02T10:00:00+00:00", "decayed": False}


@pytest.mark.parametrize(("spare", "wants"), [(100, True), (0, False)])
def test_the_vector_search_is_wanted_only_when_a_related_fact_could_still_fit(spare, wants):
    facts = [_fact("f1", "medications", "metformin", "active"), _fact("f2", "lifestyle", "smoking", "active")]
    words = lambda s: len(s.split())  # noqa: E731 - a tokenizer simple enough to count by hand
    needed = words(HEADER) + words(f"\n- IMPORTANT: {render_fact(facts[0])}")
    draft = Draft(facts, ["medications"], max_tokens=needed + spare, count_tokens=words, drug_question=True)
    assert draft.wants_memories is wants
    context = draft.finish([]).context
    assert "metformin" in context and "smoking" not in context


def test_naming_a_fact_matches_the_word_boundary_regex_it_replaced():
    """The mask from each row's terms folded once equals a regex per row and per search."""

    def named(query: str, term: str | None) -> bool:
        term = (term or "").strip().casefold()
        if _CJK.search(term):
            return len(term) >= 2 and term in query
        return len(term) >= 3 and re.search(rf"(?<!\w){re.escape(term)}(?!\w)", query) is not None

    def reference(query: str, entity: str, mention: str | None, hints: set[str]) -> bool:
        folded = query.casefold()
        return entity != SECTION_WIDE and (entity in hints or named(folded, entity) or named(folded, mention))

    rng = np.random.default_rng(0)
    words = ["metformin", "met", "formin", "co-codamol", "a.b", "ибупрофен", "ибу", "二甲双胍", "x_y", "café",
             "Metformin ", " ИБУПРОФЕН", SECTION_WIDE]
    glue = [" ", "", ", ", "_", "-", ".", "1", "é", "\u00a0", "。"]
    for _ in range(4_000):
        query = "".join(str(rng.choice(words)) + str(rng.choice(glue)) for _ in range(rng.integers(1, 5)))
        rows = [(str(rng.choice(words)), None if rng.random() < 0.3 else str(rng.choice(words))) for _ in range(5)]
        hints = {str(w).casefold() for w in rng.choice(words, size=rng.integers(0, 2))}
        mask = named_mask(query, [e for e, _ in rows], [row_terms(e, m) for e, m in rows], hints)
        assert mask.tolist() == [reference(query, e, m, hints) for e, m in rows], (query, rows, hints)


def test_context_requests_leave_the_shared_fact_cache_as_the_warehouse_holds_it(sample_home: Path):
    """The context block reads the cache's own facts (no copy) and remembers their lines: after
    requests of every kind, each cached user's facts are still what the warehouse returns, and
    each remembered line is the fact's line."""
    import httpx

    from anamnesis.api.memos import FACT_LINES
    from tests.conftest import API_TOKEN

    settings = load_settings(sample_home)
    users = users_by_recency(settings.warehouse_path)[:6]
    questions = ["Can I take ibuprofen with my other medicines?", "How is my HbA1c?", "Что с моим давлением?",
                 "我可以吃阿莫西林吗？", "What did we talk about last time?"]

    async def ask() -> tuple[dict[str, list[dict] | None], dict[str, str], list[bytes]]:
        app = create_app(settings.model_copy(update={"api_prefetch_users": 10}))
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            headers = {"Authorization": f"Bearer {API_TOKEN}"}
            async with httpx.AsyncClient(transport=transport, base_url="http://app", headers=headers) as client:
                answers = []
                for _ in range(2):  # the second time from the remembered lines
                    for user in users:
                        for question in questions:
                            response = await client.post(f"/v1/users/{user}/context", json={"query": question})
                            assert response.status_code == 200, response.text
                            answers.append(response.content)
            reader = app.state.reader
            with reader.view() as view:
                lines = dict(view.memo(FACT_LINES))
            return {u: reader.cached_facts(u) for u in users}, lines, answers

    cached, lines, answers = asyncio.run(ask())
    half = len(answers) // 2
    assert answers[:half] == answers[half:]
    con = duckdb.connect(str(settings.warehouse_path), read_only=True)
    try:
        fresh = {u: current_facts(con, u) for u in users}
        # the lines of every prefetched user are worked out at start, not only of those asked
        everyone = {u: current_facts(con, u) for u in users_by_recency(settings.warehouse_path)}
    finally:
        con.close()
    assert all(cached[u] is not None for u in users) and cached == fresh
    by_id = {f["fact_id"]: f for facts in everyone.values() for f in facts}
    assert lines and all(line == render_fact(by_id[fact_id]) for fact_id, line in lines.items())
