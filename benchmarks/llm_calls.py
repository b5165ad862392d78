"""LLM calls and prompt tokens per 1,000 messages: `anamnesis backfill` against the stand-in server.

Usage (the figures in BENCHMARKS.md come from exactly this):

    mkdir /tmp/llmctx-before && git archive c60dc9a | tar -x -C /tmp/llmctx-before   # the code before
    uv run python benchmarks/llm_calls.py --before-code /tmp/llmctx-before             # the bundled sample
    uv run python benchmarks/llm_calls.py --before-code /tmp/llmctx-before --synth 100 --messages 2000
    uv run python benchmarks/llm_calls.py --before-code /tmp/llmctx-before --gold  # gold + dev dialogues

Each variant is one fresh home and one `anamnesis backfill` process whose `openai` backend talks
to the loopback stand-in (`tests/openai_stub.py`), which records every request:

- before: the code given by ``--before-code`` with its defaults; without it, this code with
  `llm_context_turns = 0` and `llm_prefilter = false` (the same requests but for the prompts'
  paragraph on the new fields);
- context: earlier turns and known facts, no pre-filter;
- after: the defaults (4 earlier turns, known facts, the pre-filter).

Prompt tokens are the stand-in's count (words of the system and user messages; the response
schema is not counted); prompt characters are exact. The last lines price a combined
classify-and-extract call for short fragments: one call whose system prompt holds the classifier
and every extractor prompt, against the calls the fragment really needed.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

import duckdb

from anamnesis.evaluation.datasets import tuned_dirs
from anamnesis.evaluation.gold import export_rows, load_gold, write_export
from anamnesis.sample_data import SAMPLE_EXPORTS
from anamnesis.understanding.prompts import load_prompts
from tests.conftest import write_config
from tests.openai_stub import OpenAIStub, StubCall, stub_config
from tools.synth import write_synthetic_exports

VARIANTS: dict[str, dict[str, object]] = {
    "before": {"llm_context_turns": 0, "llm_prefilter": False},
    "context": {"llm_prefilter": False},
    "after": {},
}
#: A fragment this short (words of the user's message) would be a candidate for a combined call.
SHORT_WORDS = 12


def words(text: str) -> int:
    return len(text.split())


def backfill(stub: OpenAIStub, inputs: Path, home: Path, settings: dict[str, object], code: Path | None) -> int:
    """Run one backfill (of the code in ``code``, else this one); the number of clean messages it stored."""
    write_config(home, **stub_config(stub, llm_timeout_s=30, **settings))
    command = [sys.executable, "-m", "pipelines.cli", "backfill", "--input", str(inputs), "--home", str(home)]
    env = {**os.environ, "PYTHONPATH": str(code), "PYTHONDONTWRITEBYTECODE": "1"} if code else None
    done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=code, env=env)
    if done.returncode != 0:
        raise SystemExit(f"backfill failed: {done.stderr[-2000:]}")
    con = duckdb.connect(str(home / "warehouse.duckdb"), read_only=True)
    try:
        return int(con.execute("select count(*) from messages").fetchone()[0])  # type: ignore[index]
    finally:
        con.close()


def summary(calls: list[StubCall], messages: int) -> dict[str, float]:
    per = 1000 / messages
    kinds = Counter(c.kind for c in calls)
    tokens = sum(words(str(m["content"])) for c in calls for m in c.body["messages"])
    chars = sum(len(str(m["content"])) for c in calls for m in c.body["messages"])
    return {
        "calls": len(calls) * per,
        "classifier": kinds["classifier"] * per,
        "extract": kinds["extract"] * per,
        "prompt_tokens": tokens * per,
        "prompt_chars": chars * per,
    }


def combined_estimate(calls: list[StubCall]) -> tuple[int, int, int]:
    """(short fragments, prompt words they used, prompt words one combined call each would use)."""
    prompts = load_prompts()
    combined_system = words(prompts.classifier.text) + sum(words(p.text) for p in prompts.extractors.values())
    by_fragment: dict[str, list[StubCall]] = {}
    for c in calls:
        user = json.loads(c.body["messages"][-1]["content"])
        by_fragment.setdefault(json.dumps([user.get("earlier_turns"), user["user_message"]]), []).append(c)
    short, used, combined = 0, 0, 0
    for group in by_fragment.values():
        text = json.loads(group[0].body["messages"][-1]["content"])["user_message"]
        if words(text) > SHORT_WORDS:
            continue
        short += 1
        used += sum(words(str(m["content"])) for c in group for m in c.body["messages"])
        combined += combined_system + max(words(c.body["messages"][-1]["content"]) for c in group)
    return short, used, combined


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--synth", type=int, metavar="USERS", help="synthetic exports of this many users")
    parser.add_argument("--messages", type=int, default=2000)
    parser.add_argument("--gold", action="store_true", help="the bundled gold and dev dialogues")
    parser.add_argument("--before-code", type=Path, help="a checkout of the code before; its defaults are 'before'")
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="anamnesis-llm-calls-"))
    try:
        if args.synth:
            inputs = scratch / "in"
            write_synthetic_exports(inputs, users=args.synth, messages=args.messages, days=5, seed=0)
            label = f"synthetic, {args.synth} users, {args.messages} messages (tools/synth.py, seed 0)"
        elif args.gold:
            inputs, label = scratch / "in", "the bundled gold and dev dialogues"
            dialogues = [d for directory in tuned_dirs() for d in load_gold(directory)]
            inputs.mkdir()
            write_export(export_rows(dialogues), inputs / "gold.jsonl")
        else:
            inputs, label = SAMPLE_EXPORTS, "the bundled sample"
        print(f"{label}; per 1,000 messages")
        print("| variant | calls | classifier | extractor | prompt tokens | prompt chars |")
        print("|---|---:|---:|---:|---:|---:|")
        with OpenAIStub() as stub:
            for name, settings in VARIANTS.items():
                stub.reset()
                code = args.before_code.resolve() if name == "before" and args.before_code else None
                messages = backfill(stub, inputs, scratch / name, {} if code else settings, code)
                row = summary(list(stub.calls), messages)
                print(f"| {name} | {' | '.join(f'{v:,.0f}' for v in row.values())} |")
                if name == "after":
                    short, used, combined = combined_estimate(list(stub.calls))
        print(f"({messages} messages.) Combined call for the {short} asked fragments of <= {SHORT_WORDS} words:")
        print(f"their calls used {used:,} prompt words; one combined call each would use {combined:,}.")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
