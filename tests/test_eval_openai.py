"""``anamnesis eval --backend openai``: gold dialogues through an OpenAI-compatible server, same report.

The server is the loopback stand-in (real HTTP); the endpoint and model come from the
environment, as for a backfill.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from anamnesis.evaluation.datasets import bundled
from pipelines.cli import app
from tests.openai_stub import OpenAIStub

DIALOGUES_PER_LANGUAGE = 4


def some_gold(directory: Path) -> Path:
    """The first dialogues of each bundled gold file: the real set, small enough for a test."""
    directory.mkdir()
    for path in sorted(bundled("gold").glob("*.jsonl")):
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)[:DIALOGUES_PER_LANGUAGE]
        (directory / path.name).write_text("".join(lines), encoding="utf-8")
    return directory


@pytest.fixture
def no_mts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANAMNESIS_MTS_DIR", str(tmp_path / "no-mts"))


def test_eval_with_the_openai_backend_writes_the_report(tmp_path, monkeypatch, no_mts) -> None:
    gold = some_gold(tmp_path / "gold")
    out = tmp_path / "out"
    with OpenAIStub() as stub:
        monkeypatch.setenv("OPENAI_BASE_URL", stub.base_url)
        monkeypatch.setenv("ANAMNESIS_LLM_MODEL", OpenAIStub.model)
        args = ["eval", "--backend", "openai", "--gold", str(gold), "--no-blind", "--out", str(out)]
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, result.output
        classified = {c.body["messages"][-1]["content"] for c in stub.calls if c.kind == "classifier"}
    report = (out / "report.md").read_text(encoding="utf-8")
    assert f"anamnesis eval --gold {gold} --out {out} --no-blind --backend openai" in report
    assert "backend `openai:stub-model (prompt set " in report
    for lang in ("en", "ru", "zh"):
        assert f"| gold fact F1 ({lang}) |" in report
    assert (out / "chart.png").read_bytes()[:4] == b"\x89PNG"
    assert any("metformin 500 mg" in c for c in classified)  # the gold turns went to the server
    assert "gold fact F1 (en)" in result.output


def test_eval_with_the_openai_backend_needs_a_model(tmp_path, no_mts) -> None:
    gold = some_gold(tmp_path / "gold")
    result = CliRunner().invoke(app, ["eval", "--backend", "openai", "--gold", str(gold), "--no-blind"])
    assert result.exit_code == 1
    assert "ANAMNESIS_LLM_MODEL" in result.output and "Traceback" not in result.output
