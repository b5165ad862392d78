"""Running the evaluation: gold dialogues in, the real pipeline and the read API, figures out.

The dialogues are written as CONTRACT §1 exports into a fresh home, the whole backfill job
runs in-process (:func:`pipelines.run.run_backfill`) with the ``rules`` backend and offline
embeddings, and the warehouse and the lake are read back. Context recall asks the real
FastAPI app (in-process, through Starlette's test client: the same routing, auth and
assembly as over HTTP) with each gold query.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from anamnesis.evaluation import gold as gold_mod
from anamnesis.evaluation import mts as mts_mod
from anamnesis.evaluation.gold import GoldDialogue
from anamnesis.evaluation.metrics import Bar, Obs, PredEvent, PredFact, Predictions, bars, score_gold, score_mts
from anamnesis.evaluation.mts import MtsDialogue

REPO_ROOT = Path(__file__).resolve().parents[2]
#: The bundled gold set.
DEFAULT_GOLD = REPO_ROOT / "eval" / "gold"
#: MTS-Dialog, in the ``shared/`` directory that sits beside the clone.
DEFAULT_MTS = REPO_ROOT.parent / "shared" / "data" / "mts-dialog"
#: Environment variables the run sets for itself (and restores afterwards).
_ENV_KEYS = ("ANAMNESIS_LLM", "ANAMNESIS_EMBEDDINGS", "ANAMNESIS_API_TOKENS", "ANAMNESIS_HOME", "DAGSTER_HOME")


@dataclass(slots=True)
class EvalResult:
    """Inputs, what the pipeline produced, and every observation the figures are made of."""

    gold: list[GoldDialogue] | None
    mts: list[MtsDialogue] | None
    split: str | None
    predictions: Predictions
    gold_scores: dict[str, list[Obs]] | None
    mts_scores: dict[str, list[Obs]] | None
    backend: str
    gold_dir: Path | None = None
    mts_dir: Path | None = None
    seconds: dict[str, float] = field(default_factory=dict)
    mts_note: str = "MTS-Dialog was not evaluated"

    @property
    def bars(self) -> list[Bar]:
        return bars(self.gold_scores, self.mts_scores, mts_missing=self.mts_note)

    @property
    def passed(self) -> bool:
        return all(b.passed for b in self.bars)


@contextlib.contextmanager
def _environment(values: dict[str, str]) -> Iterator[None]:
    saved = {k: os.environ.get(k) for k in _ENV_KEYS}
    try:
        for k in _ENV_KEYS:
            os.environ.pop(k, None)
        os.environ.update(values)
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def run_eval(
    gold_dir: Path | None,
    mts_dir: Path | None = None,
    *,
    split: str = "validation",
    home: Path | None = None,
    llm: str = "rules",
) -> EvalResult:
    """Run the pipeline on the gold set and/or MTS-Dialog and score it.

    ``home``: where to build the warehouse (kept afterwards, for inspection); a temporary
    directory by default. ``FileNotFoundError`` / ``GoldFormatError`` when an input is missing
    or malformed.
    """
    started = time.perf_counter()
    gold = gold_mod.load_gold(gold_dir) if gold_dir is not None else None
    mts = mts_mod.load_mts(mts_dir, split) if mts_dir is not None else None
    if gold is None and mts is None:
        raise ValueError("nothing to evaluate: give a gold directory or MTS-Dialog")
    with contextlib.ExitStack() as stack:
        if home is None:
            home = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="anamnesis-eval-"))) / "home"
        seconds = {"load": time.perf_counter() - started}
        predictions, backend, timing = _run_pipeline(home, gold or [], mts or [], llm=llm)
        seconds.update(timing)
    gold_scores = score_gold(gold, predictions) if gold is not None else None
    mts_scores = score_mts(mts, predictions.facts) if mts is not None else None
    seconds["total"] = time.perf_counter() - started
    return EvalResult(
        gold=gold, mts=mts, split=split if mts is not None else None, predictions=predictions,
        gold_scores=gold_scores, mts_scores=mts_scores, backend=backend,
        gold_dir=gold_dir, mts_dir=mts_dir, seconds=seconds,
    )


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
    token = secrets.token_urlsafe(16)
    timing: dict[str, float] = {}
    with _environment({"ANAMNESIS_LLM": llm, "ANAMNESIS_EMBEDDINGS": "use", "ANAMNESIS_API_TOKENS": token}):
        settings = load_settings(home)
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


def read_predictions(settings: Any) -> tuple[Predictions, str]:
    """Everything the metrics need, from the warehouse and the lake's understood fragments."""
    import polars as pl

    from anamnesis.fragments import build_fragments
    from anamnesis.storage.lake import Lake
    from anamnesis.storage.warehouse import connect

    con = connect(settings.warehouse_path)
    try:
        messages = con.sql(
            "select message_id, user_id, session_id, ts, role, text, lang, content_hash from messages"
        ).pl()
        extracted = con.execute(
            "select message_id, section, entity, status, extractor_version from extracted_events"
            " order by user_id, valid_from, message_id, event_index"
        ).fetchall()
        fact_events = con.execute(
            "select source_message_id, section, entity, status, change_type from fact_events"
            " order by user_id, valid_from, source_message_id, recorded_at"
        ).fetchall()
        facts = con.execute(
            "select user_id, section, entity, status, attributes::varchar, source_message_id from facts_current"
            " order by user_id, section, entity"
        ).fetchall()
    finally:
        con.close()
    pred = Predictions()
    understood_path = Lake(settings.lake).understood
    sections: dict[str, tuple[str, ...]] = {}
    if understood_path.exists() and messages.height:
        understood = pl.read_parquet(understood_path, columns=["fragment_key", "sections"]).unique("fragment_key")
        fragments = build_fragments(messages).select("fragment_key", "message_id")
        for message_id, secs in fragments.join(understood, on="fragment_key", how="left").select(
            "message_id", "sections"
        ).iter_rows():
            sections[message_id] = tuple(secs or ())
    pred.sections = sections
    pred.texts = dict(zip(messages["message_id"].to_list(), messages["text"].to_list(), strict=True))
    ext: dict[str, list[PredEvent]] = {}
    versions: set[str] = set()
    for message_id, section, entity, status, version in extracted:
        ext.setdefault(message_id, []).append(PredEvent(section, entity, status))
        versions.add(version)
    pred.extracted = ext
    fev: dict[str, list[PredEvent]] = {}
    for message_id, section, entity, status, change_type in fact_events:
        fev.setdefault(message_id, []).append(PredEvent(section, entity, status, change_type))
    pred.fact_events = fev
    cur: dict[str, list[PredFact]] = {}
    for user_id, section, entity, status, attributes, source in facts:
        attrs = {k: str(v) for k, v in (orjson.loads(attributes) if attributes else {}).items() if v is not None}
        cur.setdefault(user_id, []).append(PredFact(section, entity, status, attrs, source))
    pred.facts = cur
    backend = ", ".join(sorted(versions)) or settings.llm
    return pred, backend


def ask_context(settings: Any, token: str, queries: list[tuple[str, str, str]]) -> dict[str, list[tuple[str, str]]]:
    """(section, entity) of the facts ``POST /v1/users/{id}/context`` returns for each query."""
    from urllib.parse import quote

    from fastapi.testclient import TestClient

    from anamnesis.api.app import create_app

    out: dict[str, list[tuple[str, str]]] = {}
    if not queries:
        return out
    headers = {"Authorization": f"Bearer {token}"}
    with TestClient(create_app(settings)) as client:
        for dialogue_id, user_id, text in queries:
            response = client.post(
                f"/v1/users/{quote(user_id, safe='')}/context", json={"query": text}, headers=headers
            )
            response.raise_for_status()
            out[dialogue_id] = [(f["section"], f["entity"]) for f in response.json()["facts"]]
    return out
