"""Quality gates (rules backend): the gold bars, the unseen (blind) floors, MTS-Dialog's bars.

The gold set and MTS-Dialog have the issue's bars. The blind set has never been tuned on, so its
gate is a floor under the figures measured when it was last raised (issue 11's targets, 0.92 F1
and so on, are reported in docs/eval/report.md and are not reached yet): a change that loses
generalization fails here. Blind errors are never printed, so the set stays unseen.
"""

from __future__ import annotations

import pytest

from anamnesis.evaluation import metrics as m
from anamnesis.evaluation.datasets import bundled, default_mts, mts_available
from anamnesis.evaluation.result import EvalResult


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


def _mts_dir():
    """MTS-Dialog beside the project; missing is a skip here and a failure under CI=true."""
    import os

    directory = default_mts()
    if not mts_available(directory):
        reason = f"MTS-Dialog not found at {directory} (it lives in ../shared, which a fresh clone lacks)"
        if os.environ.get("CI", "").lower() not in ("", "0", "false", "no"):
            pytest.fail(f"{reason}; CI must run with shared/ beside the clone", pytrace=False)
        pytest.skip(reason)
    return directory


def _assert_bars(result: EvalResult, *, prefix: str) -> None:
    failing = [b.name for b in result.bars if not b.passed and b.name.startswith(prefix)]
    if failing:
        pytest.fail(f"{len(failing)} figure(s) below their bars: {'; '.join(failing)}\n" + _figures(result),
                    pytrace=False)


#: Floors on the unseen set: raise them when the figures rise; never lower them to pass.
#: Measured 2026-12-01 on the second merged tree: F1 en 0.798 / ru 0.804 / zh 0.802, negation
#: 0.507, status 0.886, dose 0.869, 25 forbidden-fact turns; the floors sit a little under them.
UNSEEN_FLOORS: dict[str, float] = {
    "fact F1 (en)": 0.77,
    "fact F1 (ru)": 0.78,
    "fact F1 (zh)": 0.78,
    "negation accuracy": 0.48,
    "status accuracy": 0.86,
    "dose accuracy": 0.83,
}
#: Turns of the unseen set that may yield a fact where there must be none (the issue's bar is 0).
UNSEEN_FORBIDDEN_CEILING = 28


def test_bars_on_gold_set_and_floors_on_unseen_set() -> None:
    """The gold bars on the bundled gold set; the floors on the blind set (one pipeline run)."""
    from pipelines.evaluate import run_eval

    result = run_eval(bundled("gold"), None, blind_dir=bundled("blind"))
    _assert_bars(result, prefix="gold")
    unseen = {b.name.removeprefix("unseen "): b for b in result.bars if b.name.startswith("unseen ")}
    low = [f"{name} {unseen[name].value} < {floor}" for name, floor in UNSEEN_FLOORS.items()
           if unseen[name].value is None or unseen[name].value < floor]
    forbidden = unseen["turns with a fact where there must be none"].value or 0
    if forbidden > UNSEEN_FORBIDDEN_CEILING:
        low.append(f"forbidden-fact turns {forbidden:g} > {UNSEEN_FORBIDDEN_CEILING}")
    if low:
        pytest.fail("unseen figures below their floors: " + "; ".join(low), pytrace=False)


def test_bars_on_mts_validation() -> None:
    """The MTS-Dialog bars on its validation split; needs ../shared/data/mts-dialog."""
    from pipelines.evaluate import run_eval

    result = run_eval(None, _mts_dir(), split="validation")
    _assert_bars(result, prefix="MTS")
