"""Hostile-input benchmark: one export file of about 1 GB, end to end, with peak RSS.

Usage (figures in BENCHMARKS.md come from exactly this):

    uv run python benchmarks/large_export.py --gigabytes 1

Messages are synthetic (anamnesis.synth) with each user text padded by further sentences to
about 2 KB, so the file is large the way long real chats are, not by many tiny lines.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from anamnesis.synth import write_synthetic_exports

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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--gigabytes", type=float, default=1.0)
    args = parser.parse_args()
    input_dir = OUT / f"large-{args.gigabytes:g}g"
    export = input_dir / "export-2026-06-01.jsonl"
    if not export.exists():
        input_dir.mkdir(parents=True, exist_ok=True)
        build(int(args.gigabytes * 2**30), export)
    rows = sum(1 for _ in export.open("rb"))
    home = OUT / "large-home"
    shutil.rmtree(home, ignore_errors=True)
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "anamnesis.cli", "backfill", "--input", str(input_dir),
                             "--home", str(home)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(proc.stderr.read().decode()[-2000:] if proc.stderr else "backfill failed")
    size = export.stat().st_size
    print(f"export: {size / 2**30:.2f} GiB, {rows:,} lines")
    print(f"backfill: {elapsed:.0f} s = {rows / elapsed:,.0f} messages/s, {size / 2**20 / elapsed:.1f} MiB/s, "
          f"peak RSS {usage.ru_maxrss / 2**10:,.0f} MiB (largest single process)")


if __name__ == "__main__":
    main()
