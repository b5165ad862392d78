"""The read API under load, over real HTTP on loopback: no errors, no leaks, no torn reads.

1. Many concurrent clients for a few seconds: every answer is a 200 and holds only the asked
   user's facts. Latency percentiles are printed, never asserted (speed targets live in
   ``benchmarks/api_latency.py``).
2. Serving while rebuilding: the warehouse and the memory tables are rebuilt again and again,
   alternating between two states whose every fact is marked A or B, while clients read; no
   request fails and no answer mixes A and B.
3. Request limits: bodies over 64 KiB (declared or chunked) get 413, ``max_tokens`` out of range
   422; the token verifier keeps no token.

Every load loop is bounded by a request count and a deadline; all traffic is on 127.0.0.1.
"""

from __future__ import annotations

import random
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

import duckdb
import httpx
import orjson
import polars as pl
import pytest

from anamnesis.api.app import MAX_BODY_BYTES, create_app
from anamnesis.api.auth import TokenVerifier
from anamnesis.config import load_settings
from anamnesis.embeddings import make_embedder
from anamnesis.memory import MemoryStore, memory_dir
from anamnesis.storage.lake import Lake
from anamnesis.storage.warehouse import build_warehouse
from tests.api_server import LiveServer
from tests.conftest import API_TOKEN, write_config

QUESTIONS = (
    "Can I take ibuprofen for my headache?",
    "Should I get a flu shot this year?",
    "Можно ли мне принять лекарство от простуды?",
    "Нужно ли мне делать прививку от гриппа?",
    "我可以吃布洛芬吗？",
    "我今年需要打流感疫苗吗？",
)


def percentile(sorted_ms: list[float], q: float) -> float:
    if not sorted_ms:
        return float("nan")
    return sorted_ms[min(len(sorted_ms) - 1, max(0, round(q / 100 * len(sorted_ms)) - 1))]


@dataclass
class Tally:
    latencies_ms: list[float] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def problem(self, text: str) -> None:
        with self.lock:
            if len(self.problems) < 50:
                self.problems.append(text)

    def summary(self) -> str:
        lat = sorted(self.latencies_ms)
        top = lat[-1] if lat else float("nan")
        return (f"{len(lat)} ok, {len(self.problems)} problems; latency ms p50 {percentile(lat, 50):.1f} "
                f"p95 {percentile(lat, 95):.1f} p99 {percentile(lat, 99):.1f} max {top:.1f}")


def hammer(
    url: str,
    clients: int,
    seconds: float,
    max_requests: int,
    one: Callable[[httpx.Client, random.Random, Tally], None],
    stop: threading.Event | None = None,
) -> Tally:
    """``clients`` threads call ``one`` until ``seconds`` pass, ``max_requests`` are sent or ``stop``."""
    tally = Tally()
    budget = iter(range(max_requests))
    take = threading.Lock()
    deadline = time.monotonic() + seconds

    def client(seed: int) -> None:
        rng = random.Random(seed)
        local: list[float] = []
        with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {API_TOKEN}"}, timeout=30) as http:
            while time.monotonic() < deadline and not (stop is not None and stop.is_set()):
                with take:
                    if next(budget, None) is None:
                        break
                started = time.perf_counter()
                try:
                    one(http, rng, tally)
                except httpx.HTTPError as exc:
                    tally.problem(f"{type(exc).__name__}: {exc}")
                    continue
                local.append((time.perf_counter() - started) * 1000)
        with tally.lock:
            tally.latencies_ms.extend(local)

    threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=seconds + 60)
    assert not any(t.is_alive() for t in threads), "a load client did not stop"
    return tally


def facts_by_user(warehouse: Path) -> dict[str, set[str]]:
    con = duckdb.connect(str(warehouse), read_only=True)
    try:
        rows = con.execute("select user_id, fact_id from facts_current").fetchall()
    finally:
        con.close()
    out: dict[str, set[str]] = {}
    for user, fact_id in rows:
        out.setdefault(user, set()).add(fact_id)
    return out


# --- 1. Load --------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def sample_server(sample_home: Path) -> Iterator[str]:
    with LiveServer(create_app(load_settings(sample_home))) as server:
        yield server.url


