"""Write-path benchmark: `anamnesis backfill` over synthetic exports, end to end.

Usage (the figures in BENCHMARKS.md come from exactly this):

    uv run python benchmarks/backfill_throughput.py --users 2000 --messages 200000

Reports messages/s, CPU seconds (user + system; steadier than wall time on a loaded machine)
and peak RSS of the backfill process (a fresh home), the time of an unchanged re-run, and, as
the floor, the time polars alone needs to parse the same files.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import polars as pl

from tools.synth import write_synthetic_exports

OUT = Path(__file__).parent / "out"


def run_backfill(input_dir: Path, home: Path) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds and peak RSS (bytes) of one `anamnesis backfill` process."""
    started = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "pipelines.cli", "backfill", "--input", str(input_dir), "--home", str(home)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"backfill failed: {proc.stderr.read().decode()[-2000:] if proc.stderr else ''}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024


def polars_floor(input_dir: Path) -> float:
    started = time.perf_counter()
    rows = sum(pl.read_ndjson(p).height for p in sorted(input_dir.glob("*.jsonl")))
    elapsed = time.perf_counter() - started
    assert rows > 0
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--users", type=int, default=2000)
    parser.add_argument("--messages", type=int, default=200_000)
    parser.add_argument("--days", type=int, default=10)
    args = parser.parse_args()
    input_dir = OUT / f"synth-{args.users}u-{args.messages}m-{args.days}d"
    if not input_dir.exists():
        write_synthetic_exports(input_dir, users=args.users, messages=args.messages, days=args.days, seed=0)
    home = OUT / "home"
    shutil.rmtree(home, ignore_errors=True)
    floor = polars_floor(input_dir)
    cold, cpu, rss = run_backfill(input_dir, home)
    warm, warm_cpu, _ = run_backfill(input_dir, home)
    n = args.messages
    print(f"messages: {n:,}  users: {args.users:,}  files: {args.days}")
    print(f"backfill (fresh home): {cold:.1f} s = {n / cold:,.0f} messages/s, CPU {cpu:.1f} s, "
          f"peak RSS {rss / 2**20:,.0f} MiB")
    print(f"backfill (unchanged re-run): {warm:.1f} s, CPU {warm_cpu:.1f} s")
    print(f"polars read_ndjson floor: {floor:.2f} s = {n / floor:,.0f} messages/s")


if __name__ == "__main__":
    main()
