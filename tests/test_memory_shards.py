"""Memory shard tables: many users per table, yet a search returns one user's rows, and erasure
leaves no byte of a user in any file of their shard (real LanceDB, the real USE model)."""

from __future__ import annotations

import subprocess
import sys
import threading
from collections import Counter
from pathlib import Path

import lance
import pytest

from anamnesis.embeddings import USEEmbedder
from anamnesis.erasure.ownership import user_key
from anamnesis.memory import MemoryStore, memory_dir, shard_of
from anamnesis.memory.shards import one_user, some_users, users_predicate
from anamnesis.memory.writer import MAX_VERSIONS
from tests.test_memory import HOSTILE_IDS, facts


def _shard(user: str) -> str:
    return shard_of(user_key(user))


def _neighbours(user: str, n: int) -> list[str]:
    """``n`` ids that land in the same shard as ``user``."""
    found, i = [], 0
    while len(found) < n:
        candidate = f"neighbour-{i}"
        if _shard(candidate) == _shard(user):
            found.append(candidate)
        i += 1
    return found


@pytest.fixture(scope="module")
def use() -> USEEmbedder:
    return USEEmbedder()


def test_a_search_returns_only_rows_of_the_requested_user(tmp_path: Path, use: USEEmbedder) -> None:
    users = [f"patient-{i}" for i in range(150)] + _neighbours("patient-0", 6) + HOSTILE_IDS
    assert max(Counter(map(_shard, users)).values()) >= 7, "the test needs crowded shards"
    rows = []
    for uid in users:  # every user says nearly the same things; only a marker tells them apart
        marker = user_key(uid)[:6]
        rows += [
            (uid, "medications", "metformin", "active", {"mention": f"Glucophage {marker}", "dose": "500 mg"}),
            (uid, "symptoms", "headache", "active", {"mention": f"headache {marker}"}),
            (uid, "allergies", "penicillin", "active", {"mention": "penicillin"}),
        ]
    state = facts(rows)
    owner = dict(zip(state["fact_id"], state["user_id"], strict=True))
    store = MemoryStore(memory_dir(tmp_path), use)
    store.rebuild(state)
    for i, uid in enumerate(users):
        other = users[(i + 1) % len(users)]  # ask with a neighbour's own words
        hits = store.search(uid, f"Glucophage {user_key(other)[:6]} headache", limit=100)
        assert len(hits) == 3 and {owner[h.fact_id] for h in hits} == {uid}, uid
    for stranger in ("patient-150", "PATIENT-0", "' OR '1'='1' --", "neighbour-"):
        assert store.search(stranger, "Glucophage") == []


def test_the_predicate_takes_user_keys_only() -> None:
    assert one_user(user_key("x")).to_sql() == f"(user_key = '{user_key('x')}')"
    for raw in ("x", "' OR '1'='1", user_key("x").upper(), user_key("x") + "'", ""):
        with pytest.raises(ValueError, match="not a user key"):
            one_user(raw)
        with pytest.raises(ValueError, match="not a user key"):
            some_users([user_key("y"), raw])
        with pytest.raises(ValueError, match="not a user key"):
            users_predicate([user_key("y"), raw])


def test_a_builds_predicate_is_lancedbs_own() -> None:
    """The SQL a build deletes replaced users' rows with, written without LanceDB, is what
    LanceDB's expression builder writes for them."""
    keys = [user_key(u) for u in ("a", "b", "c")]
    for some in (keys[:1], keys):
        assert users_predicate(some) == some_users(some).to_sql()


def _mentions_by_user(shard: Path, version: int) -> dict[str, set[str]]:
    """Each user key's mentions in one version of a shard table, read without the store."""
    rows = lance.dataset(shard, version=version).to_table(columns=["user_key", "mention"]).to_pylist()
    out: dict[str, set[str]] = {}
    for row in rows:
        out.setdefault(row["user_key"], set()).add(row["mention"])
    return out


def test_an_update_replaces_a_users_rows_in_one_commit(tmp_path: Path, use: USEEmbedder) -> None:
    """The version before an update holds the changed user's old rows, the next one their new
    rows; no version in between holds neither (what a reader could otherwise open), a departed
    user goes in that same version, and the shard's other users keep their rows."""
    changed, gone, kept = "changed", *_neighbours("changed", 2)
    before = [(u, "symptoms", "cough", "active", {"mention": f"old {u}"}) for u in (changed, gone, kept)]
    before.append((changed, "medications", "metformin", "active", {"mention": "old metformin"}))
    store = MemoryStore(memory_dir(tmp_path), use)
    store.rebuild(facts(before))
    shard = store.tables_dir / f"{_shard(changed)}.lance"
    first = lance.dataset(shard).version
    after = [(changed, "symptoms", "cough", "resolved", {"mention": "new cough"}),
             (changed, "allergies", "latex", "active", {"mention": "new latex"}), before[2]]

    assert store.rebuild(facts(after)).users_rebuilt == 1

    versions = [v["version"] for v in lance.dataset(shard).versions()]
    assert versions == [first, first + 1]
    key = user_key
    assert _mentions_by_user(shard, first) == {
        key(changed): {"old changed", "old metformin"}, key(gone): {f"old {gone}"}, key(kept): {f"old {kept}"}}
    assert _mentions_by_user(shard, first + 1) == {key(changed): {"new cough", "new latex"}, key(kept): {f"old {kept}"}}