def test_concurrent_clients_get_no_errors_and_only_their_own_facts(sample_home, sample_server, capsys):
    owned = facts_by_user(load_settings(sample_home).warehouse_path)
    users = sorted(owned)
    assert len(users) >= 20

    def one(http: httpx.Client, rng: random.Random, tally: Tally) -> None:
        user = rng.choice(users)
        path = f"/v1/users/{quote(user, safe='')}"
        if rng.random() < 0.5:
            response = http.get(f"{path}/facts")
        else:
            response = http.post(f"{path}/context", json={"query": rng.choice(QUESTIONS), "max_tokens": 800})
        if response.status_code != 200:
            tally.problem(f"{response.request.method} {path}: HTTP {response.status_code}")
            return
        body = response.json()
        if "user_id" in body and body["user_id"] != user:
            tally.problem(f"{path}: answered for {body['user_id']!r}")
        foreign = {f["fact_id"] for f in body["facts"]} - owned[user]
        if foreign:
            tally.problem(f"{path}: facts of another user {sorted(foreign)[:3]}")

    warm = httpx.post(f"{sample_server}/v1/users/{quote(users[0], safe='')}/context", json={"query": QUESTIONS[0]},
                      headers={"Authorization": f"Bearer {API_TOKEN}"}, timeout=60)
    assert warm.status_code == 200  # the question embedder loads on first use: not part of the figures
    tally = hammer(sample_server, clients=16, seconds=5, max_requests=20_000, one=one)
    with capsys.disabled():
        print(f"\n[API load, 16 clients x 5 s, sample data] {tally.summary()}")
    assert not tally.problems, tally.problems[:10]
    assert len(tally.latencies_ms) >= 100


# --- 2. Serving while rebuilding ------------------------------------------------------------------
def _marked(frame: pl.DataFrame, mark: str) -> pl.DataFrame:
    """Every fact id suffixed and every attributes object tagged with ``mark``."""
    return frame.with_columns(
        (pl.col("fact_id") + f"-{mark}").alias("fact_id"),
        pl.col("attributes").map_elements(
            lambda a: orjson.dumps({**orjson.loads(a or "{}"), "gen": mark}).decode(), return_dtype=pl.String
        ),
    )


@dataclass(frozen=True)
class TwoStates:
    home: Path
    lakes: dict[str, Lake]
    fact_state: dict[str, pl.DataFrame]
    users: list[str]


@pytest.fixture(scope="module")
def two_states(sample_home: Path, tmp_path_factory: pytest.TempPathFactory) -> TwoStates:
    """Lakes A and B: the sample data with every fact marked A or B; a home built from A."""
    root = tmp_path_factory.mktemp("rebuild")
    source = load_settings(sample_home).lake
    lakes, states = {}, {}
    for mark in ("A", "B"):
        lake_dir = root / f"lake-{mark}"
        shutil.copytree(source, lake_dir, ignore=shutil.ignore_patterns("ingest"))
        for name in ("fact_state", "fact_events"):
            path = lake_dir / f"{name}.parquet"
            _marked(pl.read_parquet(path), mark).write_parquet(path)
        lakes[mark] = Lake(lake_dir)
        states[mark] = pl.read_parquet(lake_dir / "fact_state.parquet")
    home = root / "home"
    write_config(home, api_tokens=API_TOKEN)
    rebuild(home, lakes["A"], states["A"])
    users = sorted(states["A"]["user_id"].unique().to_list())
    return TwoStates(home, lakes, states, users)


def rebuild(home: Path, lake: Lake, fact_state: pl.DataFrame) -> None:
    settings = load_settings(home)
    build_warehouse(lake, settings.warehouse_path, retention_days=settings.retention_days)
    MemoryStore(memory_dir(home), make_embedder(settings)).rebuild(fact_state)


def test_rebuilding_while_serving_never_fails_nor_mixes_states(two_states, capsys):
    users = two_states.users[:12]

    def one(http: httpx.Client, rng: random.Random, tally: Tally) -> None:
        user = rng.choice(users)
        path = f"/v1/users/{quote(user, safe='')}"
        kind = rng.random()
        if kind < 0.4:
            response = http.get(f"{path}/facts")
        elif kind < 0.9:
            response = http.post(f"{path}/context", json={"query": rng.choice(QUESTIONS)})
        else:
            listing = http.get(f"{path}/facts")
            if listing.status_code != 200 or not listing.json()["facts"]:
                tally.problem(f"{path}/facts: HTTP {listing.status_code}")
                return
            fact_id = listing.json()["facts"][0]["fact_id"]
            response = http.get(f"{path}/facts/{fact_id}/history")
            if response.status_code == 404:  # the fact's state was replaced between the two calls
                return
        if response.status_code != 200:
            tally.problem(f"{response.request.method} {response.request.url.path}: HTTP {response.status_code}")
            return
        body = response.json()
        items = body.get("facts", body.get("events", []))
        marks = {item["attributes"].get("gen") for item in items} | {item["fact_id"][-2:] for item in items}
        if marks and marks not in ({"A", "-A"}, {"B", "-B"}):
            tally.problem(f"{response.request.url.path}: mixed states {sorted(map(str, marks))}")

    stop = threading.Event()
    rebuilds: list[str] = []
    failures: list[BaseException] = []

    def rebuild_loop() -> None:
        try:
            for i in range(1, 100):
                if stop.is_set():
                    return
                mark = "AB"[i % 2]
                rebuild(two_states.home, two_states.lakes[mark], two_states.fact_state[mark])
                rebuilds.append(mark)
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            failures.append(exc)

    with LiveServer(create_app(load_settings(two_states.home))) as server:
        builder = threading.Thread(target=rebuild_loop, daemon=True)
        builder.start()
        try:
            tally = hammer(server.url, clients=8, seconds=10, max_requests=50_000, one=one)
        finally:
            stop.set()
            builder.join(timeout=120)
    with capsys.disabled():
        print(f"\n[API while rebuilding, 8 clients x 10 s, {len(rebuilds)} rebuilds] {tally.summary()}")
    assert not failures, failures
    assert len(rebuilds) >= 2, "the warehouse was not rebuilt while serving"
    assert not tally.problems, tally.problems[:10]
    assert len(tally.latencies_ms) >= 50


