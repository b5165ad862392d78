"""CPU and wall of the understanding stage alone (rules backend, worker processes included).

    python -m benchmarks.understanding_stage --home HOME [--out DIR]

``HOME`` is a home already backfilled (its lake holds ``messages.parquet``); it is only read.
The stage runs as in a one-shard backfill, with nothing reused from earlier readings, and
writes its files into ``--out`` (default: a temporary directory). The CPU is given for this
process (fragments, the store, events and measurements frames) and for the worker server with its
workers (their reading, and the server's preload of the rules: the same for any two trees). Not a
test: the figures depend on the machine and its load, so they are printed, never asserted.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from anamnesis.storage.lake import Lake
from anamnesis.understanding.rules import RulesBackend
from anamnesis.understanding.stage import understand_lake


def _cpu() -> tuple[float, float]:
    """CPU seconds of this process and of its reaped children (the server stopped with the stage)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", type=Path, required=True)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = args.out or Path(tmp)
        lake = Lake(out / "lake")
        lake.root.mkdir(parents=True, exist_ok=True)
        shutil.copy(Lake(args.home / "lake").messages, lake.messages)
        (own, workers), wall = _cpu(), time.perf_counter()
        counts = understand_lake(lake, RulesBackend(), now=datetime.now(UTC))
        wall = time.perf_counter() - wall
        own, workers = (now - then for now, then in zip(_cpu(), (own, workers), strict=True))
    print(
        f"{counts.run.understood:,} fragments understood, {counts.events:,} events: {wall:.1f} s wall, "
        f"CPU (user + system) {own:.2f} s in this process, {workers:.2f} s in the server and its workers"
    )


if __name__ == "__main__":
    main()
