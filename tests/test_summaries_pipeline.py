"""Session summaries end to end: real backfills (Dagster), DuckDB, LanceDB, the API over HTTP, forget."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import httpx
import numpy as np
import polars as pl
import pytest

from anamnesis.api.app import create_app
from anamnesis.config import load_settings
from anamnesis.embeddings import make_embedder
from anamnesis.erasure.forget import forget_user
from anamnesis.memory import MemoryStore, memory_dir
from anamnesis.memory.rows import SUMMARY_SECTION
from anamnesis.summaries.text import NOTHING_SAID
from anamnesis.understanding.prompts import BUNDLED_PROMPTS_DIR, load_summary_prompt
from pipelines.run import run_backfill
from tests.api_server import LiveServer
from tests.conftest import API_TOKEN, message, write_config
from tests.dagster_doubles import HashEmbedder
from tests.openai_stub import OpenAIStub, stub_config
from tests.warehouse_state import query

RECALL = {
    "en": "What did we talk about last time?",
    "ru": "О чём мы говорили в прошлый раз?",
    "zh": "我们上次聊了什么？",
}


def newest_line(home: Path, user: str) -> str:
    """The "Last chat" line the block should hold, from the warehouse."""
    ((summary, valid_from),) = query(
        home, "select summary, valid_from from session_summaries where user_id = ? order by valid_from desc limit 1",
        user,
    )  # fmt: skip
    return f"Last chat, {valid_from.date().isoformat()}: {summary}"


@pytest.fixture(scope="module")
def api(sample_home: Path) -> Iterator[httpx.Client]:
    with LiveServer(create_app(load_settings(sample_home))) as server:
        with httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {API_TOKEN}"}, timeout=30) as c:
            yield c


def context(api: httpx.Client, user: str, text: str, max_tokens: int = 800) -> dict:
    response = api.post(f"/v1/users/{user}/context", json={"query": text, "max_tokens": max_tokens})
    assert response.status_code == 200, response.text
    return response.json()


def test_every_sample_session_has_its_summary_in_the_lake_and_the_warehouse(sample_home: Path) -> None:
    sessions = query(sample_home, "select distinct user_id, session_id from messages where role = 'user' order by all")
    rows = query(sample_home, "select user_id, session_id, through_message_id, user_turns, source "
                              "from session_summaries order by user_id, session_id")  # fmt: skip
    assert [r[:2] for r in rows] == sessions and len(sessions) > 100  # no session has 10 user turns: one each
    last_turns = dict(
        ((u, s), (m, n)) for u, s, m, n in query(
            sample_home,
            "select user_id, session_id, arg_max(message_id, ts), count(*) from messages where role = 'user' "
            "group by all",
        )
    )  # fmt: skip
    assert all(last_turns[(u, s)] == (m, n) for u, s, m, n, _ in rows)
    assert {r[4] for r in rows} == {"rules-summary-1"}
    lake = pl.read_parquet(sample_home / "lake" / "session_summaries.parquet")
    assert lake.height == len(rows) and lake["summary_id"].n_unique() == len(rows)
    # The same chat in three languages, read by the rules: one English summary.
    said = dict(query(sample_home, "select session_id, summary from session_summaries where session_id like ?",
                      "s-%-15-02"))  # fmt: skip
    assert said == dict.fromkeys(
        ("s-en-15-02", "s-ru-15-02", "s-zh-15-02"), "Pneumonia resolved; stopped amoxicillin; cough resolved"
    )


def test_summaries_are_in_the_users_memories(sample_home: Path) -> None:
    store = MemoryStore(memory_dir(sample_home), make_embedder(load_settings(sample_home)))
    rows = store.rows("u-ru-15")
    assert rows is not None
    chats = sorted(t for t, s in zip(rows.text, rows.section, strict=True) if s == SUMMARY_SECTION)
    assert len(chats) == 3 and all(t.startswith("Chat of 2026-") for t in chats)
    hits = [h for h in store.search("u-ru-15", "гастрит и омепразол", limit=20) if h.section == SUMMARY_SECTION]
    assert hits[0].text.endswith(": Diagnosed with gastritis; takes omeprazole 20 mg before breakfast")


def test_a_summary_costs_no_embedding_of_its_own(sample_home: Path, tmp_path: Path) -> None:
    """Its vector is its facts' mean: the facts' texts are embedded once, the summaries' never."""
    lake = sample_home / "lake"
    state, summaries = pl.read_parquet(lake / "fact_state.parquet"), pl.read_parquet(lake / "session_summaries.parquet")
    facts_only = MemoryStore(tmp_path / "facts", HashEmbedder()).rebuild(state)
    both = MemoryStore(tmp_path / "both", HashEmbedder()).rebuild(state, summaries=summaries)
    # one summary per sample session; one with health content and a fact is a row (readings alone: none)
    with_facts = summaries.filter((pl.col("summary") != NOTHING_SAID) & (pl.col("fact_ids").list.len() > 0)).height
    assert both.texts_embedded == facts_only.texts_embedded
    assert both.rows == facts_only.rows + with_facts and with_facts > 100
    rows = MemoryStore(tmp_path / "both", HashEmbedder()).rows("u-en-15")
    assert rows is not None
    vector = dict(zip(rows.fact_id, rows.matrix, strict=True))
    by_entity = {e: vector[f] for e, f in zip(rows.entity, rows.fact_id, strict=True)}
    chat = by_entity["s-en-15-03"]  # gastritis and omeprazole
    expected = by_entity["gastritis"] + by_entity["omeprazole"]
    assert np.allclose(chat, expected / np.linalg.norm(expected), atol=1e-5)


