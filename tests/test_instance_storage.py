"""A home's Dagster instance writes its event log over kept connections (``pipelines.instance_storage``)
into Dagster's own files: Dagster's default classes (``dagster dev``, the daemon) read every event,
follow a run live, and a storage the home's ``dagster.yaml`` configures otherwise is left alone."""

from __future__ import annotations

import sqlite3
import threading
import time
from contextlib import closing
from pathlib import Path

import dagster as dg
import pytest
from alembic.script import ScriptDirectory
from dagster._core.instance.ref import InstanceRef
from dagster._core.storage.event_log.sqlite.sqlite_event_log import SqliteEventLogStorage

from anamnesis.config import load_settings
from pipelines.instance_storage import KeptConnectionsEventLog, kept_connections
from pipelines.run import instance_for


@dg.asset
def numbers() -> dg.MaterializeResult:
    return dg.MaterializeResult(metadata={"rows": 3})


@dg.asset_check(asset=numbers, blocking=True)
def numbers_positive() -> dg.AssetCheckResult:
    return dg.AssetCheckResult(passed=True)


def _run(instance: dg.DagsterInstance) -> str:
    result = dg.materialize([numbers, numbers_positive], instance=instance)
    assert result.success
    return result.run_id


def test_a_homes_events_are_written_over_kept_connections_and_read_by_dagsters_own_storage(tmp_path: Path) -> None:
    settings = load_settings(tmp_path / "home")
    with instance_for(settings) as instance:
        assert isinstance(instance.event_log_storage, KeptConnectionsEventLog)
        run_id = _run(instance)
        ours = [e.dagster_event_type for e in instance.all_logs(run_id) if e.is_dagster_event]
    with dg.DagsterInstance.from_config(str(settings.dagster_home.resolve())) as default:
        assert type(default.event_log_storage).__name__ == "SqliteEventLogStorage"
        theirs = [e.dagster_event_type for e in default.all_logs(run_id) if e.is_dagster_event]
        latest = default.get_latest_materialization_event(numbers.key)
        check = default.event_log_storage.get_latest_asset_check_execution_by_key([numbers_positive.check_key])
    assert theirs == ours
    assert dg.DagsterEventType.STEP_SUCCESS in theirs and dg.DagsterEventType.RUN_SUCCESS in theirs
    assert latest is not None and latest.run_id == run_id
    assert check[numbers_positive.check_key].run_id == run_id


def test_dagsters_own_watcher_follows_a_run_written_over_kept_connections(tmp_path: Path) -> None:
    settings = load_settings(tmp_path / "home")
    home = str(settings.dagster_home.resolve())
    with instance_for(settings) as instance:
        _run(instance)  # the storage's files exist; the next run is the one watched
        seen: list[str] = []
        got_one = threading.Event()

        def on_event(entry: object, _cursor: str) -> None:
            seen.append(getattr(entry, "run_id", ""))
            got_one.set()

        with dg.DagsterInstance.from_config(home) as watcher:
            run = instance.create_run_for_job(dg.define_asset_job("watched").resolve(
                asset_graph=dg.Definitions(assets=[numbers]).resolve_asset_graph()))
            watcher.event_log_storage.watch(run.run_id, None, on_event)
            time.sleep(0.5)  # the observer is up before the run's events are stored
            instance.report_engine_event("watched", run)
            assert got_one.wait(timeout=20), "Dagster's watcher saw no event of the run"
            watcher.event_log_storage.end_watch(run.run_id, on_event)
    assert run.run_id in seen


def test_a_storage_other_than_dagsters_sqlite_default_is_left_as_configured(tmp_path: Path) -> None:
    (tmp_path / "dagster.yaml").write_text(
        "storage:\n  postgres:\n    postgres_url: postgresql://nobody@localhost:1/dagster\n", encoding="utf-8"
    )
    ref = InstanceRef.from_dir(str(tmp_path))
    assert kept_connections(ref) is ref
    assert ref.storage_data is not None and ref.storage_data.module_name == "dagster_postgres"


def test_the_event_log_remembers_only_the_index_tables_it_found(tmp_path: Path) -> None:
    storage = KeptConnectionsEventLog(str(tmp_path / "runs"))
    assert storage.has_table("asset_event_tags")
    assert not storage.has_table("made_later")
    with storage.index_connection() as conn:
        conn.exec_driver_sql("create table made_later (x integer)")
    assert storage.has_table("made_later")  # a missing table was asked again, not remembered
    storage.dispose()


