"""The read API over real HTTP on the sample data: facts, history, context, auth, isolation."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import bpe_openai
import httpx
import pytest

from anamnesis.api.app import create_app
from anamnesis.config import load_settings
from anamnesis.embeddings import make_embedder
from anamnesis.memory import MemoryStore, memory_dir
from pipelines.run import run_backfill
from tests.api_server import LiveServer
from tests.conftest import API_TOKEN as TOKEN
from tests.conftest import message, write_config

HOSTILE_IDS = [
    "' OR '1'='1",
    "../x",
    "..%2Fetc",
    "%2F",
    "a/b",
    "*",
    "%",
    "_",
    "nul\x00user",
    "Alice",
    "alice",
    "ALICE",
    '"quoted"',
    "ж" * 128 + "中" * 128,
]


@pytest.fixture(scope="module")
def api(sample_home: Path) -> Iterator[httpx.Client]:
    with LiveServer(create_app(load_settings(sample_home))) as server:
        with httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {TOKEN}"}, timeout=30) as client:
            yield client


def context(api: httpx.Client, user: str, query: str, **extra: object) -> dict:
    response = api.post(f"/v1/users/{quote(user, safe='')}/context", json={"query": query, **extra})
    assert response.status_code == 200, response.text
    return response.json()


def keyed(facts: list[dict]) -> set[tuple[str, str]]:
    return {(f["section"], f["entity"]) for f in facts}


def test_health_needs_no_token_and_everything_else_does(api: httpx.Client):
    anonymous = httpx.Client(base_url=str(api.base_url))
    assert anonymous.get("/healthz").status_code == 200
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": f"Basic {TOKEN}"}):
        response = anonymous.get("/v1/users/u-en-01/facts", headers=headers)
        assert response.status_code == 401
        assert "u-en-01" not in response.text and "nifedipine" not in response.text
    assert anonymous.post("/v1/users/u-en-01/context", json={"query": "x"}).status_code == 401


@pytest.mark.parametrize(
    ("user", "query"),
    [
        ("u-en-01", "Can I take a cold medicine with pseudoephedrine?"),
        ("u-ru-01", "Можно ли мне принять лекарство от простуды с псевдоэфедрином?"),
        ("u-zh-01", "我可以吃含伪麻黄碱的感冒药吗？"),
    ],
)
def test_a_cold_medicine_question_brings_the_hypertension_and_the_nifedipine(api, user, query):
    result = context(api, user, query)
    assert {("chronic_conditions", "hypertension"), ("medications", "nifedipine")} <= keyed(result["facts"])
    assert all(f["important"] for f in result["facts"] if f["entity"] in ("hypertension", "nifedipine"))
    assert "nifedipine" in result["context"] and "hypertension" in result["context"]
    assert result["context"].splitlines()[1].startswith("- IMPORTANT:")


@pytest.mark.parametrize("user", ["u-en-02", "u-ru-02", "u-zh-02"])
def test_a_denied_allergy_is_stated_as_a_confirmed_absence(api, user):
    result = context(api, user, "Can I take amoxicillin?")
    assert "No known allergies (confirmed 2026-03-02)" in result["context"]
    assert ("allergies", "*") in keyed(result["facts"])


def test_a_topic_never_discussed_is_named(api):
    result = context(api, "u-en-01", "Should I get a flu shot this autumn?")
    assert "vaccinations" in result["sections"]
    assert "vaccinations" in result["not_discussed"]
    assert "Never discussed: vaccination" in result["context"]


def test_the_context_fits_max_tokens(api):
    encoding = bpe_openai.get_encoding("o200k_base")
    for budget in (40, 80, 800):
        result = context(api, "u-en-01", "Can I take ibuprofen?", max_tokens=budget)
        assert len(encoding.encode(result["context"])) <= budget


def test_facts_and_history(api):
    facts = api.get("/v1/users/u-en-06/facts", params={"section": "medications"}).json()
    assert facts["user_id"] == "u-en-06"
    status = {f["entity"]: f["status"] for f in facts["facts"]}
    assert status.get("aspirin") == "stopped" and status.get("clopidogrel") == "active"
    aspirin = next(f for f in facts["facts"] if f["entity"] == "aspirin")
    history = api.get(f"/v1/users/u-en-06/facts/{aspirin['fact_id']}/history").json()
    assert [e["status"] for e in history["events"]][-1] == "stopped"
    assert history["events"] == sorted(history["events"], key=lambda e: e["valid_from"])
    other = api.get(f"/v1/users/u-en-01/facts/{aspirin['fact_id']}/history")
    assert other.status_code == 404
    assert api.get("/v1/users/u-en-06/facts", params={"section": "bogus"}).status_code == 400


@pytest.mark.parametrize(
    ("user", "query"), [("u-en-03", "metformin"), ("u-zh-03", "二甲双胍"), ("u-zh-03", "Glucophage")]
)
def test_a_fact_said_in_one_language_is_found_from_another(sample_home, user, query):
    settings = load_settings(sample_home)
    hits = MemoryStore(memory_dir(settings.home), make_embedder(settings)).search(user, query, limit=3)
    assert hits and hits[0].entity == "metformin"


@pytest.fixture(scope="module")
def hostile_api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[httpx.Client]:
    """Every hostile id is a real user with one allergy, said in their own message ``m<i>``."""
    import json

    root = tmp_path_factory.mktemp("hostile")
    allergens = [
        "penicillin",
        "aspirin",
        "ibuprofen",
        "codeine",
        "morphine",
        "latex",
        "peanuts",
        "amoxicillin",
        "sulfa drugs",
        "iodine",
        "eggs",
        "shellfish",
        "tramadol",
        "naproxen",
    ]
    rows = [
        message(f"m{i}", user, f"2026-03-0{1 + i % 9}T09:00:00Z", "user", f"I'm allergic to {allergen}.")
        for i, (user, allergen) in enumerate(zip(HOSTILE_IDS, allergens, strict=True))
    ]
    (root / "in").mkdir()
    (root / "in" / "export-2026-03-10.jsonl").write_text(
        "\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n", encoding="utf-8"
    )
    home = root / "home"
    write_config(home, api_tokens=TOKEN)
    run_backfill(load_settings(home), root / "in")
    with LiveServer(create_app(load_settings(home))) as server:
        with httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {TOKEN}"}, timeout=30) as client:
            yield client


@pytest.mark.parametrize("index", range(len(HOSTILE_IDS)))
def test_hostile_ids_reach_only_their_own_facts(hostile_api, index):
    user = HOSTILE_IDS[index]
    path = f"/v1/users/{quote(user, safe='')}"
    facts = hostile_api.get(f"{path}/facts")
    assert facts.status_code == 200, facts.text
    body = facts.json()
    assert body["user_id"] == user
    assert [f["source_message_id"] for f in body["facts"]] == [f"m{index}"]
    result = context(hostile_api, user, "Can I take something for a headache?")
    assert [f["source_message_id"] for f in result["facts"]] == [f"m{index}"]
    history = hostile_api.get(f"{path}/facts/{body['facts'][0]['fact_id']}/history")
    assert [e["source_message_id"] for e in history.json()["events"]] == [f"m{index}"]
