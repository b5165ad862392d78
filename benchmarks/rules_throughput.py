"""Speed check of the rules backend: fragments per second of CPU on one core.

    python -m benchmarks.rules_throughput [--fragments 50000] [--seed 0]

The load is what the pipeline's benchmark feeds it: synthetic exports (tools.synth),
each user message with the assistant turn before it. Not a test: timings depend on the
machine, so they are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from anamnesis.understanding.rules import RulesBackend
from schemas.events import Fragment
from tools.synth import write_synthetic_exports


def synthetic_fragments(count: int, seed: int) -> list[Fragment]:
    """``count`` user fragments of a synthetic export, with their assistant context."""
    with tempfile.TemporaryDirectory() as tmp:
        paths = write_synthetic_exports(Path(tmp), users=max(1, count // 100), messages=count * 2, days=1, seed=seed)
        records = [json.loads(line) for path in paths for line in path.read_text(encoding="utf-8").splitlines()]
    fragments: list[Fragment] = []
    before: dict[str, str] = {}
    ts = datetime(2026, 1, 1, tzinfo=UTC)
    for r in records:
        if r["role"] == "assistant":
            before[r["session_id"]] = r["text"]
            continue
        context = before.pop(r["session_id"], None)
        fragments.append(Fragment(r["message_id"], r["user_id"], r["message_id"], ts, r["text"], context, r["lang"]))
    return fragments[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fragments", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    fragments = synthetic_fragments(args.fragments, args.seed)
    backend = RulesBackend()
    started = time.process_time()
    events = sum(len(u.events) for u in backend.understand(fragments))
    elapsed = time.process_time() - started
    distinct = len({(f.text, f.context, f.lang) for f in fragments})
    print(
        f"{len(fragments):,} fragments ({distinct:,} distinct), {events:,} events in {elapsed:.2f} s CPU: "
        f"{len(fragments) / elapsed:,.0f} fragments/s"
    )


if __name__ == "__main__":
    main()