def test_a_sharded_runs_steps_capture_no_output_unless_the_home_names_its_own_capture(tmp_path: Path) -> None:
    """Each step of a sharded run is a process: Dagster's default capture would start four more in it."""
    one, four = load_settings(tmp_path / "a"), load_settings(tmp_path / "b", shards=4)
    with instance_for(one) as instance:
        assert type(instance.compute_log_manager).__name__ == "LocalComputeLogManager"
    with instance_for(four) as instance:
        assert type(instance.compute_log_manager).__name__ == "NoOpComputeLogManager"
        _run(instance)  # a run still goes through
    own = load_settings(tmp_path / "c", shards=4)
    own.dagster_home.mkdir(parents=True)
    (own.dagster_home / "dagster.yaml").write_text(
        f"compute_logs:\n  module: dagster._core.storage.local_compute_log_manager\n"
        f"  class: LocalComputeLogManager\n  config:\n    base_dir: {tmp_path / 'logs'}\n", encoding="utf-8"
    )
    with instance_for(own) as instance:
        assert type(instance.compute_log_manager).__name__ == "LocalComputeLogManager"


def test_a_new_runs_file_is_written_ahead_from_its_first_statement(tmp_path: Path) -> None:
    """Dagster creates a run's tables before it switches the file to WAL; in the default rollback
    journal each of those statements would sync the disk (~40 fsyncs a run)."""
    storage = KeptConnectionsEventLog(str(tmp_path / "runs"))
    with storage._engine("a-new-run").connect() as conn:  # the file is created by this connection
        mode = conn.exec_driver_sql("pragma journal_mode").scalar()
        sync = conn.exec_driver_sql("pragma synchronous").scalar()
    assert (mode, sync) == ("wal", 1)  # synchronous 1 = NORMAL
    with storage.run_connection("a-new-run") as conn:  # Dagster's own set-up of the file still runs
        assert conn.exec_driver_sql("select count(*) from alembic_version").scalar() == 1
    storage.dispose()


def _schema(path: Path) -> list[tuple[str, str]]:
    with closing(sqlite3.connect(path)) as conn:
        rows = conn.execute("select name, sql from sqlite_master where sql is not null order by name").fetchall()
        return [*rows, *conn.execute("select 'alembic', version_num from alembic_version").fetchall()]


def test_a_runs_file_is_a_copy_of_one_set_up_by_dagster_once_per_home(tmp_path: Path) -> None:
    """Setting up a run's file loads Dagster's alembic scripts twice (~0.1 s a run): done once, then copied."""
    calls: list[str] = []

    class Counting(KeptConnectionsEventLog):
        def _initdb(self, engine: object, for_index_shard: bool = False) -> None:  # noqa: FBT001, FBT002 - Dagster's signature
            calls.append(str(engine.url))  # type: ignore[attr-defined]
            super()._initdb(engine, for_index_shard)  # type: ignore[arg-type]

    storage = Counting(str(tmp_path / "ours"))
    for run_id in ("run-a", "run-b", "run-c"):
        with storage.run_connection(run_id) as conn:
            conn.exec_driver_sql("select count(*) from event_logs").scalar()
    storage.dispose()
    runs_set_up = [c for c in calls if not c.endswith("index.db")]
    assert len(runs_set_up) == 1 and runs_set_up[0].endswith(".tmp")  # the template alone, no run's file
    theirs = SqliteEventLogStorage(str(tmp_path / "theirs"))  # Dagster's own class sets up its file itself
    with theirs.run_connection("run-a") as conn:
        conn.exec_driver_sql("select count(*) from event_logs").scalar()
    theirs.dispose()
    assert _schema(tmp_path / "ours" / "run-b.db") == _schema(tmp_path / "theirs" / "run-a.db")
    assert sorted(SqliteEventLogStorage(str(tmp_path / "ours")).get_all_run_ids()) == ["run-a", "run-b", "run-c"]


def test_a_sharded_runs_steps_open_the_storage_the_run_checked_without_dagsters_checks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each check loads Dagster's alembic scripts (~40 ms a step's process); the run's process checks once."""
    four = load_settings(tmp_path / "home", shards=4)
    with instance_for(four) as instance:  # a home's first run: its files are created here
        assert type(instance.get_ref().storage).__name__ == "CheckedStorage"
        run_id = _run(instance)
        step_ref = instance.get_ref()  # what the multiprocess executor hands each step

    def no_check(*_: object) -> None:
        raise AssertionError("a step's process checked the storage again")

    monkeypatch.setattr(ScriptDirectory, "from_config", no_check)
    with dg.DagsterInstance.from_ref(step_ref) as step:  # as a step's process opens it
        assert dg.DagsterEventType.RUN_SUCCESS in [e.dagster_event_type for e in step.all_logs(run_id)]
        assert step.get_run_by_id(run_id) is not None
        step.report_engine_event("a step's event", step.get_run_by_id(run_id))
        assert step.all_logs(run_id)[-1].message == "a step's event"
