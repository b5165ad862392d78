"""CPU the garbage collector takes in the main process of one `anamnesis backfill`, per generation.

    python benchmarks/gc_time.py --input DATA_DIR --home HOME   # then the CLI's own options

Runs the CLI in this process (as ``benchmarks/step_cpu.py`` does) with a ``gc.callbacks`` hook
that adds up each collection's CPU. A full (generation 2) pass walks every tracked object of the
process, so its cost grows with what the run has imported and built.
"""

from __future__ import annotations

import gc
import sys
import time
from collections import defaultdict
from typing import Any

from pipelines.cli import app


def main() -> None:
    spent: dict[int, list[float]] = defaultdict(lambda: [0.0, 0])
    started = [0.0]

    def note(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started[0] = time.process_time()
            return
        entry = spent[info["generation"]]
        entry[0] += time.process_time() - started[0]
        entry[1] += 1

    gc.callbacks.append(note)
    cpu = time.process_time()
    try:
        app(["backfill", *sys.argv[1:]], standalone_mode=False)
    finally:
        cpu = time.process_time() - cpu
        for generation, (seconds, count) in sorted(spent.items()):
            print(f"generation {generation}: {count:5d} collections, {seconds:5.2f} s CPU")
        print(f"all collections {sum(s for s, _ in spent.values()):.2f} s of the process's {cpu:.2f} s CPU")


if __name__ == "__main__":
    main()
