"""Cost proportional to the night: after a night only the users it touched are redone, and the
warehouse equals the one a fresh full run over the same exports builds."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import dagster as dg
import polars as pl
import pytest

from anamnesis.config import load_settings
from anamnesis.erasure.forget import forget_user
from anamnesis.sample_data import SAMPLE_EXPORTS
from anamnesis.storage.deltas import scan_table, table_files, table_rows
from anamnesis.storage.lake import Lake
from assets.resources import CallbackProgress
from pipelines.run import instance_for, run_backfill
from tests.conftest import message
from tests.test_batches import stored
from tools.synth import write_synthetic_exports

NIGHT = "export-2026-03-20.jsonl"


def _jsonl(rows: list[dict]) -> str:
    """An export file's text: one JSON message a line."""
    return "".join(json.dumps(r) + "\n" for r in rows)


def night_lines() -> str:
    """A new user, and known users saying new things (one of them changing an earlier statement)."""
    rows = [
        message("n1", "u-night-1", "2026-03-20T08:00:00Z", "user", "I was diagnosed with asthma."),
        message("n2", "u-en-01", "2026-03-20T08:05:00Z", "user", "I stopped taking metformin."),
        message("n3", "u-ru-01", "2026-03-20T08:06:00Z", "user", "У меня аллергия на пенициллин."),
    ]
    return _jsonl(rows)


LATER_NIGHT = "export-2026-12-01.jsonl"


def later_night_lines() -> str:
    """Two known users, after every message of the sample, and a new one."""
    rows = [
        message("l1", "u-en-01", "2026-12-01T08:00:00Z", "user", "I started taking atorvastatin 20 mg."),
        message("l2", "u-ru-01", "2026-12-01T08:05:00Z", "user", "Я больше не принимаю метформин."),
        message("l3", "u-night-2", "2026-12-01T08:06:00Z", "user", "I have a penicillin allergy."),
    ]
    return _jsonl(rows)


def check_rows(settings, run_id: str) -> dict[str, int]:
    """Rows each check of the run validated (its ``rows`` metadata)."""
    with instance_for(settings) as instance:
        records = instance.get_records_for_run(run_id, of_type=dg.DagsterEventType.ASSET_CHECK_EVALUATION).records
    evaluations = [r.event_log_entry.dagster_event.event_specific_data for r in records]
    return {e.check_name: e.metadata["rows"].value for e in evaluations if "rows" in e.metadata}


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
    layout = "copy" if shards == 1 else "views"  # views over a base and its delta parts too
    settings = load_settings(tmp_path / "home").model_copy(update={"shards": shards, "warehouse_layout": layout})
    kept = {"progress": CallbackProgress(lambda *_: None)}  # a substitute: the shards' steps run in-process
    run_backfill(settings, exports, resources=kept)
    lake = Lake(settings.lake)
    summaries_before = scan_table(lake, "session_summaries").collect()
    (exports / NIGHT).write_text(night_lines(), encoding="utf-8")
    outcome = run_backfill(settings, exports, resources=kept)
    assert outcome.days_ingested == ["2026-03-20"]
    night_users = {"u-night-1", "u-en-01", "u-ru-01"}
    assert outcome.metadata["messages"]["users_redone"] == len(night_users)
    assert outcome.metadata["extracted_events"]["users_redone"] == len(night_users)
    # only the night's fragments were read; the stores of every other user were kept as they were
    assert outcome.metadata["extracted_events"]["fragments_in"] < 40
    # the known users said more after this night's day (a later export): folded from the start
    assert outcome.metadata["fact_histories"]["users_resumed"] == 0
    # summaries and memories: the night's users alone; every other user's summaries kept as they were
    assert outcome.metadata["session_summaries"]["users_redone"] == len(night_users)
    assert outcome.metadata["memory_tables"]["users_read"] == len(night_users)
    assert outcome.metadata["memory_tables"]["users_rebuilt"] <= len(night_users)
    others = pl.col("user_id").is_in(list(night_users)).not_()
    assert scan_table(lake, "session_summaries").collect().filter(others).equals(summaries_before.filter(others))
    # the checks validated the night's rows only
    validated = check_rows(settings, outcome.run_id)
    night_messages = scan_table(lake, "messages").filter(~others).collect().height
    assert validated["messages_schema"] == night_messages < table_rows(lake, "messages")
    assert 0 < validated["fact_state_schema"] < table_rows(lake, "fact_state")
    assert not lake.touched.exists()  # every stage caught up: the note is gone
    assert run_backfill(settings.model_copy(update={"shards": 2}), exports, resources=kept).unchanged
    # a night after everything: the known users' folds resume where the last one left them
    (exports / LATER_NIGHT).write_text(later_night_lines(), encoding="utf-8")
    later = run_backfill(settings, exports, resources=kept)
    assert later.metadata["fact_histories"]["users_resumed"] == 2
    assert later.metadata["fact_histories"]["change_type_first_mention"] >= 1

    fresh = load_settings(tmp_path / "fresh")
    run_backfill(fresh, exports)
    assert stored(settings.home) == stored(fresh.home)
    for table in ("messages", "events", "fact_state", "session_summaries"):  # the lake as read: a full rewrite's
        night_rows, fresh_rows = (
            scan_table(x, table).collect().drop("recorded_at", strict=False) for x in (lake, Lake(fresh.lake))
        )
        assert night_rows.equals(fresh_rows)

    assert table_files(lake, "messages").parts  # the night's rows are a part of their own
    forget_user(settings, "u-en-01")  # a night's user: their rows in the parts, and the parts, go
    assert not list(lake.root.glob("*.deltas"))
    for path in lake.root.rglob("*.parquet"):
        if "user_id" in pl.read_parquet_schema(path):
            assert "u-en-01" not in pl.read_parquet(path, columns=["user_id"])["user_id"].to_list(), path


def test_an_unchanged_cli_rerun_answers_before_dagster_is_imported(before: Path, tmp_path: Path):
    """Importing Dagster and the assets is most of an unchanged re-run's time: the CLI decides first."""
    settings = load_settings(tmp_path / "home")
    run_backfill(settings, before)
    argv = ["anamnesis", "backfill", "--input", str(before), "--home", str(settings.home)]
    code = (
        f"import sys; sys.argv = {argv!r}\n"
        "from pipelines.cli import main\n"
        "try:\n    main()\nexcept SystemExit as exc:\n    assert not exc.code, exc.code\n"
        "assert 'dagster' not in sys.modules, 'dagster was imported'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "nothing changed since the last backfill" in done.stderr
