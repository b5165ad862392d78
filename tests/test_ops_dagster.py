"""Nightly operation in Dagster: schedule and sensor, per-partition metadata, table metadata, check severities."""

from __future__ import annotations

from pathlib import Path

import dagster as dg
import duckdb
import pytest

from anamnesis.config import load_settings
from pipelines.definitions import build_definitions
from pipelines.run import instance_for, run_backfill
from tests.conftest import message, write_config

DAY_1 = "2026-05-01"
DAY_2 = "2026-05-02"


def test_the_nightly_schedule_and_the_sensor_are_in_definitions(tmp_path: Path) -> None:
    home = tmp_path / "home"
    write_config(home, schedule_cron="15 3 * * *", schedule_timezone="Europe/Berlin")
    defs = build_definitions(home=str(home), input_dir=str(tmp_path))
    repo = defs.get_repository_def()
    schedule = repo.get_schedule_def("nightly_backfill")
    assert schedule.cron_schedule == "15 3 * * *" and schedule.execution_timezone == "Europe/Berlin"
    assert schedule.job_name == "backfill" and schedule.default_status == dg.DefaultScheduleStatus.RUNNING
    sensor = repo.get_sensor_def("new_exports_sensor")
    assert sensor.default_status == dg.DefaultSensorStatus.RUNNING and sensor.job_name == "backfill"


def test_the_schedule_requests_a_run_only_for_new_exports(tmp_path: Path, write_export) -> None:
    home, inp = tmp_path / "home", tmp_path / "in"
    write_export(f"export-{DAY_1}.jsonl", [message("m1", "u1", f"{DAY_1}T09:00:00Z", "user", "I take metformin.")])
    settings = load_settings(home)
    instance = instance_for(settings)
    defs = build_definitions(home=str(home), input_dir=str(inp))
    schedule = defs.get_repository_def().get_schedule_def("nightly_backfill")
    with dg.build_schedule_context(instance=instance, resources=defs.resources) as context:
        result = schedule.evaluate_tick(context)
    assert len(result.run_requests) == 1
    assert result.run_requests[0].tags["dagster/asset_partition_range_start"] == DAY_1
    assert DAY_1 in instance.get_dynamic_partitions("export_days")
    run_backfill(settings, inp)
    with dg.build_schedule_context(instance=instance, resources=defs.resources) as context:
        result = schedule.evaluate_tick(context)
    assert not result.run_requests and result.skip_message


@pytest.fixture(scope="module")
def two_day_home(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("twoday")
    inp, home = root / "in", root / "home"
    inp.mkdir()
    import json

    def write(day: str, good: int, bad: int) -> None:
        rows = [json.dumps(message(f"m-{day}-{i}", f"u{i % 3}", f"{day}T09:{i:02d}:00Z", "user",
                                   "I take metformin 500 mg.")) for i in range(good)]
        rows += ["{not json"] * bad
        (inp / f"export-{day}.jsonl").write_text("\n".join(rows) + "\n", encoding="utf-8")

    write(DAY_1, good=5, bad=1)
    write(DAY_2, good=3, bad=4)
    run_backfill(load_settings(home), inp)
    return home, inp


def _latest(instance: dg.DagsterInstance, key: str, partition: str | None = None) -> dict[str, object]:
    records = instance.fetch_materializations(
        dg.AssetRecordsFilter(asset_key=dg.AssetKey(key), asset_partitions=[partition] if partition else None),
        limit=1,
    ).records
    mat = records[0].asset_materialization
    assert mat is not None
    return {k: v.value for k, v in mat.metadata.items()}


def test_per_partition_metadata_differs_per_day_and_matches_the_quarantine_table(two_day_home) -> None:
    home, _ = two_day_home
    instance = instance_for(load_settings(home))
    con = duckdb.connect(str(home / "warehouse.duckdb"), read_only=True)
    try:
        quarantined = dict(con.execute("select export_day, count(*) from quarantine group by 1").fetchall())
        messages = dict(con.execute("select export_day, count(*) from messages group by 1").fetchall())
    finally:
        con.close()
    assert quarantined == {DAY_1: 1, DAY_2: 4}
    day_1, day_2 = _latest(instance, "export_messages", DAY_1), _latest(instance, "export_messages", DAY_2)
    for day, meta in ((DAY_1, day_1), (DAY_2, day_2)):
        assert meta["quarantined_lines"] == quarantined[day]
        assert meta["messages_out"] == messages[day] == meta["dagster/row_count"]
        assert meta["lines_in"] == quarantined[day] + messages[day] and meta["files"] == 1
    assert day_1 != day_2


def test_every_asset_reports_row_count_and_column_schema(two_day_home) -> None:
    home, _ = two_day_home
    instance = instance_for(load_settings(home))
    for key in ("messages", "extracted_events", "fact_histories", "warehouse", "memory_tables"):
        meta = _latest(instance, key)
        assert isinstance(meta["dagster/row_count"], int) and meta["dagster/row_count"] > 0, key
        schema = meta["dagster/column_schema"]
        assert isinstance(schema, dg.TableSchema) and len(schema.columns) >= 4, key
    columns = {c.name: c for c in _latest(instance, "warehouse")["dagster/column_schema"].columns}
    assert columns["dose_value"].type == "DOUBLE" and columns["section"].type.startswith("ENUM(")
    assert columns["decayed"].description


def test_checks_carry_severities_and_the_rates_with_their_threshold(two_day_home) -> None:
    home, _ = two_day_home
    instance = instance_for(load_settings(home))

    def latest(asset: str, check: str) -> dg.AssetCheckEvaluation:
        history = instance.event_log_storage.get_asset_check_execution_history(
            dg.AssetCheckKey(dg.AssetKey(asset), check), limit=1
        )
        evaluation = history[0].event.dagster_event.event_specific_data
        assert isinstance(evaluation, dg.AssetCheckEvaluation)
        return evaluation

    rate = latest("messages", "quarantine_rate")
    meta = {k: v.value for k, v in rate.metadata.items()}
    assert meta["quarantine"] == 5 and meta["of"] == 13 and meta["threshold"] == 0.05
    assert not rate.passed and rate.severity == dg.AssetCheckSeverity.WARN  # 38% quarantined: a warning
    rejects = latest("extracted_events", "rejects_rate")
    assert rejects.passed and rejects.severity == dg.AssetCheckSeverity.WARN
    schema = latest("fact_histories", "fact_events_schema")
    assert schema.passed and schema.severity == dg.AssetCheckSeverity.ERROR
