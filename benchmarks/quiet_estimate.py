"""What a backfill would take on a quiet 2-core machine, estimated on a loaded one, step by step.

    python benchmarks/quiet_estimate.py --input DATA_DIR --home HOME [--cores 2]

Runs ``anamnesis backfill`` in a subprocess and reads the CPU time of every thread of its
process tree from ``/proc`` every 0.1 s. A loaded machine stretches each phase by a different
factor (a phase on two cores gets a larger share than one on one), so wall times say little;
each slice's CPU says what the run asked for. A slice's quiet time is ``max(the busiest
thread's CPU, all CPU / cores)``, summed per Dagster step (the home's step windows) and for the
stretches before the first and after the last. CPU itself is inflated by load (caches), so
compare shares and trees measured at like loads (BENCHMARKS.md, branch ``write18``). Linux only.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

from benchmarks.steps import step_windows

TICK = os.sysconf("SC_CLK_TCK")
Snapshot = dict[str, float]


def _stat_fields(path: str) -> list[str]:
    with open(path) as f:
        text = f.read()
    return text[text.rindex(")") + 2 :].split()


def _tree(root: int) -> list[int]:
    children: dict[int, list[int]] = defaultdict(list)
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                children[int(_stat_fields(f"/proc/{name}/stat")[1])].append(int(name))
            except OSError:
                continue
    todo, seen = [root], []
    while todo:
        pid = todo.pop()
        seen.append(pid)
        todo.extend(children.get(pid, []))
    return seen


def _threads_cpu(root: int) -> Snapshot:
    """CPU seconds of every thread ("pid/tid") of ``root``'s process tree."""
    out: Snapshot = {}
    for pid in _tree(root):
        try:
            for tid in os.listdir(f"/proc/{pid}/task"):
                fields = _stat_fields(f"/proc/{pid}/task/{tid}/stat")
                out[f"{pid}/{tid}"] = (int(fields[11]) + int(fields[12])) / TICK
        except OSError:
            continue
    return out


def sample(command: list[str], every: float = 0.1) -> tuple[float, list[tuple[float, Snapshot]]]:
    """Run ``command``; (its start as a Unix time, (seconds since, threads' CPU) every ``every`` s)."""
    start = time.time()
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    samples = []
    while proc.poll() is None:
        samples.append((time.time() - start, _threads_cpu(proc.pid)))
        time.sleep(every)
    if proc.returncode != 0:
        raise SystemExit(f"{command[0]} failed with status {proc.returncode}")
    return start, samples


def per_phase(
    start: float, samples: list[tuple[float, Snapshot]], windows: list[tuple[str, float, float]], cores: int
) -> dict[str, tuple[float, float]]:
    """(quiet seconds, CPU seconds) of each step, and of the stretches before and after them."""
    spans = [(step, begin - start, end - start) for step, begin, end in windows]
    first, last = min(s[1] for s in spans), max(s[2] for s in spans)

    def phase(t: float) -> str:
        found = next((step for step, begin, end in spans if begin <= t < end), None)
        return found or ("(before the run)" if t < first else "(after the run)" if t >= last else "(between steps)")

    out: dict[str, tuple[float, float]] = {}
    for (t0, before), (t1, after) in zip(samples, samples[1:], strict=False):
        used = [cpu - before.get(key, 0.0) for key, cpu in after.items() if cpu > before.get(key, 0.0)]
        quiet, cpu = out.get(phase((t0 + t1) / 2), (0.0, 0.0))
        out[phase((t0 + t1) / 2)] = (quiet + max(max(used, default=0.0), sum(used) / cores), cpu + sum(used))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--input", type=Path, required=True)
    parser.add_argument("--home", type=Path, required=True)
    parser.add_argument("--cores", type=int, default=2)
    args = parser.parse_args()
    command = [sys.executable, "-m", "pipelines.cli", "backfill", "--input", str(args.input), "--home", str(args.home)]
    load = os.getloadavg()[0]
    start, samples = sample(command)
    phases = per_phase(start, samples, step_windows(args.home), args.cores)
    print(f"{'phase':45} {'quiet s':>8} {'CPU s':>7}")
    for name, (quiet, cpu) in phases.items():
        print(f"{name[:45]:45} {quiet:8.2f} {cpu:7.2f}")
    total_quiet, total_cpu = (sum(v[i] for v in phases.values()) for i in (0, 1))
    wall = samples[-1][0] if samples else 0.0
    loads = f"load {load:.1f} / {os.getloadavg()[0]:.1f}"
    print(f"{'total':45} {total_quiet:8.2f} {total_cpu:7.2f}   (wall {wall:.1f} s, {loads})")


if __name__ == "__main__":
    main()