# --- 3. Request limits and tokens -----------------------------------------------------------------
@pytest.fixture(scope="module")
def client(sample_server: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=sample_server, headers={"Authorization": f"Bearer {API_TOKEN}"}, timeout=30) as http:
        yield http


def test_a_body_over_64_kib_is_refused_with_413(client):
    path = "/v1/users/u-en-01/context"
    big = orjson.dumps({"query": "x" * (MAX_BODY_BYTES + 1)})
    assert client.post(path, content=big, headers={"Content-Type": "application/json"}).status_code == 413

    def chunks() -> Iterator[bytes]:  # no Content-Length: sent chunked
        yield b'{"query": "'
        for _ in range(MAX_BODY_BYTES // 1024 + 1):
            yield b"y" * 1024
        yield b'"}'

    assert client.post(path, content=chunks(), headers={"Content-Type": "application/json"}).status_code == 413
    anonymous = httpx.post(f"{client.base_url}{path}", content=big, headers={"Content-Type": "application/json"})
    assert anonymous.status_code in (401, 413)
    # Just under the limit the body is read, and refused for what it says (a query over 8,000 chars).
    near = orjson.dumps({"query": "z" * (MAX_BODY_BYTES - 100)})
    assert len(near) <= MAX_BODY_BYTES
    assert client.post(path, content=near, headers={"Content-Type": "application/json"}).status_code == 422

    def small_chunks() -> Iterator[bytes]:
        yield b'{"query": "Can I take '
        yield b'ibuprofen?"}'

    chunked = client.post(path, content=small_chunks(), headers={"Content-Type": "application/json"})
    assert chunked.status_code == 200, chunked.text


@pytest.mark.parametrize("max_tokens", [-1, 0, 31, 16_001, 10**9, "many"])
def test_max_tokens_out_of_range_is_refused_with_422(client, max_tokens):
    body = {"query": "Can I take ibuprofen?", "max_tokens": max_tokens}
    response = client.post("/v1/users/u-en-01/context", json=body)
    assert response.status_code == 422


def _everything_in(value: object, seen: set[int] | None = None) -> Iterator[object]:
    """Every value reachable from ``value`` through attributes and containers."""
    seen = seen if seen is not None else set()
    if id(value) in seen:
        return
    seen.add(id(value))
    yield value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _everything_in(k, seen)
            yield from _everything_in(v, seen)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            yield from _everything_in(v, seen)
    elif not isinstance(value, (str, bytes, int, float, bool, type(None))):
        names = list(getattr(value, "__dict__", {}))
        for cls in type(value).__mro__:
            names += list(getattr(cls, "__slots__", ()))
        for name in names:
            if hasattr(value, name):
                yield from _everything_in(getattr(value, name), seen)


def test_the_token_verifier_keeps_no_token():
    tokens = ("s3cret-token-number-one", "another-Secret-2")
    verifier = TokenVerifier(tokens)
    assert verifier.verify(f"Bearer {tokens[0]}") and verifier.verify(f"bearer {tokens[1]}")
    assert not verifier.verify("Bearer s3cret") and not verifier.verify(tokens[0]) and not verifier.verify(None)
    kept = list(_everything_in(verifier))
    assert len(kept) > 1
    for value in kept:
        for token in tokens:
            if isinstance(value, str):
                assert token not in value
            elif isinstance(value, (bytes, bytearray)):
                assert token.encode() not in value
