"""Memory-layout benchmark: build the memory of N synthetic users, then read it one user at a time.

Usage (the figures in BENCHMARKS.md come from exactly these):

    nice uv run python -m benchmarks.memory_layout --users 100000
    nice uv run python -m benchmarks.memory_layout --users 1000000 --timeout 900

Data: a synthetic ``fact_state`` (three facts per user: a medication with a dose and the user's
own words for it, a chronic condition and a symptom, drawn from the ``tools.synth`` vocabulary
in en/ru/zh), so the build measures the memory layout alone, not the pipeline before it. The
build runs in a child process (``MemoryStore.rebuild``, the real USE model, a fresh directory):
wall time and peak RSS of that process, then the files, directories and bytes it left. With
``--timeout`` a build still running is killed and measured as far as it got. Then another child
process reads ``--reads`` random users with no row cache (``MemoryStore.rows``: what a server's
first request of a user costs) and searches them (``MemoryStore.search``: the read, the query's
embedding and the ranking), reporting p50/p95 of each.

The same script runs against another tree (the layout before) when started from that tree's
root with this project's interpreter: ``git archive c60dc9a | tar -x -C benchmarks/out/before``,
copy this file into it, then ``cd benchmarks/out/before && nice ../../../.venv/bin/python -m
benchmarks.memory_layout ...``; it prints which ``anamnesis`` it imported.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

OUT = Path.cwd() / "benchmarks" / "out"
SECTIONS = ("medications", "chronic_conditions", "symptoms")
QUERIES = ("what medication do I take?", "мое давление", "我头疼", "any chronic illness?", "кашель")


def fact_state(users: int, seed: int = 0):  # noqa: ANN201 - a polars frame (imported in the child)
    """Three facts per user from the synthetic vocabulary; the same seed gives the same frame."""
    import numpy as np
    import polars as pl

    from schemas.frames import FactState, polars_schema
    from schemas.langs import LANGS
    from tools.synth_vocab import doses, vocabulary

    rng = np.random.default_rng(seed)
    pick_rng = random.Random(seed)
    lang = rng.integers(0, 3, users)

    def entry(kind: str, n: int):  # noqa: ANN202 - a tools.synth_vocab.Entry, drawn as tools.synth draws it
        words = vocabulary(LANGS[lang[n]])
        return words.pick(pick_rng, words.terms[kind])

    drug = [entry("drug", n) for n in range(users)]
    chronic = [entry("condition", n) for n in range(users)]
    symptom = [entry("symptom", n) for n in range(users)]
    day = rng.integers(0, 365, users)
    med = [json.dumps({"mention": d.forms[0], "dose": f"{doses(d.canonical)[0]} mg"}, ensure_ascii=False) for d in drug]
    chron = [json.dumps({"mention": c.forms[0]}, ensure_ascii=False) for c in chronic]
    sympt = [json.dumps({"mention": s.forms[0]}, ensure_ascii=False) for s in symptom]
    ids = [f"synth-user-{i:07d}" for i in range(users)]
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    frames = []
    for n, (section, entities, attrs) in enumerate((
        ("medications", [d.canonical for d in drug], med),
        ("chronic_conditions", [c.canonical for c in chronic], chron),
        ("symptoms", [s.canonical for s in symptom], sympt),
    )):
        when = [t0 + timedelta(days=int(d) + n) for d in day]
        frames.append(pl.DataFrame({
            "fact_id": [f"f{n}-{i:07d}" for i in range(users)], "user_id": ids, "section": section,
            "entity": entities, "status": "active", "attributes": attrs, "valid_from": when,
            "first_seen": when, "last_seen": when, "source_message_id": [f"m{n}-{i}" for i in range(users)],
            "confidence": 0.9,
        }, schema_overrides={"valid_from": pl.Datetime("us", "UTC")}))
    schema = polars_schema(FactState)
    return pl.concat(frames).select(schema.keys()).cast(schema)


def child_build(root: Path, users: int) -> None:
    import anamnesis
    from anamnesis.embeddings import USEEmbedder
    from anamnesis.memory import MemoryStore

    print(f"anamnesis from {Path(anamnesis.__file__).parent}", file=sys.stderr)
    state = fact_state(users)
    started = time.perf_counter()
    last = [0.0]

    def progress(stage: str, done: int, total: int) -> None:
        if time.perf_counter() - last[0] > 10 or done == total:
            last[0] = time.perf_counter()
            print(f"  {stage}: {done:,}/{total:,} at {last[0] - started:.0f} s", file=sys.stderr, flush=True)

    stats = MemoryStore(root, USEEmbedder()).rebuild(state, progress=progress)
    print(json.dumps({"seconds": time.perf_counter() - started, "users": stats.users_rebuilt}))


def child_read(root: Path, users: int, reads: int) -> None:
    import numpy as np

    from anamnesis.embeddings import USEEmbedder
    from anamnesis.memory import MemoryStore

    store = MemoryStore(root, USEEmbedder())
    store.warm_up()
    store.search("synth-user-0000000", "warm-up")
    rng = random.Random(1)
    picked = [f"synth-user-{rng.randrange(users):07d}" for _ in range(reads)]
    read_ms, search_ms, empty = [], [], 0
    for uid in picked:
        t = time.perf_counter()
        rows = store.rows(uid)
        read_ms.append((time.perf_counter() - t) * 1000)
        empty += rows is None
    for uid in picked:
        t = time.perf_counter()
        store.search(uid, rng.choice(QUERIES))
        search_ms.append((time.perf_counter() - t) * 1000)
    p = lambda xs, q: float(np.percentile(xs, q))  # noqa: E731
    print(json.dumps({"read_p50": p(read_ms, 50), "read_p95": p(read_ms, 95), "search_p50": p(search_ms, 50),
                      "search_p95": p(search_ms, 95), "missing": empty}))


def run_child(args: list[str], timeout: float | None) -> tuple[dict | None, float, int]:
    """The child's JSON line (None if killed at ``timeout``), its wall seconds and peak RSS."""
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "benchmarks.memory_layout", *args], stdout=subprocess.PIPE)
    deadline = None if timeout is None else started + timeout
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if deadline is not None and time.perf_counter() > deadline:
            proc.kill()
            _, status, usage = os.wait4(proc.pid, 0)
            return None, time.perf_counter() - started, usage.ru_maxrss * 1024
        time.sleep(0.2)
    elapsed = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"child {args[0]} failed")
    out = proc.stdout.read().decode() if proc.stdout else ""
    return json.loads(out.strip().splitlines()[-1]), elapsed, usage.ru_maxrss * 1024


