"""CPU seconds of each Dagster step of one `anamnesis backfill`, for comparisons on a loaded machine.

    python benchmarks/step_cpu.py --input DATA_DIR --home HOME   # then the CLI's own options

Runs the CLI in this process (one shard: every step runs here) and notes, at each step's start
and end, the CPU the process has used (all its threads) and that of its reaped children (the
rules and ingest workers). At a load of 10 on 2 cores a step's wall time is several times the
quiet machine's, but its CPU moves far less; the step's "cores" column is CPU over wall.
"""

from __future__ import annotations

import resource
import sys
import time
from typing import Any

_SEEN: dict[str, tuple[float, float, float]] = {}
_STEPS: list[tuple[str, float, float, float]] = []


def _clock() -> tuple[float, float, float]:
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.perf_counter(), time.process_time(), children.ru_utime + children.ru_stime


def _noting(real: Any) -> Any:
    def handle_new_event(self: Any, event: Any, **kwargs: Any) -> None:
        step = event.dagster_event
        if step is not None and step.step_key is not None:
            if step.event_type_value == "STEP_START":
                _SEEN[step.step_key] = _clock()
            elif step.event_type_value in ("STEP_SUCCESS", "STEP_FAILURE"):
                wall, cpu, children = (now - then for now, then in zip(_clock(), _SEEN[step.step_key], strict=True))
                _STEPS.append((step.step_key, wall, cpu, children))
        real(self, event, **kwargs)

    return handle_new_event


def main() -> None:
    # imported here, not at the top: every worker forked for the run runs this script's top
    # level again as ``__mp_main__``, and Dagster there would add ~1 s of CPU to each worker
    from dagster._core.instance.methods.event_methods import EventMethods

    from pipelines.cli import app

    EventMethods.handle_new_event = _noting(EventMethods.handle_new_event)  # type: ignore[method-assign]
    started = _clock()
    try:
        app(["backfill", *sys.argv[1:]], standalone_mode=False)
    finally:
        total = [now - then for now, then in zip(_clock(), started, strict=True)]
        print(f"{'step':45s} {'wall':>7s} {'CPU':>7s} {'workers':>7s} {'cores':>5s}")
        for key, wall, cpu, children in _STEPS:
            print(f"{key:45s} {wall:7.2f} {cpu:7.2f} {children:7.2f} {(cpu + children) / wall:5.2f}")
        print(f"{'whole process':45s} {total[0]:7.2f} {total[1]:7.2f} {total[2]:7.2f}")


if __name__ == "__main__":
    main()
