"""The fold in two processes (the run's worker server up) writes what the fold in one process writes."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import polars as pl
import pytest

from anamnesis import worker_server
from anamnesis.config import load_settings
from anamnesis.facts import stage
from anamnesis.storage.lake import Lake
from pipelines.run import run_backfill
from tests.conftest import message
from tests.dagster_doubles import HashMemory, KeywordUnderstanding

TABLES = ("fact_events", "fact_state", "conflicts")


@pytest.fixture(autouse=True)
def no_server_left() -> None:
    yield
    worker_server.stop()


SAID = ["I have asthma.", "My gout is back.", "No asthma any more.", "gout and asthma both"]


@pytest.fixture
def lake(tmp_path: Path, write_export) -> Lake:
    """A backfilled home's lake: five users' events, facts and messages."""
    write_export(
        "export-2026-02-01.jsonl",
        [
            message(f"m{i}", f"u{i % 5}", f"2026-02-01T09:{i:02d}:00Z", "user", SAID[i % len(SAID)])
            for i in range(40)
        ],
    )
    settings = load_settings(tmp_path / "home")
    run_backfill(settings, tmp_path / "in", resources={"understanding": KeywordUnderstanding(), "memory": HashMemory()})
    return Lake(settings.lake)


@pytest.fixture
def handed_over(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of users of each range handed to the second process (the server started)."""
    submitted: list[int] = []

    class Recording(ProcessPoolExecutor):
        def submit(self, fn, job, /):  # noqa: ANN001, ANN202 - the one call the fold makes
            submitted.append(job.events["user_id"].n_unique())
            return super().submit(fn, job)

    monkeypatch.setattr(
        worker_server, "second_process", lambda wanted: Recording(max_workers=1, mp_context=worker_server.context())
    )
    worker_server.start(["anamnesis.facts.stage"])
    return submitted


def _fold_into(lake: Lake, out: Path) -> stage.FoldCounts:
    out.mkdir()
    return stage.fold_lake(lake, out=Lake(out))


def test_a_fold_split_over_a_worker_writes_the_same_tables(
    tmp_path: Path, lake: Lake, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    alone = _fold_into(lake, tmp_path / "alone")
    monkeypatch.setattr(stage, "PARALLEL_MIN_EVENTS", 1)
    handed_over = request.getfixturevalue("handed_over")
    paired = _fold_into(lake, tmp_path / "paired")

    assert handed_over and sum(handed_over) < 5  # a range of users was folded in the worker, not all of them
    assert paired == alone and alone.fact_events > 0
    for table in TABLES:
        assert pl.read_parquet(getattr(Lake(tmp_path / "paired"), table)).equals(
            pl.read_parquet(getattr(Lake(tmp_path / "alone"), table))
        ), table
