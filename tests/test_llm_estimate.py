"""``backfill --dry-run``: the openai backend's calls, tokens and cost for an input, with no request sent.

The stand-in routes with ``router="terminology"`` (every section whose vocabulary the message
names, as a model that knows medicine would), not with the rules classifier the estimate
predicts with, and counts tokens with ``cl100k_base`` where the estimate uses ``o200k_base``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from anamnesis.config import load_settings
from anamnesis.sample_data import SAMPLE_EXPORTS
from anamnesis.understanding.llm_estimate import count_tokens, estimate
from anamnesis.understanding.prompts import BUNDLED_PROMPTS_DIR
from pipelines.cli import app
from pipelines.run import run_backfill
from tests.openai_stub import OpenAIStub
from tests.test_llm_batch import configure


@pytest.fixture
def stub():
    with OpenAIStub(router="terminology") as server:
        yield server


def totals(rows: list[dict]) -> dict[str, int]:
    return {k: sum(int(r[k]) for r in rows) for k in ("calls", "cache_hits", "prompt_tokens")}


def test_dry_run_calls_nothing_and_is_within_ten_percent_of_the_real_run(tmp_path, stub):
    home = tmp_path / "home"
    configure(home, stub, "sync")
    result = CliRunner().invoke(app, ["backfill", "--dry-run", "--home", str(home), "--input", str(SAMPLE_EXPORTS)])
    assert result.exit_code == 0, result.output
    assert "dry run: estimated LLM usage" in result.output and "classifier" in result.output
    assert stub.requests == 0
    assert not (home / "warehouse.duckdb").exists() and not (home / "lake").exists()

    estimated = estimate(load_settings(home), SAMPLE_EXPORTS)
    assert stub.requests == 0
    real = run_backfill(load_settings(home), SAMPLE_EXPORTS).metadata["extracted_events"]["llm_usage"]
    by_task = {r["task"]: r for r in estimated}
    real_classifier = next(r for r in real if r["task"] == "classifier")
    assert by_task["classifier"]["calls"] == real_classifier["calls"] == 308  # one per user message
    assert totals(estimated)["prompt_tokens"] == pytest.approx(totals(real)["prompt_tokens"], rel=0.10)
    assert all(r["estimated_cost_usd"] > 0 for r in estimated)

    again = {r["task"]: r for r in estimate(load_settings(home), SAMPLE_EXPORTS)}
    assert (again["classifier"]["calls"], again["classifier"]["cache_hits"]) == (0, 308)  # answered, cached


def test_the_estimate_follows_the_requests_content(tmp_path, stub):
    home = tmp_path / "home"
    configure(home, stub, "batch")
    before = {r["task"]: r for r in estimate(load_settings(home), SAMPLE_EXPORTS)}
    prompts = tmp_path / "prompts"
    shutil.copytree(BUNDLED_PROMPTS_DIR, prompts)
    added = "\nAnswer with the sections in the order of the list above, each at most once.\n"
    (prompts / "classifier.md").write_text((prompts / "classifier.md").read_text() + added, encoding="utf-8")
    configure(home, stub, "batch", prompts_dir=prompts)
    after = {r["task"]: r for r in estimate(load_settings(home), SAMPLE_EXPORTS)}
    grown = after["classifier"]["prompt_tokens"] - before["classifier"]["prompt_tokens"]
    assert grown == pytest.approx(308 * count_tokens(added), abs=308)  # the prompt's tokens, in every call
    assert after["medications"]["prompt_tokens"] == before["medications"]["prompt_tokens"]
    assert after["classifier"]["estimated_cost_usd"] > before["classifier"]["estimated_cost_usd"]
    assert before["classifier"]["mode"] == "batch"
    price = (before["classifier"]["prompt_tokens"] + 4 * before["classifier"]["completion_tokens"]) / 1e6
    assert before["classifier"]["estimated_cost_usd"] == pytest.approx(price / 2)  # batch discount
    assert stub.requests == 0


def test_a_dry_run_of_the_rules_backend_is_one_line(tmp_path: Path):
    result = CliRunner().invoke(app, ["backfill", "--dry-run", "--home", str(tmp_path / "h")])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert lines == ["anamnesis: error: --dry-run estimates the openai backend's calls: set ANAMNESIS_LLM=openai"]
