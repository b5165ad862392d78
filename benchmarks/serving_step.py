"""The backfill's last step, ``serving_stores`` (warehouse and memory tables), alone on a built home.

Usage (the figures in BENCHMARKS.md come from exactly this):

    nice uv run python -m benchmarks.serving_step --home HOME [--rounds 2]

Copies the lake of ``HOME`` (a backfilled home, not changed) into a fresh home under
``benchmarks/out/serving_step`` each round, starts the worker server as a backfill does (its
preload waited for: that is not the step's time), then materializes ``serving_stores`` with
Dagster, as the backfill's last step. Prints wall and CPU seconds of the step: this process (all
its threads), and the server's with its reaped embedding workers; then compares the round's
warehouse and memory rows with ``HOME``'s (``tools.compare_homes``). Run with another tree's
interpreter and ``PYTHONPATH`` to time that tree's code.
"""

from __future__ import annotations

import argparse
import shutil
import time
from pathlib import Path

OUT = Path(__file__).parent / "out" / "serving_step"


def _fresh_home(home: Path) -> Path:
    """A home holding a copy of ``home``'s lake and nothing else (the step writes into its lake)."""
    from anamnesis.config import load_settings

    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    shutil.copytree(load_settings(home).lake, load_settings(OUT).lake)
    return OUT


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--home", type=Path, required=True)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    # Imported here, not at the top: every worker forked from the server runs this module's top
    # level again (multiprocessing's ``__mp_main__``), which would charge it Dagster's import.
    import dagster as dg

    from anamnesis import worker_server
    from assets.serving.assets import serving_stores
    from benchmarks.stage_pairs import PRELOAD, _cpu
    from pipelines.definitions import build_resources

    for round_ in range(1, args.rounds + 1):
        home = _fresh_home(args.home)
        worker_server.start(PRELOAD)
        with worker_server.second_process(True) as worker:  # wait for the preload: not the step's time
            assert worker is not None
            worker.submit(int).result()
        time.sleep(0.3)
        wall, cpu = time.perf_counter(), _cpu()
        result = dg.materialize(
            [serving_stores], resources=build_resources(home=str(home), input_dir=str(home)),
            instance=dg.DagsterInstance.ephemeral(),
        )
        wall = time.perf_counter() - wall
        time.sleep(0.3)  # the server reaps its workers
        cpu = _cpu() - cpu
        worker_server.stop()
        assert result.success
        from tools.compare_homes import compare_memories, compare_warehouses  # imports lancedb: after the step

        print(f"round {round_} serving_stores: wall {wall:6.2f} s CPU {cpu:5.2f} s (workers included)")
        print("\n".join([*compare_warehouses(args.home / "warehouse.duckdb", home / "warehouse.duckdb"),
                         *compare_memories(args.home, home)]))


if __name__ == "__main__":
    main()
