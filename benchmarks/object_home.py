"""What an ``s3://`` home costs over a directory home: `anamnesis backfill` end to end, both ways.

Usage (the figures in BENCHMARKS.md come from exactly this):

    uv run python benchmarks/object_home.py --users 200 --messages 20000

Runs, in alternation, a fresh backfill and an unchanged re-run on a directory home and on an
``s3://`` home served by ``rclone serve s3`` on loopback (a local-disk backend: the figures
show the mirror's overhead, not a network's), and reports the objects and bytes in the bucket.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from pathlib import Path

from anamnesis.storage.object_home import Bucket, Mirror
from benchmarks.backfill_throughput import OUT, run_backfill
from tools.s3_server import rclone_s3
from tools.synth import write_synthetic_exports

BUCKET = "bench"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--users", type=int, default=200)
    parser.add_argument("--messages", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    input_dir = OUT / f"synth-{args.users}u-{args.messages}m-10d"
    if not input_dir.exists():
        write_synthetic_exports(input_dir, users=args.users, messages=args.messages, days=10, seed=0)
    with tempfile.TemporaryDirectory() as scratch, rclone_s3(Path(scratch) / "s3", (BUCKET,)) as server:
        os.environ.update(server.env)
        os.environ["ANAMNESIS_CACHE_DIR"] = str(Path(scratch) / "cache")
        for round_no in range(args.rounds):
            local = Path(scratch) / "home"
            url = f"s3://{BUCKET}/round-{round_no}"
            shutil.rmtree(local, ignore_errors=True)
            shutil.rmtree(Path(scratch) / "cache", ignore_errors=True)
            for name, home in (("directory", local), ("s3", url)):
                fresh, rss = run_backfill(input_dir, home)  # type: ignore[arg-type]
                before = set(server.objects(BUCKET))
                unchanged, _ = run_backfill(input_dir, home)  # type: ignore[arg-type]
                uploaded = set(server.objects(BUCKET)) - before
                print(f"round {round_no} {name:9s} fresh {fresh:5.1f} s (peak RSS {rss / 2**20:,.0f} MiB)"
                      f"  unchanged re-run {unchanged:5.1f} s"
                      + (f", {len(uploaded)} objects uploaded by it" if name == "s3" else ""))
            started = time.perf_counter()
            Mirror(Path(scratch) / f"new-replica-{round_no}").pull(Bucket(url))
            print(f"round {round_no} pull into an empty mirror (a new replica): {time.perf_counter() - started:.2f} s")
            objects = server.objects(BUCKET)
            stored = sum(p.stat().st_size for p in objects) / 2**20
            files = sum(1 for p in local.rglob("*") if p.is_file())
            print(f"round {round_no} bucket: {len(objects)} objects, {stored:.1f} MiB; directory home: {files} files")
            shutil.rmtree(server.backend / BUCKET / f"round-{round_no}", ignore_errors=True)


if __name__ == "__main__":
    main()
