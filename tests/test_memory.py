"""Memory tables: real LanceDB, the real USE model, hostile user ids, erasure and the cache."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import dagster as dg
import lancedb
import numpy as np
import polars as pl
import pytest

from anamnesis.config import Settings
from anamnesis.embeddings import USEEmbedder, make_embedder, text_hash
from anamnesis.embeddings.openai_embedder import OpenAIEmbedder
from anamnesis.erasure.ownership import user_key
from anamnesis.memory import MemoryStore, forget_user, memory_dir, memory_text, shard_of
from anamnesis.memory.shards import SHARDS
from anamnesis.memory.writer import MAX_VERSIONS
from assets.memory.assets import MEMORY_TABLES
from assets.memory.resources import MemoryResource
from assets.resources import HomeResource, Progress
from assets.serving.assets import serving_stores
from schemas.frames import FactState, polars_schema

T0 = datetime(2026, 2, 14, 9, 0, tzinfo=UTC)

Fact = tuple[str, str, str, str, dict[str, str]]


def facts(rows: list[Fact]) -> pl.DataFrame:
    """A ``fact_state`` frame from (user, section, entity, status, attributes) rows."""
    out = []
    for i, (user, section, entity, status, attrs) in enumerate(rows):
        ts = T0 + timedelta(days=i)
        out.append(
            {
                "fact_id": f"f{i}-{user_key(user)[:8]}",
                "user_id": user,
                "section": section,
                "entity": entity,
                "status": status,
                "attributes": json.dumps(attrs, ensure_ascii=False),
                "valid_from": ts,
                "first_seen": ts,
                "last_seen": ts,
                "source_message_id": f"m{i}",
            }
        )
    return pl.DataFrame(out, schema=polars_schema(FactState))


@pytest.fixture(scope="module")
def use() -> USEEmbedder:
    return USEEmbedder()


@pytest.fixture
def store(tmp_path: Path, use: USEEmbedder) -> MemoryStore:
    return MemoryStore(memory_dir(tmp_path), use)


def shard(user: str) -> str:
    return shard_of(user_key(user))


def table_path(store: MemoryStore, user: str) -> Path:
    return store.tables_dir / f"{shard(user)}.lance"


def stored_keys(store: MemoryStore) -> set[str]:
    """The user keys of every row of every shard table, read without the store."""
    db = lancedb.connect(store.tables_dir)
    return {k for name in db.table_names(limit=SHARDS) for k in db.open_table(name).to_arrow()["user_key"].to_pylist()}


def versions_on_disk(store: MemoryStore, user: str) -> int:
    return len(list((table_path(store, user) / "_versions").glob("*.manifest")))


ZH = [
    ("zh", "medications", "metformin", "active", {"mention": "二甲双胍", "dose": "500 mg"}),
    ("zh", "medications", "atorvastatin", "active", {"mention": "立普妥", "dose": "20 mg"}),
    ("zh", "chronic_conditions", "hypertension", "active", {"mention": "高血压"}),
    ("zh", "symptoms", "headache", "resolved", {"mention": "头疼"}),
    ("zh", "allergies", "penicillin", "active", {"mention": "青霉素"}),
    ("zh", "demographics", "age", "active", {"value": "54"}),
]
EN = [
    (
        "en",
        "medications",
        "metformin",
        "active",
        {"mention": "Glucophage", "dose": "1000 mg", "frequency": "twice daily"},
    ),
    ("en", "medications", "lisinopril", "active", {"mention": "lisinopril"}),
    ("en", "chronic_conditions", "asthma", "active", {"mention": "asthma"}),
    ("en", "allergies", "*", "confirmed_absent", {"mention": "no allergies"}),
    ("en", "family_history", "type 2 diabetes", "active", {"relation": "mother", "mention": "diabetes"}),
]


def top(store: MemoryStore, user: str, query: str) -> str:
    return store.search(user, query)[0].entity


def test_memory_texts_leave_dates_and_numbers_out_of_what_is_embedded() -> None:
    text = memory_text(
        "medications",
        "metformin",
        "active",
        {"mention": "Glucophage", "dose": "1000 mg", "frequency": "twice daily"},
        T0,
    )
    assert text.embedded == "Medication: metformin; said as 'Glucophage'"
    assert (
        text.display
        == "Medication: metformin 1000 mg twice daily, active since 2026-02-14; said as 'Glucophage'"
    )
    assert (
        memory_text("allergies", "*", "confirmed_absent", {}, T0).embedded
        == "No known allergies (confirmed absent)"
    )


def test_cross_lingual_search(store: MemoryStore, capfd: pytest.CaptureFixture[str]) -> None:
    store.rebuild(facts(ZH + EN))
    assert capfd.readouterr() == ("", ""), "LanceDB printed something while building"
    # The canonical English entity and the user's own words are both in the text.
    assert top(store, "zh", "metformin") == "metformin"
    assert top(store, "en", "Glucophage") == "metformin"
    # Across languages by the embedding alone.
    embedding_only = MemoryStore(store.root, store.embedder, recognise=lambda query: ())
    assert top(embedding_only, "zh", "метформин") == "metformin"
    assert top(embedding_only, "zh", "blood pressure") == "hypertension"
    assert top(embedding_only, "zh", "головная боль") == "headache"
    assert top(embedding_only, "en", "аллергия") == "*"
    # A brand or Chinese name the model cannot link to its generic: the terminology knows it.
    assert top(store, "zh", "Glucophage") == "metformin"
    assert top(store, "zh", "Do I still take Глюкофаж?") == "metformin"
    assert top(store, "en", "二甲双胍") == "metformin"
    assert top(store, "en", "格华止") == "metformin"
    hit = store.search("en", "二甲双胍")[0]
    assert (
        hit.text == "Medication: metformin 1000 mg twice daily, active since 2026-02-20; said as 'Glucophage'"
    )
    assert (hit.section, hit.status, hit.source_message_id, hit.valid_from) == (
        "medications",
        "active",
        "m6",
        T0 + timedelta(days=6),
    )
    assert {h.entity for h in store.search("en", "metformin", limit=3)} <= {e for _, _, e, _, _ in EN}
    assert store.search("nobody", "metformin") == []


def test_recent_facts_weigh_more(tmp_path: Path, use: USEEmbedder) -> None:
    store = MemoryStore(tmp_path, use, recognise=lambda query: ())  # similarity and recency only
    rows = [("u", "symptoms", "headache", "resolved", {}), ("u", "symptoms", "migraine", "active", {})]
    store.rebuild(facts(rows).with_columns(pl.Series("valid_from", [T0 - timedelta(days=720), T0])))
    timeless = {h.entity: h.score for h in store.search("u", "my head hurts", recency_half_life_days=1e12)}
    recent = {h.entity: h.score for h in store.search("u", "my head hurts", recency_half_life_days=30)}
    assert recent["migraine"] == pytest.approx(timeless["migraine"])
    assert recent["headache"] == pytest.approx(0.8 * timeless["headache"], rel=1e-4)


def test_only_changed_users_are_rebuilt(store: MemoryStore, capfd: pytest.CaptureFixture[str]) -> None:
    base = ZH + EN + [("ru", "symptoms", "cough", "active", {"mention": "кашель"})]
    first = store.rebuild(facts(base))
    assert (first.users_rebuilt, first.users_unchanged) == (3, 0)
    db = lancedb.connect(store.tables_dir)
    assert len({shard(u) for u in ("zh", "en", "ru")}) == 3, "the test needs three shards"
    before = {u: db.open_table(shard(u)).version for u in ("zh", "en", "ru")}

    changed = [
        r if r[2] != "lisinopril" else (*r[:4], {"mention": "lisinopril", "dose": "20 mg"}) for r in base
    ]
    second = store.rebuild(facts(changed))
    assert (second.users_rebuilt, second.users_unchanged, second.users_dropped) == (1, 2, 0)
    after = {u: db.open_table(shard(u)).version for u in ("zh", "en", "ru")}
    assert after["zh"] == before["zh"] and after["ru"] == before["ru"]
    assert after["en"] > before["en"]
    assert any("lisinopril 20 mg" in h.text for h in store.search("en", "lisinopril"))

    third = store.rebuild(facts([r for r in changed if r[0] != "ru"]))
    assert (third.users_rebuilt, third.users_dropped) == (0, 1)
    assert user_key("ru") not in stored_keys(store) and user_key("zh") in stored_keys(store)
    assert store.search("ru", "кашель") == []
    assert capfd.readouterr() == ("", ""), "LanceDB printed something while rewriting or dropping"


def test_an_updated_shard_is_compacted_once_it_has_enough_versions(store: MemoryStore) -> None:
    """An update writes its users' rows without rewriting the shard; the shard is optimized
    (compacted, old versions deleted) only once updates have made more than MAX_VERSIONS."""
    base = ZH + EN
    store.rebuild(facts(base))
    assert versions_on_disk(store, "en") == 1  # a shard written whole is optimized at once
    counts = []
    for dose in range(1, MAX_VERSIONS + 1):
        dosed = [r if r[2] != "lisinopril" else (*r[:4], {"mention": "lisinopril", "dose": f"{dose} mg"}) for r in base]
        assert store.rebuild(facts(dosed)).users_rebuilt == 1
        counts.append(versions_on_disk(store, "en"))
        assert any(f"lisinopril {dose} mg" in h.text for h in store.search("en", "lisinopril"))
    assert counts[:-1] == list(range(2, MAX_VERSIONS + 1))  # each update kept the versions before it
    assert counts[-1] == 1  # the update that made one too many optimized the shard


def test_builds_that_update_every_shard_optimize_an_eighth_of_them_each(tmp_path: Path) -> None:
    """Shards written together pass MAX_VERSIONS together: from then on, a night that updates
    all of them optimizes one in MAX_VERSIONS, the oldest, so no night rewrites the whole store."""
    from tests.dagster_doubles import HashEmbedder

    store = MemoryStore(memory_dir(tmp_path), HashEmbedder())
    users = [f"patient-{i}" for i in range(400)]
    assert len({shard(u) for u in users}) == SHARDS
    nights = 3 * MAX_VERSIONS

    def night(n: int) -> pl.DataFrame:
        return facts([(u, "symptoms", "cough", "active", {"mention": f"cough, night {n}"}) for u in users])

    store.rebuild(night(0))
    optimized: list[set[str]] = []
    for n in range(1, nights + 1):
        assert store.rebuild(night(n)).users_rebuilt == len(users)
        versions = {u: versions_on_disk(store, u) for u in users}
        optimized.append({shard(u) for u in users if versions[u] == 1})
        assert max(versions.values()) <= 2 * MAX_VERSIONS
    first = MAX_VERSIONS - 1  # the night whose updates take every shard past MAX_VERSIONS
    assert [len(o) for o in optimized] == [0] * first + [SHARDS // MAX_VERSIONS] * (nights - first)
    cycle = optimized[first : first + MAX_VERSIONS]
    assert set().union(*cycle) == {shard(u) for u in users}  # each shard in turn
    assert optimized[first + MAX_VERSIONS : first + 2 * MAX_VERSIONS] == cycle  # and again, in that order
    assert all(store.search(u, "cough")[0].text.endswith(f"night {nights}'") for u in users[::50])


HOSTILE_IDS = [
    "' OR '1'='1",
    "'; DROP TABLE users; --",
    '"quoted"',
    "../x",
    "../../etc/passwd",
    "%2F",
    "a/b",
    "*",
    "%",
    "_",
    "nul\x00byte",
    "nul",
    "Alice",
    "alice",
    "ALICE",
    "ж" * 256,
    "病" * 256,
]


def test_hostile_user_ids_get_their_own_tables(store: MemoryStore) -> None:
    rows = [
        (uid, "symptoms", f"symptom {i}", "active", {"mention": f"marker-{i}"})
        for i, uid in enumerate(HOSTILE_IDS)
    ]
    state = facts(rows)
    store.rebuild(state)
    names = sorted(p.name for p in store.tables_dir.iterdir())
    assert names == sorted({f"{shard(uid)}.lance" for uid in HOSTILE_IDS}) and len(names) <= SHARDS
    assert stored_keys(store) == {user_key(uid) for uid in HOSTILE_IDS}
    assert sorted(p.name for p in store.root.iterdir()) == ["embeddings.sqlite", "manifest.json", "tables"]
    own = dict(zip(state["user_id"], state["fact_id"], strict=True))
    for uid in HOSTILE_IDS:
        for query in ("symptom", uid, "marker", "' OR '1'='1"):
            assert [h.fact_id for h in store.search(uid, query, limit=100)] == [own[uid]], uid
    for stranger in ("alicE", "' OR 1=1 --", "..", "nul\x00", "ж" * 255, ""):
        assert store.search(stranger, "symptom") == []


def cache_rows(store: MemoryStore, sql: str, *args: str) -> list[tuple]:
    with sqlite3.connect(store.root / "embeddings.sqlite") as db:
        return db.execute(sql, args).fetchall()


def test_forget_removes_the_table_its_versions_and_cached_vectors(store: MemoryStore) -> None:
    shared = ("symptoms", "cough", "active", {"mention": "cough"})
    rows = [
        ("gone", *shared),
        ("gone", "allergies", "latex", "active", {"mention": "my own latex words"}),
        ("kept", *shared),
    ]
    store.rebuild(facts(rows))
    store.rebuild(
        facts([*rows[:1], ("gone", "allergies", "latex", "active", {"mention": "other words"}), rows[2]])
    )
    own_text = memory_text("allergies", "latex", "active", {"mention": "other words"}, T0).embedded
    shared_text = memory_text(*shared, T0).embedded
    assert cache_rows(store, "SELECT 1 FROM vectors WHERE text_hash = ?", text_hash(own_text))

    assert store.forget("gone") is True
    assert stored_keys(store) == {user_key("kept")}
    assert cache_rows(store, "SELECT 1 FROM owners WHERE user_key = ?", user_key("gone")) == []
    assert cache_rows(store, "SELECT 1 FROM vectors WHERE text_hash = ?", text_hash(own_text)) == []
    assert cache_rows(store, "SELECT 1 FROM vectors WHERE text_hash = ?", text_hash(shared_text)), (
        "kept's vector"
    )
    assert store.search("gone", "cough") == [] and store.search("kept", "cough")
    assert user_key("gone") not in json.loads((store.root / "manifest.json").read_text())["users"]
    assert user_key("gone") not in keys_in_every_version(store)  # the update's earlier version too
    assert forget_user(store.root, "gone") is False


def keys_in_every_version(store: MemoryStore) -> set[str]:
    """The user key of every row of every version of every shard table."""
    db = lancedb.connect(store.tables_dir)
    keys = set()
    for name in db.table_names(limit=10_000):
        table = db.open_table(name)
        for version in table.list_versions():
            table.checkout(version["version"])
            keys.update(table.to_arrow()["user_key"].to_pylist())
    return keys


def test_forget_reaches_a_user_who_left_the_tables_before(store: MemoryStore) -> None:
    """A user an update dropped is in the shard's earlier versions until it is compacted:
    forget removes them there too."""
    kept = ("kept", "symptoms", "cough", "active", {"mention": "cough"})
    store.rebuild(facts([("left", "allergies", "latex", "active", {"mention": "latex"}), kept]))
    store.rebuild(facts([kept]))  # "left" has no fact any more
    assert user_key("left") not in stored_keys(store)
    assert user_key("left") in keys_in_every_version(store)
    forget_user(store.root, "left")
    assert user_key("left") not in keys_in_every_version(store)


def test_cache_embeds_each_distinct_text_once(tmp_path: Path, use: USEEmbedder) -> None:
    same = ("medications", "metformin", "active", {"mention": "metformin", "dose": "500 mg"})
    dose = ("medications", "metformin", "active", {"mention": "metformin", "dose": "850 mg"})
    state = facts([("a", *same), ("b", *same), ("c", *dose), ("c", "symptoms", "cough", "active", {})])
    first = MemoryStore(tmp_path / "one", use).rebuild(state)
    assert (first.texts_embedded, first.cache_hits) == (2, 0), "doses differ, but not in the embedded text"

    store = MemoryStore(tmp_path / "one", use)
    (store.root / "manifest.json").unlink()  # every table is rewritten, no text embedded again
    second = store.rebuild(state)
    assert (second.users_rebuilt, second.texts_embedded, second.cache_hits) == (3, 0, 2)


def test_asset_reports_its_work(tmp_path: Path) -> None:
    lake = tmp_path / "lake"
    lake.mkdir()
    facts(ZH + EN).write_parquet(lake / "fact_state.parquet")
    resources = {
        "home": HomeResource(home=str(tmp_path)),
        "memory": MemoryResource(),
        "progress": Progress(),
    }
    result = dg.materialize([serving_stores], selection=[MEMORY_TABLES.key], resources=resources)
    (materialization,) = result.asset_materializations_for_node("serving_stores")
    assert materialization.asset_key == MEMORY_TABLES.key  # the warehouse, not selected, is not built
    metadata = {k: v.value for k, v in materialization.metadata.items()}
    assert metadata["users_rebuilt"] == 2 and metadata["users_unchanged"] == 0
    assert metadata["texts_embedded"] + metadata["embedding_cache_hits"] == len(ZH + EN)
    assert {"seconds", "users_dropped"} <= metadata.keys()


class _EmbeddingsHandler(BaseHTTPRequestHandler):
    requests: list[dict] = []

    def do_POST(self) -> None:  # noqa: N802 (http.server's name)
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).requests.append(body)
        data = [
            {"object": "embedding", "index": i, "embedding": [float(len(text)), 1.0, 0.0]}
            for i, text in reversed(list(enumerate(body["input"])))
        ]
        payload = json.dumps({"object": "list", "data": data, "model": body["model"], "usage": {}}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def embeddings_server() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _EmbeddingsHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    _EmbeddingsHandler.requests = []
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()


def test_openai_embedder_batches_orders_and_normalises(embeddings_server: str) -> None:
    settings = Settings(embeddings="openai", embedding_model="test-embed", openai_base_url=embeddings_server)
    embedder = make_embedder(settings)
    texts = [f"text {'x' * (i % 7)}" for i in range(300)]
    vectors = embedder.embed(texts)
    assert embedder.name == "openai:test-embed" and embedder.dim == 3 and vectors.shape == (300, 3)
    assert [len(r["input"]) for r in _EmbeddingsHandler.requests] == [256, 44]
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, rtol=1e-6)
    expected = np.array([len(texts[5]), 1.0, 0.0]) / np.linalg.norm([len(texts[5]), 1.0, 0.0])
    np.testing.assert_allclose(vectors[5], expected, rtol=1e-6)
    with pytest.raises(ValueError, match="ANAMNESIS_EMBEDDING_MODEL"):
        OpenAIEmbedder(Settings(embeddings="openai"))