def test_a_reader_during_updates_sees_one_builds_rows_of_its_user(tmp_path: Path, use: USEEmbedder) -> None:
    """A reader searching while builds replace its user's rows (the shard optimized on the way)
    always gets every row of one build, never none, a mix, or a neighbour's."""
    user, neighbours = "reader", _neighbours("reader", 3)

    def build(n: int) -> list:
        rows = [(u, "symptoms", "cough", "active", {"mention": f"cough of {u}"}) for u in neighbours]
        rows += [(user, "medications", drug, "active", {"mention": drug, "dose": f"{n} mg"})
                 for drug in ("metformin", "lisinopril", "atorvastatin")]
        return rows

    writer = MemoryStore(memory_dir(tmp_path), use)
    writer.rebuild(facts(build(0)))
    reader = MemoryStore(memory_dir(tmp_path), use)
    seen: list[list[str]] = []
    done = threading.Event()

    def read() -> None:
        while not done.is_set():
            seen.append([h.text for h in reader.search(user, "medication", limit=100)])

    thread = threading.Thread(target=read)
    thread.start()
    try:
        for n in range(1, MAX_VERSIONS + 3):
            writer.rebuild(facts(build(n)))
    finally:
        done.set()
        thread.join()
    assert len(seen) > MAX_VERSIONS
    doses = set()
    for texts in seen:
        assert len(texts) == 3 and not any("cough" in t for t in texts), texts
        (dose,) = {t.split(" mg")[0].rsplit(" ", 1)[-1] for t in texts}
        doses.add(int(dose))
    assert len(doses) > 1, "the reader must have seen several builds"


def _files_holding(root: Path, needles: list[bytes]) -> list[str]:
    return [str(p.relative_to(root)) for p in sorted(root.rglob("*"))
            if p.is_file() and any(n in p.read_bytes() for n in needles)]


def test_forget_leaves_no_byte_of_the_user_in_their_shard(tmp_path: Path, use: USEEmbedder) -> None:
    gone, kept = "gone-Ω", _neighbours("gone-Ω", 5)
    own = "zorblaxine"  # only the erased user says it
    rows = [(u, "symptoms", "cough", "active", {"mention": "a dry cough"}) for u in (gone, *kept)]
    rows.append((gone, "medications", "zorblaxine", "active", {"mention": f"{own} tablets"}))
    store = MemoryStore(memory_dir(tmp_path), use)
    store.rebuild(facts(rows))
    rows[-1] = (gone, "medications", "zorblaxine", "stopped", {"mention": f"{own} pills"})
    store.rebuild(facts(rows))  # a second version of the shard, merged in place
    tables = store.tables_dir
    needles = [own.encode(), user_key(gone).encode()]
    assert _files_holding(tables, needles), "the scan must see the user's bytes before the erasure"

    assert store.forget(gone) is True

    assert _files_holding(tables, needles) == []
    assert store.search(gone, "cough") == []
    assert all(len(store.search(u, "cough")) == 1 for u in kept)
    assert [p.name for p in tables.iterdir()] == [f"{_shard(gone)}.lance"]


def test_the_prefetch_reads_each_shard_once_and_caches_each_user_only_their_rows(tmp_path: Path) -> None:
    from tests.dagster_doubles import HashEmbedder

    users = [f"patient-{i}" for i in range(40)] + _neighbours("patient-0", 6) + HOSTILE_IDS
    rows = [(u, "symptoms", "cough", "active", {"mention": f"cough {user_key(u)[:6]}"}) for u in users]
    rows += [(u, "allergies", "penicillin", "active", {"mention": "penicillin"}) for u in users[::3]]
    state = facts(rows)
    owner = dict(zip(state["fact_id"], state["user_id"], strict=True))
    MemoryStore(memory_dir(tmp_path), HashEmbedder()).rebuild(state)
    store = MemoryStore(memory_dir(tmp_path), HashEmbedder(), cache_rows=10_000)
    uncached = MemoryStore(memory_dir(tmp_path), HashEmbedder())
    asked = [*users, "never-built"]
    assert store.prefetch(asked) == len(users)
    for uid in users:
        cached = store.cached_rows(uid)
        assert cached is not None and {owner[f] for f in cached.fact_id} == {uid}, uid
        assert cached.fact_id == uncached.rows(uid).fact_id, uid  # what the one-user read gives, in its order
    assert store.cached_rows("never-built") is None
    small = MemoryStore(memory_dir(tmp_path), HashEmbedder(), cache_rows=5)  # room for the first users only
    assert 0 < small.prefetch(users) < len(users)
    assert small.cached_rows(users[0]) is not None and small.cached_rows(users[-1]) is None


def test_a_build_and_its_updates_never_import_lancedb(tmp_path: Path) -> None:
    """A build writes, indexes, updates and compacts its shards with pylance alone: LanceDB's
    import (over a second of CPU) is for the read path and ``forget``. In a fresh interpreter,
    since this one has imported LanceDB already; its builds' facts are written beforehand."""
    users = [f"patient-{i}" for i in range(200)]
    builds = [[(u, "symptoms", "cough", "active", {"mention": f"cough {n}"}) for u in users]
              for n in range(MAX_VERSIONS + 2)]  # a first build, updates, and the compactions they bring
    builds.append(builds[0][1:])  # and a user gone
    for n, rows in enumerate(builds):
        facts(rows).write_parquet(tmp_path / f"facts-{n}.parquet")
    script = f"""
import sys
from pathlib import Path
import polars as pl
from anamnesis.memory import MemoryStore, memory_dir
from tests.dagster_doubles import HashEmbedder

store = MemoryStore(memory_dir(Path({str(tmp_path)!r})), HashEmbedder())
for n in range({len(builds)}):
    store.rebuild(pl.read_parquet(Path({str(tmp_path)!r}) / f"facts-{{n}}.parquet"))
print("lancedb" in sys.modules)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                          cwd=Path(__file__).parent.parent)
    assert done.stdout.strip() == "False"
    assert len(list((memory_dir(tmp_path) / "tables").glob("s_*.lance"))) > 1
