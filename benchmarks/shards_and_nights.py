"""Sharded runs and the cost of a night: `anamnesis backfill` over synthetic exports, end to end.

Usage (the figures in BENCHMARKS.md come from exactly this):

    uv run python benchmarks/shards_and_nights.py --users 2000 --messages 200000 --night 1000

1. ``--shards 1`` and ``--shards 4`` in alternation, each in a fresh home (wall time of the
   whole CLI process).
2. A night (homes in ``--warehouse-layout``): a fresh full backfill, then ``--night`` new
   messages of existing users in a new export file (one more day), the night's backfill (its
   slowest steps printed), an unchanged re-run, and a fresh full run over the same exports
   whose warehouse must equal the night's (every relation, run clocks left out).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from datetime import date, timedelta
from pathlib import Path

from tests.test_batches import stored
from tools.synth import write_synthetic_exports

OUT = Path(__file__).parent / "out"


def backfill(input_dir: Path, home: Path, shards: int) -> float:
    """Wall seconds of one `anamnesis backfill` process."""
    started = time.perf_counter()
    cmd = [sys.executable, "-m", "pipelines.cli", "backfill", "--input", str(input_dir), "--home", str(home)]
    done = subprocess.run([*cmd, "--shards", str(shards)], capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"backfill failed: {done.stderr[-2000:]}")
    return time.perf_counter() - started


def step_times(home: Path) -> str:
    """The slowest steps of the home's last Dagster run (start to end of each step), for finding the night's cost."""
    import dagster as dg  # noqa: PLC0415 - only this report needs it

    with dg.DagsterInstance.from_config(str((home / "dagster").resolve())) as instance:
        (run,) = instance.get_runs(limit=1)
        stats = [s for s in instance.get_run_step_stats(run.run_id) if s.end_time and s.start_time]
    stats.sort(key=lambda s: s.start_time - s.end_time)
    return ", ".join(f"{s.step_key} {s.end_time - s.start_time:.1f}" for s in stats[:12])


def write_night(base: Path, out: Path, *, users: int, messages: int, days: int) -> None:
    """``messages`` messages of the base's users on the day after its last, with ids of their own."""
    tmp = out.parent / "night-tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    start = date(2026, 1, 1) + timedelta(days=days)  # the base's conversations start on 2026-01-01
    write_synthetic_exports(tmp, users=users, messages=messages, days=1, seed=99, start=start)
    (source,) = tmp.glob("*.jsonl")
    lines = [json.loads(line) for line in source.read_text(encoding="utf-8").splitlines()]
    for line in lines:
        line["message_id"] = "night-" + line["message_id"]
    (out / source.name).write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    shutil.rmtree(tmp)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--users", type=int, default=2000)
    parser.add_argument("--messages", type=int, default=200_000)
    parser.add_argument("--days", type=int, default=10)
    parser.add_argument("--night", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=2, help="alternating --shards 1 / 4 pairs")
    parser.add_argument("--skip-shards", action="store_true")
    parser.add_argument("--warehouse-layout", choices=["copy", "views"], default="copy",
                        help="the night's homes' warehouse_layout (config.toml)")
    parser.add_argument("--skip-fresh", action="store_true", help="no fresh full run to compare the night's with")
    args = parser.parse_args()
    base = OUT / f"synth-{args.users}u-{args.messages}m-{args.days}d"
    if not base.exists():
        write_synthetic_exports(base, users=args.users, messages=args.messages, days=args.days, seed=0)
    print(f"messages: {args.messages:,}  users: {args.users:,}  files: {args.days}")
    for _ in range(0 if args.skip_shards else args.rounds):
        for shards in (1, 4):
            home = OUT / f"home-shards-{shards}"
            shutil.rmtree(home, ignore_errors=True)
            print(f"backfill --shards {shards} (fresh home): {backfill(base, home, shards):.1f} s", flush=True)
    night_in = OUT / "night-in"
    shutil.rmtree(night_in, ignore_errors=True)
    shutil.copytree(base, night_in)
    home, fresh = OUT / "home-night", OUT / "home-fresh"
    for path in (home, fresh):
        shutil.rmtree(path, ignore_errors=True)
        path.mkdir(parents=True)
        (path / "config.toml").write_text(f'warehouse_layout = "{args.warehouse_layout}"\n', encoding="utf-8")
    full = backfill(night_in, home, 1)
    print(f"full backfill: {full:.1f} s; steps (s): {step_times(home)}", flush=True)
    write_night(night_in, night_in, users=args.users, messages=args.night, days=args.days)
    night = backfill(night_in, home, 1)
    print(f"the night's steps (s): {step_times(home)}", flush=True)
    unchanged = backfill(night_in, home, 1)
    print(f"full backfill: {full:.1f} s; night of {args.night:,} messages: {night:.1f} s "
          f"({night / full:.1%} of the full run); unchanged re-run: {unchanged:.1f} s")
    if args.skip_fresh:
        return
    backfill(night_in, fresh, 1)
    same = stored(home) == stored(fresh)
    print(f"night's warehouse equals a fresh full run's: {same}")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