@pytest.mark.parametrize("lang", sorted(RECALL))
def test_context_offers_the_last_chat_for_a_question_about_it(api: httpx.Client, sample_home: Path, lang: str) -> None:
    user = f"u-{lang}-15"
    result = context(api, user, RECALL[lang])
    line = newest_line(sample_home, user)
    assert line.endswith("Diagnosed with gastritis; takes omeprazole 20 mg before breakfast")
    assert f"- {line}" in result["context"].splitlines()
    assert [s["session_id"] for s in result["summaries"]] == [f"s-{lang}-15-03"]
    other = context(api, user, "Can I take ibuprofen?")
    assert "Last chat" not in other["context"] and other["summaries"] == []


def test_a_last_chat_without_health_content_brings_the_one_before(api: httpx.Client) -> None:
    lines = context(api, "u-en-04", RECALL["en"])["context"].splitlines()
    assert any(x.startswith("- Last chat, ") and x.endswith(": No health details discussed.") for x in lines)
    assert any(x.startswith("- Earlier chat, ") and "lower respiratory tract infection" in x for x in lines)


def test_the_recalled_chat_stays_within_the_budget(api: httpx.Client) -> None:
    import bpe_openai

    encoding = bpe_openai.get_encoding("o200k_base")
    for budget in (32, 40, 80):
        text = context(api, "u-zh-07", RECALL["zh"], max_tokens=budget)["context"]
        assert len(encoding.encode(text)) <= budget


def test_forget_erases_the_users_summaries_everywhere(sample_home: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    shutil.copytree(sample_home, home)
    settings = load_settings(home)
    assert query(home, "select count(*) from session_summaries where user_id = 'u-zh-15'") == [(3,)]
    forget_user(settings, "u-zh-15")
    assert query(home, "select count(*) from session_summaries where user_id = 'u-zh-15'") == [(0,)]
    assert query(home, "select count(*) from session_summaries where user_id = 'u-en-15'") == [(3,)]
    lake = pl.read_parquet(home / "lake" / "session_summaries.parquet")
    assert "u-zh-15" not in lake["user_id"].to_list() and "u-en-15" in lake["user_id"].to_list()
    store = MemoryStore(memory_dir(home), make_embedder(settings))
    assert store.rows("u-zh-15") is None and store.rows("u-en-15") is not None


DIALOGUE = [
    message("a1", "p1", "2026-03-01T09:00:00Z", "assistant", "Do you have any allergies?"),
    message("u1", "p1", "2026-03-01T09:00:10Z", "user", "I'm allergic to penicillin."),
    message("u2", "p1", "2026-03-01T09:01:00Z", "user", "I take metformin 500 mg twice a day."),
    message("u3", "p2", "2026-03-02T10:00:00Z", "user", "Thanks, bye."),
]


def summary_calls(stub: OpenAIStub) -> list[dict]:
    return [c.body for c in stub.calls if c.section == "session_summary"]


def test_openai_summaries_use_the_versioned_prompt_and_its_cache(tmp_path: Path, write_export) -> None:
    home = tmp_path / "home"
    write_export("export-2026-03-03.jsonl", DIALOGUE)
    with OpenAIStub() as stub:
        write_config(home, **stub_config(stub, llm_timeout_s=5))
        run_backfill(load_settings(home), tmp_path / "in")
        calls = summary_calls(stub)
        assert len(calls) == 2  # one session each, both under 10 turns
        prompt = load_summary_prompt()
        assert {c["messages"][0]["content"] for c in calls} == {prompt.text}
        sent = [json.loads(c["messages"][-1]["content"]) for c in calls]
        p1 = next(s for s in sent if s["facts"])
        assert [t["text"] for t in p1["turns"]] == [m["text"] for m in DIALOGUE[:3]]
        assert {f["entity"] for f in p1["facts"]} == {"penicillin", "metformin"}
        assert all("p1" not in c["messages"][-1]["content"] for c in calls)  # never the user id
        rows = dict(query(home, "select user_id, summary from session_summaries"))
        assert rows["p1"].startswith("Discussed: ") and {"penicillin", "metformin"} <= set(rows["p1"][11:].split(", "))
        assert rows["p2"] == "No health details discussed."
        assert {s for (s,) in query(home, "select distinct source from session_summaries")} == {
            f"openai:{OpenAIStub.model}:{prompt.version}"
        }

        stub.reset()
        run_backfill(load_settings(home), tmp_path / "in")
        assert summary_calls(stub) == []  # unchanged spans: answered from the cache

        prompts = tmp_path / "prompts"
        shutil.copytree(BUNDLED_PROMPTS_DIR, prompts)
        (prompts / "summary.md").write_text(prompt.text + "\nBe brief.\n", encoding="utf-8")
        write_config(home, **stub_config(stub, llm_timeout_s=5, prompts_dir=prompts))
        stub.reset()
        run_backfill(load_settings(home), tmp_path / "in")
        assert len(summary_calls(stub)) == 2 and stub.count("classifier") == 0  # only the summaries again
        (source,) = {s for (s,) in query(home, "select distinct source from session_summaries")}
        assert source != f"openai:{OpenAIStub.model}:{prompt.version}" and source.startswith("openai:")
