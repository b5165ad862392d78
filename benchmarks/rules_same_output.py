"""Every output of the rules backend over a fixed load, as sorted JSON lines (to prove a speed change kept behaviour).

    python -m benchmarks.rules_same_output OUT.jsonl [--fragments 50000] [--seeds 0,1]

The load: the synthetic fragments of :mod:`benchmarks.rules_throughput` (one set per seed)
and every user turn of the gold and dev dialogues, once with the assistant turn before it as
context and once without. Run it on two trees and ``cmp`` the files: a speed change must
leave them byte for byte identical. Not a test: it needs minutes, and two trees.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from anamnesis.evaluation.gold import load_gold
from anamnesis.understanding.rules import RulesBackend
from benchmarks.rules_throughput import synthetic_fragments
from schemas.events import Fragment

#: Labelled dialogues that may be read (never the blind set).
DIALOGUE_DIRS = (Path("anamnesis/evaluation/data/gold"), Path("anamnesis/evaluation/data/dev"))
_TS = datetime(2026, 1, 1, tzinfo=UTC)


def dialogue_fragments() -> Iterator[Fragment]:
    """Each user turn of the gold and dev sets, with and without the assistant turn before it."""
    for directory in DIALOGUE_DIRS:
        for dialogue in load_gold(directory):
            before: str | None = None
            for n, turn in enumerate(dialogue.turns):
                if turn.role != "user":
                    before = turn.text
                    continue
                for context in (before, None):
                    fid = f"{dialogue.id}-t{n}-{'c' if context else 'n'}"
                    yield Fragment(fid, dialogue.user_id, fid, _TS, turn.text, context, dialogue.lang)
                before = None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--fragments", type=int, default=50_000)
    parser.add_argument("--seeds", default="0,1")
    args = parser.parse_args()
    fragments = list(dialogue_fragments())
    for seed in (int(s) for s in args.seeds.split(",")):
        fragments.extend(synthetic_fragments(args.fragments, seed))
    lines: set[str] = set()
    for fragment, understanding in zip(fragments, RulesBackend().understand(fragments), strict=True):
        record = {
            "text": fragment.text,
            "context": fragment.context,
            "lang": fragment.lang,
            "sections": understanding.sections,
            "events": understanding.events,
            "measurements": understanding.measurements,
        }
        lines.add(json.dumps(record, ensure_ascii=False, sort_keys=True, default=str))
    args.out.write_text("".join(f"{line}\n" for line in sorted(lines)), encoding="utf-8")
    print(f"{len(fragments):,} fragments, {len(lines):,} distinct outputs → {args.out}")


if __name__ == "__main__":
    main()
