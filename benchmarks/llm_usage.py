"""Calls and prompt tokens of the openai backend on an input, sync vs batch, and the dry run's estimate.

Runs against the loopback stand-in (``tests/openai_stub.py``), which counts tokens with
``cl100k_base``; the estimate counts with ``o200k_base`` (and, for comparison, with the
4-characters-per-token rule of thumb). Prints a Markdown table for BENCHMARKS.md.

    uv run python benchmarks/llm_usage.py [--input DIR] [--router keywords|terminology]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from anamnesis.config import load_settings  # noqa: E402
from anamnesis.sample_data import SAMPLE_EXPORTS  # noqa: E402
from anamnesis.understanding import llm_estimate  # noqa: E402
from pipelines.run import run_backfill  # noqa: E402
from tests.conftest import write_config  # noqa: E402
from tests.openai_stub import OpenAIStub, stub_config  # noqa: E402

#: gpt-4o-mini's standard price, for the stand-in's model.
PRICE = "\n[llm_prices.stub-model]\ninput_per_1m = 0.15\noutput_per_1m = 0.60\n"


def _home(root: Path, stub: OpenAIStub, mode: str) -> Path:
    home = root / mode
    write_config(home, **stub_config(stub, llm_mode=mode, llm_batch_poll_s=0.01))
    with (home / "config.toml").open("a", encoding="utf-8") as config:
        config.write(PRICE)
    return home


def _sum(rows: list[dict], key: str) -> float:
    return sum(float(r[key] or 0) for r in rows)


def tokenizer_gap(settings: object, input_dir: Path) -> str:
    """The counting rules alone, on one request set (each fragment's classifier and medications call)."""
    from anamnesis.understanding.fragments import build_fragments
    from anamnesis.understanding.llm_context import render_input
    from anamnesis.understanding.openai_backend import OpenAIBackend
    from schemas.events import Fragment
    from tests.openai_stub import prompt_usage

    backend = OpenAIBackend(settings)  # type: ignore[arg-type]
    columns = ("fragment_key", "user_id", "message_id", "ts", "text", "context", "lang")
    frame = build_fragments(llm_estimate.read_input(input_dir, backend.settings.home)).select(*columns)
    bodies = [
        backend.request_body(task, render_input(f))
        for f in (Fragment(*row) for row in frame.iter_rows())
        for task in [backend.classifier, *backend.extraction_tasks(f, ["medications"])]
    ]
    backend.close()
    stand_in = sum(prompt_usage(b) for b in bodies)
    o200k = sum(llm_estimate.prompt_tokens(b) for b in bodies)
    original = llm_estimate.count_tokens
    llm_estimate.count_tokens = lambda text: round(len(text) / 4)  # type: ignore[assignment]
    chars = sum(llm_estimate.prompt_tokens(b) for b in bodies)
    llm_estimate.count_tokens = original  # type: ignore[assignment]
    return (
        f"same {len(bodies)} requests: stand-in (cl100k_base) {stand_in}, o200k_base {o200k} "
        f"({100 * (o200k / stand_in - 1):+.1f}%), 4 chars/token {chars} ({100 * (chars / stand_in - 1):+.1f}%; "
        f"{100 * (chars / o200k - 1):+.1f}% against o200k_base)"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--input", type=Path, default=SAMPLE_EXPORTS)
    parser.add_argument("--router", default="terminology", choices=["keywords", "terminology"])
    args = parser.parse_args()
    lines = ["| run | calls | prompt tokens | completion tokens | calls / 1k msgs | prompt tokens / 1k msgs | "
             "batches | est. cost (USD) |", "|---|---|---|---|---|---|---|---|"]  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp, OpenAIStub(router=args.router) as stub:
        root = Path(tmp)
        estimated = llm_estimate.estimate(load_settings(_home(root, stub, "sync")), args.input)
        original = llm_estimate.count_tokens
        llm_estimate.count_tokens = lambda text: round(len(text) / 4)  # type: ignore[assignment]
        by_chars = llm_estimate.estimate(load_settings(_home(root, stub, "sync")), args.input)
        llm_estimate.count_tokens = original  # type: ignore[assignment]
        assert stub.requests == 0
        messages = 0
        real: dict[str, list[dict]] = {}
        for mode in ("sync", "batch"):
            before = stub.batches_created
            outcome = run_backfill(load_settings(_home(root, stub, mode)), args.input)
            messages = int(outcome.metadata["messages"]["messages_out"])  # type: ignore[arg-type]
            real[mode] = outcome.metadata["extracted_events"]["llm_usage"]  # type: ignore[assignment]
            rows = real[mode]
            calls, prompt = _sum(rows, "calls"), _sum(rows, "prompt_tokens")
            lines.append(
                f"| {mode} | {calls:.0f} | {prompt:.0f} | {_sum(rows, 'completion_tokens'):.0f} | "
                f"{1000 * calls / messages:.0f} | {1000 * prompt / messages:.0f} | "
                f"{stub.batches_created - before} | {_sum(rows, 'estimated_cost_usd'):.4f} |"
            )
        truth = _sum(real["sync"], "prompt_tokens")
        for name, rows in (("dry run, o200k_base", estimated), ("dry run, 4 chars/token", by_chars)):
            prompt = _sum(rows, "prompt_tokens")
            lines.append(
                f"| {name} ({100 * (prompt / truth - 1):+.1f}% prompt tokens) | {_sum(rows, 'calls'):.0f} | "
                f"{prompt:.0f} | {_sum(rows, 'completion_tokens'):.0f} (guessed) | "
                f"{1000 * _sum(rows, 'calls') / messages:.0f} | {1000 * prompt / messages:.0f} | – | "
                f"{_sum(rows, 'estimated_cost_usd'):.4f} |"
            )
        gap = tokenizer_gap(load_settings(root / "sync"), args.input)
    print(f"{messages} messages, stand-in router {args.router}")
    print("\n".join(lines))
    print(gap)


if __name__ == "__main__":
    main()
