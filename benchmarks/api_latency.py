"""Read-API benchmark: memory-table build rate, and `POST .../context` latency over real HTTP.

Usage (the figures in BENCHMARKS.md come from exactly these):

    uv run python benchmarks/api_latency.py                            # 8 clients, 4,000 requests
    uv run python benchmarks/api_latency.py --clients 50 --seconds 60  # the load test
    uv run python benchmarks/api_latency.py --no-build-rate ...        # skip the build measurement
    uv run python benchmarks/api_latency.py --no-build-rate --server-tree ../main --home H  # another tree's server

``--server-tree`` runs the server of another checkout (its ``.venv/bin/python -m pipelines.cli
serve``, from its directory) under this load generator: the same requests for both trees.

Data: `python -m tools.synth` exports of 2,000 users / 200,000 messages (reused from
``benchmarks/out/synth-...`` when the throughput benchmark already wrote them), backfilled into
``benchmarks/out/api-home-...`` (copied from ``benchmarks/out/home`` when that holds the same
data, else built with `anamnesis backfill`).

1. Build rate: every user's memory table built into a fresh directory with
   ``MemoryStore.rebuild(fact_state)``, once with an empty embedding cache (every distinct memory
   text embedded) and once with the cache warm (only the LanceDB tables are written).
2. Latency: `anamnesis serve` runs as a subprocess on a loopback port; N client threads (one
   keep-alive ``http.client`` connection each, closed loop, no think time) send `POST
   /v1/users/{id}/context` for random users with multilingual questions built from the synthetic
   vocabulary (about nine in ten in the user's language, the rest in another one; a third carry
   recent turns). A warm-up is sent first and not counted. In count mode the same requests are
   sent twice: pass 1 is mostly each user's first request (their facts and memory table are
   read from disk, unless the server loaded them at start: by default it loads the facts and
   memory tables of the 2,048 most recent writers, i.e. all 2,000 here; ``--no-prefetch`` turns
   that off), pass 2 finds every user in the server's caches (each question is still embedded
   and ranked). Every loop is bounded by a request count and by wall time. Reports
   p50/p95/p99/max, requests/s, errors, CPU time per request of the server and of the load
   generator (they share the machine's cores), and the server's peak RSS.

All traffic stays on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shlex
import shutil
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from http.client import HTTPConnection, HTTPException
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import orjson

ROOT = Path(__file__).resolve().parent.parent
OUT = Path(__file__).resolve().parent / "out"
sys.path.insert(0, str(ROOT))

from api_requests import requests_for  # noqa: E402

from tools.synth import write_synthetic_exports  # noqa: E402


# --- The home ---------------------------------------------------------------------------------
def _data_matches(home: Path, users: int, messages: int) -> bool:
    """Whether ``home`` holds a finished backfill of exactly this synthetic data set."""
    import duckdb

    warehouse = home / "warehouse.duckdb"
    if not warehouse.exists() or not (home / "memory" / "manifest.json").exists() \
            or not (home / "lake" / "fact_state.parquet").exists():
        return False
    try:
        con = duckdb.connect(str(warehouse), read_only=True)
        try:
            n_users, n_messages = con.execute(
                "select count(distinct user_id), count(*) from messages").fetchone()  # type: ignore[misc]
        finally:
            con.close()
    except duckdb.Error:
        return False
    return (n_users, n_messages) == (users, messages)


def prepare_home(args: argparse.Namespace) -> Path:
    input_dir = OUT / f"synth-{args.users}u-{args.messages}m-{args.days}d"
    home = OUT / f"api-home-{args.users}u-{args.messages}m-{args.days}d"
    if _data_matches(home, args.users, args.messages):
        print(f"home: reusing {home.relative_to(ROOT)}")
        return home
    shutil.rmtree(home, ignore_errors=True)
    shared = OUT / "home"
    if _data_matches(shared, args.users, args.messages):
        print(f"home: copying {shared.relative_to(ROOT)} (made by backfill_throughput.py) to {home.relative_to(ROOT)}")
        home.mkdir(parents=True)
        shutil.copy2(shared / "warehouse.duckdb", home / "warehouse.duckdb")
        shutil.copytree(shared / "lake", home / "lake", ignore=shutil.ignore_patterns("ingest"))
        shutil.copytree(shared / "memory", home / "memory")
        return home
    if not input_dir.exists():
        print(f"writing synthetic exports to {input_dir.relative_to(ROOT)}")
        write_synthetic_exports(input_dir, users=args.users, messages=args.messages, days=args.days, seed=0)
    print(f"home: anamnesis backfill into {home.relative_to(ROOT)} (a few minutes)")
    subprocess.run(
        [sys.executable, "-m", "pipelines.cli", "backfill", "--input", str(input_dir), "--home", str(home)],
        check=True, stdout=subprocess.DEVNULL, cwd=ROOT,
    )
    return home


# --- 1. Build rate ----------------------------------------------------------------------------
def build_rate(home: Path) -> None:
    import polars as pl

    from anamnesis.config import load_settings
    from anamnesis.embeddings import make_embedder
    from anamnesis.memory import MemoryStore
    from anamnesis.memory.paths import CACHE_FILE

    fact_state = pl.read_parquet(home / "lake" / "fact_state.parquet")
    embedder = make_embedder(load_settings(home))
    root = home / "build-bench"
    shutil.rmtree(root, ignore_errors=True)
    try:
        runs = []
        for label in ("empty embedding cache", "warm embedding cache"):
            if label.startswith("warm"):  # keep only the cache: every table is written again
                for path in root.iterdir():
                    if path.name != CACHE_FILE and not path.name.startswith(CACHE_FILE):
                        shutil.rmtree(path) if path.is_dir() else path.unlink()
            stats = MemoryStore(root, embedder).rebuild(fact_state)
            runs.append((label, stats))
        for label, stats in runs:
            print(
                f"memory tables, fresh build ({label}): {stats.users_rebuilt:,} users, "
                f"{fact_state.height:,} facts, {stats.texts_embedded:,} texts embedded, "
                f"{stats.seconds:.1f} s = {stats.users_rebuilt / stats.seconds:,.0f} users/s"
            )
    finally:
        shutil.rmtree(root, ignore_errors=True)


# --- 2. Latency -------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`anamnesis serve` as a subprocess on a loopback port."""

    def __init__(self, home: Path, token: str, *, prefetch: bool, tree: Path = ROOT) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "ANAMNESIS_API_TOKENS": token}
        if not prefetch:
            env["ANAMNESIS_API_PREFETCH_USERS"] = "0"
        python = sys.executable if tree == ROOT else str(tree / ".venv" / "bin" / "python")
        self.command = [python, "-m", "pipelines.cli", "serve", "--home", str(home),
                        "--host", "127.0.0.1", "--port", str(self.port)]
        # Its log (a start-up line, one access line per request) goes to a file: an undrained
        # pipe filled after ~600 requests and then blocked the server's event loop for good.
        OUT.mkdir(parents=True, exist_ok=True)
        self.log = OUT / f"serve-{self.port}.log"
        with self.log.open("wb") as sink:
            self.proc = subprocess.Popen(self.command, env=env, cwd=tree, stdout=subprocess.DEVNULL, stderr=sink)

    def wait_ready(self, timeout: float = 600) -> None:  # minutes on a loaded machine
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit(f"anamnesis serve exited: {self.log.read_text(errors='replace')[-2000:]}")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise SystemExit("anamnesis serve did not answer /healthz")

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def peak_rss_mib(self) -> float:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.unlink(missing_ok=True)


