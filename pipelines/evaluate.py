"""``anamnesis eval``: the gold dialogues and MTS-Dialog through the real job, then scored.

The dialogues are written as CONTRACT §1 exports into a fresh home, the whole backfill job
runs in-process (:func:`pipelines.run.run_backfill`) with the chosen backend (``rules``, or
``openai`` configured by the environment as for a backfill) and offline embeddings, and the
warehouse and the lake are read back (:mod:`anamnesis.evaluation.predictions`). Context recall
asks the real FastAPI app with each gold query. This is the top layer because it runs the Dagster job.
"""

from __future__ import annotations

import contextlib
import secrets
import tempfile
import time
from pathlib import Path

from anamnesis.environment import environment
from anamnesis.evaluation import gold as gold_mod
from anamnesis.evaluation import mts as mts_mod
from anamnesis.evaluation.gold import GoldDialogue
from anamnesis.evaluation.gold_scoring import score_gold
from anamnesis.evaluation.mts import MtsDialogue
from anamnesis.evaluation.mts_scoring import score_mts
from anamnesis.evaluation.predictions import Predictions, ask_context, read_predictions
from anamnesis.evaluation.result import EvalResult

#: Environment variables the run sets for itself (and restores afterwards).
_ENV_KEYS = ("ANAMNESIS_LLM", "ANAMNESIS_EMBEDDINGS", "ANAMNESIS_API_TOKENS", "ANAMNESIS_HOME", "DAGSTER_HOME")


def run_eval(
    gold_dir: Path | None,
    mts_dir: Path | None = None,
    *,
    split: str = "validation",
    dev_dir: Path | None = None,
    blind_dir: Path | None = None,
    validation_dir: Path | None = None,
    home: Path | None = None,
    llm: str = "rules",
) -> EvalResult:
    """Run the pipeline on the gold, dev, validation and unseen (blind) sets and/or MTS-Dialog
    and score them.

    All sets go through one backfill (their user ids are distinct) and are scored apart: the
    bars apply to the gold set, the dev and validation sets are reported beside it, the blind
    set (the frozen test) has floors.

    ``home``: where to build the warehouse (kept afterwards, for inspection); a temporary
    directory by default. ``FileNotFoundError`` / ``GoldFormatError`` when an input is missing
    or malformed.
    """
    started = time.perf_counter()
    gold, dev, validation, blind = (
        gold_mod.load_gold(d) if d is not None else None for d in (gold_dir, dev_dir, validation_dir, blind_dir)
    )
    mts = mts_mod.load_mts(mts_dir, split) if mts_dir is not None else None
    if gold is None and dev is None and validation is None and mts is None and blind is None:
        raise ValueError("nothing to evaluate: give a gold, dev, validation or blind directory or MTS-Dialog")
    with contextlib.ExitStack() as stack:
        if home is None:
            home = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="anamnesis-eval-"))) / "home"
        seconds = {"load": time.perf_counter() - started}
        dialogues = [*(gold or []), *(dev or []), *(validation or []), *(blind or [])]
        predictions, backend, timing = _run_pipeline(home, dialogues, mts or [], llm=llm)
        seconds.update(timing)
    gold_scores, dev_scores, validation_scores, blind_scores = (
        score_gold(ds, predictions) if ds is not None else None for ds in (gold, dev, validation, blind)
    )
    mts_scores = score_mts(mts, predictions.facts) if mts is not None else None
    seconds["total"] = time.perf_counter() - started
    return EvalResult(
        gold=gold, mts=mts, split=split if mts is not None else None, predictions=predictions,
        gold_scores=gold_scores, mts_scores=mts_scores, backend=backend,
        gold_dir=gold_dir, mts_dir=mts_dir, seconds=seconds,
        blind=blind, blind_scores=blind_scores, blind_dir=blind_dir,
        dev=dev, dev_scores=dev_scores, dev_dir=dev_dir,
        validation=validation, validation_scores=validation_scores, validation_dir=validation_dir,
    )


def _without_decay(home: Path) -> None:
    """Turn decay off in the eval home: a gold query is asked right after its dialogue, so its
    facts must not decay with the wall clock (the dialogues are dated; decay has its own tests).
    Without this, context recall drifts down as the calendar moves past the dialogues' dates."""
    from anamnesis.config import DEFAULT_RETENTION_DAYS

    home.mkdir(parents=True, exist_ok=True)
    lines = ["[retention_days]", *(f"{section} = 0" for section in DEFAULT_RETENTION_DAYS)]
    (home / "config.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _run_pipeline(
    home: Path, gold: list[GoldDialogue], mts: list[MtsDialogue], *, llm: str
) -> tuple[Predictions, str, dict[str, float]]:
    from anamnesis.config import load_settings
    from pipelines.run import run_backfill

    if home.exists() and any(home.iterdir()):
        raise FileExistsError(f"eval home {home} is not empty")
    exports = home.parent / f"{home.name}-exports"
    exports.mkdir(parents=True, exist_ok=True)
    if gold:
        gold_mod.write_export(gold_mod.export_rows(gold), exports / "gold.jsonl")
    if mts:
        gold_mod.write_export(mts_mod.export_rows(mts), exports / "mts.jsonl")
    _without_decay(home)
    token = secrets.token_urlsafe(16)
    timing: dict[str, float] = {}
    values = {"ANAMNESIS_LLM": llm, "ANAMNESIS_EMBEDDINGS": "use", "ANAMNESIS_API_TOKENS": token}
    with environment(values, cleared=_ENV_KEYS):
        settings = load_settings(home)
        if settings.llm == "openai" and not settings.llm_model:
            raise ValueError("eval --backend openai needs a model: set ANAMNESIS_LLM_MODEL (and OPENAI_BASE_URL)")
        t0 = time.perf_counter()
        run_backfill(settings, exports)
        timing["pipeline"] = time.perf_counter() - t0
        t0 = time.perf_counter()
        predictions, backend = read_predictions(settings)
        timing["read"] = time.perf_counter() - t0
        t0 = time.perf_counter()
        queries = [(d.id, d.user_id, d.query.text) for d in gold if d.query is not None]
        predictions.context = ask_context(settings, token, queries)
        timing["api"] = time.perf_counter() - t0
    return predictions, backend, timing


