"""Cost proportional to the night: after a night only the users it touched are redone, and the
warehouse equals the one a fresh full run over the same exports builds."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import polars as pl
import pytest

from anamnesis.config import load_settings
from anamnesis.sample_data import SAMPLE_EXPORTS
from anamnesis.storage.lake import Lake
from assets.resources import CallbackProgress
from pipelines.run import run_backfill
from tests.conftest import message
from tests.test_batches import stored
from tools.synth import write_synthetic_exports

NIGHT = "export-2026-03-20.jsonl"


def night_lines() -> str:
    """A new user, and known users saying new things (one of them changing an earlier statement)."""
    rows = [
        message("n1", "u-night-1", "2026-03-20T08:00:00Z", "user", "I was diagnosed with asthma."),
        message("n2", "u-en-01", "2026-03-20T08:05:00Z", "user", "I stopped taking metformin."),
        message("n3", "u-ru-01", "2026-03-20T08:06:00Z", "user", "У меня аллергия на пенициллин."),
    ]
    return "".join(json.dumps(r) + "\n" for r in rows)


@pytest.fixture(scope="module")
def before(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The exports before the night: the sample's, and synthetic users."""
    out = tmp_path_factory.mktemp("night") / "before"
    shutil.copytree(SAMPLE_EXPORTS, out)
    write_synthetic_exports(out / "synth", users=40, messages=1_500, days=3, seed=3)
    return out


@pytest.mark.parametrize("shards", [1, 3])
def test_a_night_redoes_only_its_users_and_gives_the_fresh_warehouse(
    before: Path, tmp_path: Path, shards: int
):
    exports = tmp_path / "in"
    shutil.copytree(before, exports)
    settings = load_settings(tmp_path / "home").model_copy(update={"shards": shards})
    kept = {"progress": CallbackProgress(lambda *_: None)}  # a substitute: the shards' steps run in-process
    run_backfill(settings, exports, resources=kept)
    (exports / NIGHT).write_text(night_lines(), encoding="utf-8")
    outcome = run_backfill(settings, exports, resources=kept)
    assert outcome.days_ingested == ["2026-03-20"]
    night_users = {"u-night-1", "u-en-01", "u-ru-01"}
    assert outcome.metadata["messages"]["users_redone"] == len(night_users)
    assert outcome.metadata["extracted_events"]["users_redone"] == len(night_users)
    # only the night's fragments were read; the stores of every other user were kept as they were
    assert outcome.metadata["extracted_events"]["fragments_in"] < 40
    assert not Lake(settings.lake).touched.exists()  # every stage caught up: the note is gone
    assert run_backfill(settings.model_copy(update={"shards": 2}), exports, resources=kept).unchanged

    fresh = load_settings(tmp_path / "fresh")
    run_backfill(fresh, exports)
    assert stored(settings.home) == stored(fresh.home)
    assert pl.read_parquet(Lake(settings.lake).messages).equals(pl.read_parquet(Lake(fresh.lake).messages))
