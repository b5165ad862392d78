"""Hostile-input benchmark: one large export file, end to end, with peak RSS per pipeline step.

Usage (figures in BENCHMARKS.md come from exactly this):

    uv run python benchmarks/large_export.py --gigabytes 0.5 1 2

Each size is one export file of that many GiB, run by `anamnesis backfill` in a fresh home.
Messages are synthetic (tools.synth) with each user text padded by further sentences to
about 2 KB, so the file is large the way long real chats are, not by many tiny lines; every
size repeats the same 100,000 seed messages of 5,000 users under new message ids, so the
number of users and facts stays the same and only the volume of text grows.

Peak RSS is reported for the largest process (the kernel's figure) and, sampled every 50 ms,
for the backfill process during each Dagster step, so a step whose memory grows with the export
shows up as a growing row.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import psutil

from benchmarks.steps import step_windows
from tools.synth import write_synthetic_exports

OUT = Path(__file__).parent / "out"
PAD = " I also wanted to mention that I have been sleeping badly and walking every evening for about an hour."


def build(target_bytes: int, path: Path) -> int:
    seed_dir = OUT / "large-seed"
    if not seed_dir.exists():
        write_synthetic_exports(seed_dir, users=5_000, messages=100_000, days=1, seed=5)
    lines = [json.loads(line) for f in sorted(seed_dir.glob("*.jsonl")) for line in f.open(encoding="utf-8")]
    written = rows = 0
    with path.open("w", encoding="utf-8") as fh:
        while written < target_bytes:
            for row in lines:
                row = dict(row, message_id=f"{row['message_id']}-{rows}")
                if row["role"] == "user":
                    row["text"] = (row["text"] + PAD * 20)[:2_000]
                line = json.dumps(row, ensure_ascii=False) + "\n"
                fh.write(line)
                written += len(line.encode())
                rows += 1
                if written >= target_bytes:
                    break
    return rows


class RssSampler:
    """Samples the RSS of a process and of its largest child, with timestamps."""

    def __init__(self, pid: int) -> None:
        self.process = psutil.Process(pid)
        self.samples: list[tuple[float, int, int]] = []
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while True:
            try:
                own = self.process.memory_info().rss
                children = [c.memory_info().rss for c in self.process.children(recursive=True)]
            except psutil.Error:
                return
            self.samples.append((time.time(), own, max(children, default=0)))
            time.sleep(0.05)

    def peaks(self, start: float, end: float) -> tuple[int, int]:
        window = [(own, child) for t, own, child in self.samples if start <= t <= end]
        return max((o for o, _ in window), default=0), max((c for _, c in window), default=0)


def run_size(gigabytes: float) -> None:
    input_dir = OUT / f"large-{gigabytes:g}g"
    export = input_dir / "export-2026-06-01.jsonl"
    if not export.exists():
        input_dir.mkdir(parents=True, exist_ok=True)
        build(int(gigabytes * 2**30), export)
    rows = sum(1 for _ in export.open("rb"))
    home = OUT / "large-home"
    shutil.rmtree(home, ignore_errors=True)
    load_before = os.getloadavg()[0]
    started = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "pipelines.cli", "backfill", "--input", str(input_dir), "--home", str(home)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    sampler = RssSampler(proc.pid)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(proc.stderr.read().decode()[-2000:] if proc.stderr else "backfill failed")
    size = export.stat().st_size
    print(
        f"export: {size / 2**30:.2f} GiB, {rows:,} lines; load average {load_before:.2f} before, "
        f"{os.getloadavg()[0]:.2f} after"
    )
    print(
        f"backfill: {elapsed:.0f} s = {rows / elapsed:,.0f} messages/s, {size / 2**20 / elapsed:.1f} MiB/s, "
        f"peak RSS {usage.ru_maxrss / 2**10:,.0f} MiB (largest single process)"
    )
    print(f"  {'step':<36} {'seconds':>8} {'peak RSS':>10} {'workers':>9}")
    for step, start, end in step_windows(home):
        own, child = sampler.peaks(start, end)
        print(f"  {step:<36} {end - start:>8.1f} {own / 2**20:>6,.0f} MiB {child / 2**20:>5,.0f} MiB")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--gigabytes", type=float, nargs="+", default=[1.0], help="one run per export size")
    args = parser.parse_args()
    for gigabytes in args.gigabytes:
        run_size(gigabytes)


if __name__ == "__main__":
    main()
