# ruff: noqa: F811  (pytest passes the imported ``exports`` fixture by its name)
"""Sharded runs: users split by a stable hash, every stage after ingest one Dagster step per
shard, and any number of shards gives the warehouse one shard gives, relation for relation."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import dagster as dg
import pytest
import xxhash

from anamnesis.config import load_settings
from anamnesis.storage.shards import shard_of
from assets.resources import CallbackProgress
from pipelines.run import instance_for, run_backfill
from tests.test_batches import exports, stored  # noqa: F401  (exports: the fixture, used by name)


def test_a_users_shard_is_the_xxh3_hash_of_the_id_and_shards_are_even():
    # The function every step and machine agrees on; changing it would move users between shards.
    assert shard_of("u-en-01", 4) == xxhash.xxh3_64_intdigest(b"u-en-01") % 4
    assert shard_of("пациент 7", 16) == xxhash.xxh3_64_intdigest("пациент 7".encode()) % 16
    sizes = Counter(shard_of(f"user-{i}", 8) for i in range(8_000))
    assert set(sizes) == set(range(8)) and max(sizes.values()) < 1.1 * 1_000


def backfill(home: Path, exports: Path, shards: int, **kwargs: object) -> dict[str, dict[str, object]]:
    settings = load_settings(home).model_copy(update={"shards": shards})
    outcome = run_backfill(settings, exports, **kwargs)  # type: ignore[arg-type]
    assert outcome.failed_checks == []
    return outcome.metadata


@pytest.fixture(scope="module")
def one_shard(exports: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("one") / "home"
    backfill(home, exports, 1)
    return home


def test_four_shards_on_the_multiprocess_executor_give_the_one_shard_warehouse(
    exports: Path, one_shard: Path, tmp_path: Path
):
    home = tmp_path / "home"
    metadata = backfill(home, exports, 4)
    assert stored(home) == stored(one_shard)
    assert metadata["messages"]["shards"] == 4 and metadata["fact_histories"]["shards"] == 4
    with instance_for(load_settings(home)) as instance:
        run = instance.get_runs(limit=1)[0]
        steps = {e.step_key for e in instance.all_logs(run.run_id, of_type=dg.DagsterEventType.STEP_SUCCESS)}
        starts = instance.all_logs(run.run_id, of_type=dg.DagsterEventType.STEP_WORKER_STARTED)
        began = {
            e.dagster_event.step_key: e.timestamp
            for e in instance.all_logs(run.run_id, of_type=dg.DagsterEventType.STEP_START)
        }
    for stage in ("messages.consolidate_shard", "extracted_events.understand_shard", "fact_histories.fold_shard"):
        assert {f"{stage}[shard_{i}]" for i in range(4)} <= steps
    # a stage's fan-out waits for nothing, so it is no step between two stages; its shards wait
    assert (
        max(began[f"{s}.user_shards"] for s in ("extracted_events", "fact_histories"))
        < began["extracted_events.merge_events"]
    )
    assert began["fact_histories.fold_shard[shard_0]"] > began["extracted_events.merge_events"]
    # each asset's checks are evaluated in its merge's step (or its own step): no check step
    assert not any("checks" in step or step.endswith("_schema") for step in steps)
    assert len(steps) == 1 + 3 * (1 + 4 + 1) + 2  # ingest, 3 x (fan-out, 4 shards, merge), summaries, serving
    # each step ran in a process of its own (Dagster's multiprocess executor)
    assert len({e.dagster_event.pid for e in starts}) == len(starts) > 12
    assert not list((home / "lake").glob(".*.shards.tmp.spill"))  # the shards' parts are merged and gone
    from anamnesis import worker_server

    assert not worker_server.running()  # the steps' forkserver is stopped with the run


def test_three_shards_in_process_and_a_change_of_shard_count_between_nights(
    exports: Path, one_shard: Path, tmp_path: Path
):
    home = tmp_path / "home"
    seen: list[str] = []
    recorder = CallbackProgress(lambda stage, done, total: seen.append(stage))
    backfill(home, exports, 3, resources={"progress": recorder})  # a substitute resource: steps in-process
    assert stored(home) == stored(one_shard)
    assert {f"understand fragments [shard {i}/3]" for i in (1, 2, 3)} <= set(seen)  # each shard's own count
    # The next night with another shard count: the stores of earlier runs are read back by shard.
    (home / "lake" / "messages.parquet").touch()  # not an unchanged re-run: the stages run
    outcome = run_backfill(
        load_settings(home).model_copy(update={"shards": 2}), exports, resources={"progress": recorder}
    )
    assert not outcome.unchanged and outcome.metadata["fact_histories"]["shards"] == 2
    assert stored(home) == stored(one_shard)
