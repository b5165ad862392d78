"""The issue's quality bars, on the committed gold set and MTS-Dialog validation (rules backend).

Fails, listing the figures and first errors, when any figure drops below its bar.
"""

from __future__ import annotations

import pytest

from anamnesis.evaluation import metrics as m
from anamnesis.evaluation.run import DEFAULT_GOLD, DEFAULT_MTS, EvalResult


def _figures(result: EvalResult) -> str:
    from anamnesis.evaluation.report import summary_lines

    lines = summary_lines(result)
    for name, obs in (result.gold_scores or {}).items():
        errs = m.errors(obs)
        lines += [f"  gold {name}: {o.item} {o.detail}" for o in errs[:5]]
    for name, obs in (result.mts_scores or {}).items():
        if name != "placement":
            lines += [f"  MTS {name}: {o.item} {o.detail}" for o in m.errors(obs)[:5]]
    return "\n".join(lines)


def test_bars_on_gold_set_and_mts_validation() -> None:
    """The issue's bars, on the committed gold set and MTS-Dialog validation (rules backend)."""
    from anamnesis.evaluation.run import run_eval

    if not DEFAULT_GOLD.is_dir() or not any(DEFAULT_GOLD.glob("*.jsonl")):
        pytest.fail(f"gold dialogues missing: no *.jsonl in {DEFAULT_GOLD}")
    mts_present = (DEFAULT_MTS / "validation.csv").is_file()
    result = run_eval(DEFAULT_GOLD, DEFAULT_MTS if mts_present else None, split="validation")
    if not mts_present:
        result.mts_note = f"MTS-Dialog not found at {DEFAULT_MTS} (CI needs shared/ beside the clone)"
    failing = [b.name for b in result.bars if not b.passed]
    if failing:
        pytest.fail(f"{len(failing)} figure(s) below their bars: {'; '.join(failing)}\n" + _figures(result),
                    pytrace=False)
