"""The fold of a built home in one process, then in two (the worker server up).

Usage (the figures in BENCHMARKS.md come from exactly this):

    nice uv run python -m benchmarks.stage_pairs --home HOME [--rounds 2]

Reads the lake of ``HOME`` (a backfilled home, not changed) and redoes ``fold_lake`` into fresh
directories under ``benchmarks/out/``, alternating: alone
(no server), then paired (the run's worker server up, preloading what a backfill's does; the
second range of users goes to a worker forked from it). Prints wall and CPU seconds (this
process, and the server with its reaped workers) of each, and whether the paired
run wrote the same tables.
"""

from __future__ import annotations

import argparse
import multiprocessing.forkserver
import os
import resource
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import polars as pl

from anamnesis import worker_server
from anamnesis.config import load_settings
from anamnesis.facts.stage import FACT_TABLES, fold_lake
from anamnesis.storage.lake import Lake

OUT = Path(__file__).parent / "out" / "stage_pairs"
#: What a backfill's server preloads (pipelines.worker_preload for the default backends).
PRELOAD = ["anamnesis.understanding.rules.preload", "anamnesis.embeddings.preload"]


def _cpu() -> float:
    """This process's CPU seconds, and while the server is up, the server's and its reaped workers'."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    total = own.ru_utime + own.ru_stime
    pid = getattr(multiprocessing.forkserver._forkserver, "_forkserver_pid", None)
    if pid is not None:
        utime, stime, cutime, cstime = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[11:15]
        total += (int(utime) + int(stime) + int(cutime) + int(cstime)) / os.sysconf("SC_CLK_TCK")
    return total


def _timed(stage: Callable[[Lake], object], out: Path) -> tuple[float, float]:
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    wall, cpu = time.perf_counter(), _cpu()
    stage(Lake(out))
    wall = time.perf_counter() - wall
    time.sleep(0.3)  # the server reaps its worker
    return wall, _cpu() - cpu


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--home", type=Path, required=True)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    lake = Lake(load_settings(args.home).lake)
    alone_dir, paired_dir = OUT / "fold-alone", OUT / "fold-paired"
    for round_ in range(1, args.rounds + 1):
        alone = _timed(lambda out: fold_lake(lake, out=out), alone_dir)
        worker_server.start(PRELOAD)
        with worker_server.second_process(True) as worker:  # wait for the preload: not the fold's time
            assert worker is not None
            worker.submit(int).result()
        paired = _timed(lambda out: fold_lake(lake, out=out), paired_dir)
        worker_server.stop()
        same = all(
            pl.read_parquet(getattr(Lake(alone_dir), t)).equals(pl.read_parquet(getattr(Lake(paired_dir), t)))
            for t in FACT_TABLES
        )
        print(
            f"round {round_} fold alone: wall {alone[0]:6.2f} s CPU {alone[1]:5.2f} s   "
            f"paired: wall {paired[0]:6.2f} s CPU {paired[1]:5.2f} s   same tables: {same}"
        )


if __name__ == "__main__":
    main()