@dataclass
class Results:
    latencies_ms: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    wall_s: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def error(self, kind: str) -> None:
        with self.lock:
            self.errors[kind] = self.errors.get(kind, 0) + 1


def drive(url: str, token: str, work: list[tuple[str, bytes]], clients: int, seconds: float) -> Results:
    """Send ``work`` from ``clients`` threads, each request once, until done or ``seconds`` pass."""
    results = Results()
    next_index = iter(range(len(work)))
    take = threading.Lock()
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    start_gate = threading.Barrier(clients + 1)
    deadline_box: list[float] = []

    def client() -> None:
        local: list[float] = []
        address = urlsplit(url)
        http = HTTPConnection(address.hostname, address.port, timeout=30)  # keep-alive, reopened on error
        try:
            start_gate.wait()
            deadline = deadline_box[0]
            while time.perf_counter() < deadline:
                with take:
                    i = next(next_index, None)
                if i is None:
                    break
                path, body = work[i]
                started = time.perf_counter()
                try:
                    http.request("POST", path, body=body, headers=headers)
                    response = http.getresponse()
                    content = response.read()
                except (OSError, HTTPException) as exc:
                    results.error(type(exc).__name__)
                    http.close()
                    continue
                elapsed = time.perf_counter() - started
                if response.status != 200:
                    results.error(f"HTTP {response.status}")
                elif b'"context"' not in content:
                    results.error("malformed body")
                else:
                    local.append(elapsed * 1000)
        finally:
            http.close()
        with results.lock:
            results.latencies_ms.extend(local)

    threads = [threading.Thread(target=client, daemon=True) for _ in range(clients)]
    for t in threads:
        t.start()
    began = time.perf_counter()
    deadline_box.append(began + seconds)
    start_gate.wait()
    for t in threads:
        t.join(timeout=seconds + 60)
    results.wall_s = time.perf_counter() - began
    return results


def percentile(sorted_ms: list[float], q: float) -> float:
    if not sorted_ms:
        return float("nan")
    return sorted_ms[min(len(sorted_ms) - 1, max(0, round(q / 100 * len(sorted_ms)) - 1))]