def footprint(root: Path) -> tuple[int, int, int, int]:
    """Files, directories, bytes and LanceDB tables under ``root``."""
    files = dirs = size = tables = 0
    for parent, dirnames, filenames in os.walk(root):
        dirs += len(dirnames)
        tables += sum(d.endswith(".lance") for d in dirnames)
        files += len(filenames)
        size += sum(os.stat(os.path.join(parent, f)).st_size for f in filenames)
    return files, dirs, size, tables


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--users", type=int, default=100_000)
    parser.add_argument("--reads", type=int, default=1_000)
    parser.add_argument("--timeout", type=float, default=None, help="kill the build after this many seconds")
    parser.add_argument("--keep", action="store_true", help="keep the built directory")
    parser.add_argument("--child", choices=("build", "read"), help=argparse.SUPPRESS)
    parser.add_argument("--root", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child == "build":
        return child_build(args.root, args.users)
    if args.child == "read":
        return child_read(args.root, args.users, args.reads)
    root = OUT / f"memory-layout-{args.users}u"
    shutil.rmtree(root, ignore_errors=True)
    load = os.getloadavg()[0]
    built, wall, rss = run_child(["--child", "build", "--root", str(root), "--users", str(args.users)], args.timeout)
    files, dirs, size, tables = footprint(root)
    status = "complete" if built else f"KILLED at {args.timeout:.0f} s"
    print(f"users: {args.users:,}  build: {status}, wall {wall:.1f} s, peak RSS {rss / 2**20:,.0f} MiB "
          f"(load average at start {load:.1f}, at end {os.getloadavg()[0]:.1f})")
    print(f"on disk: {tables:,} LanceDB tables, {files:,} files, {dirs:,} directories, {size / 2**30:.2f} GiB")
    if built:
        got, _, rss = run_child(["--child", "read", "--root", str(root), "--users", str(args.users),
                                 "--reads", str(args.reads)], None)
        assert got is not None
        print(f"read one user (no cache), {args.reads:,} random users: p50 {got['read_p50']:.2f} ms, "
              f"p95 {got['read_p95']:.2f} ms; search (read + embed + rank): p50 {got['search_p50']:.2f} ms, "
              f"p95 {got['search_p95']:.2f} ms; reader peak RSS {rss / 2**20:,.0f} MiB; missing {got['missing']}")
    if not args.keep:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