def report(label: str, run: Results, cpu: float, client_cpu: float, target_p95: float | None) -> None:
    lat = sorted(run.latencies_ms)
    n_ok, n_err = len(lat), sum(run.errors.values())
    n = max(1, n_ok + n_err)
    print(f"[{label}] requests: {n_ok + n_err:,} in {run.wall_s:.1f} s = "
          f"{(n_ok + n_err) / run.wall_s:,.0f} requests/s; errors: {n_err}" + (f" {run.errors}" if run.errors else ""))
    print(f"[{label}] latency ms: p50 {percentile(lat, 50):.1f}  p95 {percentile(lat, 95):.1f}  "
          f"p99 {percentile(lat, 99):.1f}  max {lat[-1] if lat else float('nan'):.1f}  "
          f"mean {sum(lat) / max(1, n_ok):.1f}")
    print(f"[{label}] CPU per request: server {cpu / n * 1000:.2f} ms, load generator {client_cpu / n * 1000:.2f} ms")
    if target_p95 is not None and lat:
        verdict = "met" if percentile(lat, 95) <= target_p95 else "MISSED"
        print(f"[{label}] target p95 <= {target_p95:g} ms: {verdict}")


def latency(home: Path, args: argparse.Namespace) -> None:
    token = secrets.token_urlsafe(24)
    server = Server(home, token, prefetch=not args.no_prefetch, tree=args.server_tree.resolve())
    try:
        started = time.perf_counter()
        server.wait_ready()
        print(f"server: {'ANAMNESIS_API_PREFETCH_USERS=0 ' if args.no_prefetch else ''}"
              f"{shlex.join(['anamnesis', *server.command[3:]])} (pid {server.proc.pid}, "
              f"ready in {time.perf_counter() - started:.1f} s)")
        timed = args.seconds is not None
        count = args.max_requests if timed else args.requests
        limit_s = args.seconds if timed else args.max_seconds
        work = requests_for(args.users, args.warmup + count, args.seed, args.max_tokens)
        measured = work[args.warmup:]
        users = len({path for path, _ in measured})
        seen = {path for path, _ in work[: args.warmup]}
        firsts = sum(1 for path, _ in measured if not (path in seen or seen.add(path)))
        distinct = len({orjson.loads(body)["query"] for _, body in measured})
        print(f"load: {args.clients} concurrent clients (closed loop, one keep-alive connection each), "
              + (f"{args.seconds:g} s (at most {count:,} requests)" if timed else f"{count:,} requests")
              + f" after {args.warmup} warm-up requests; "
              + ("" if timed else f"{users:,} distinct users, {distinct:,} distinct questions; ")
              + f"max_tokens {args.max_tokens}")
        warm = drive(server.url, token, work[: args.warmup], args.clients, 120)
        if warm.errors:
            print(f"warm-up errors: {warm.errors}")
        passes = 1 if timed else args.passes
        for number in range(1, passes + 1):
            label = "run" if passes == 1 else (
                f"pass 1: {firsts / len(measured):.0%} of requests are a user's first" if number == 1
                else f"pass {number}: the same requests again, every user cached")
            cpu_before, client_before = server.cpu_seconds(), time.process_time()
            run = drive(server.url, token, measured, args.clients, limit_s)
            report(label, run, server.cpu_seconds() - cpu_before, time.process_time() - client_before,
                   args.target_p95)
        print(f"server peak RSS {server.peak_rss_mib():,.0f} MiB")
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=2000)
    parser.add_argument("--messages", type=int, default=200_000)
    parser.add_argument("--days", type=int, default=10)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--requests", type=int, default=4000, help="measured requests (count mode)")
    parser.add_argument("--seconds", type=float, default=None, help="time mode: send for this long instead")
    parser.add_argument("--max-requests", type=int, default=200_000, help="cap in time mode")
    parser.add_argument("--max-seconds", type=float, default=600, help="cap in count mode")
    parser.add_argument("--warmup", type=int, default=200)
    parser.add_argument("--passes", type=int, default=2,
                        help="count mode: send the same requests this many times (later passes: warm caches)")
    parser.add_argument("--max-tokens", type=int, default=800)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--target-p95", type=float, default=25.0)
    parser.add_argument("--no-build-rate", action="store_true", help="skip the memory-table build measurement")
    parser.add_argument("--server-tree", type=Path, default=ROOT,
                        help="the checkout whose server is measured (default: this one)")
    parser.add_argument("--home", type=Path, default=None,
                        help="serve this home as it is (default: the benchmark's own, built if missing)")
    parser.add_argument("--no-prefetch", action="store_true",
                        help="start the server with ANAMNESIS_API_PREFETCH_USERS=0: every user's first request is cold")
    args = parser.parse_args()
    print("$ " + shlex.join(["python", *sys.argv]))
    print(f"machine: {os.cpu_count()} cores, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    home = args.home.resolve() if args.home is not None else prepare_home(args)
    if not args.no_build_rate:
        build_rate(home)
    latency(home, args)


if __name__ == "__main__":
    main()
