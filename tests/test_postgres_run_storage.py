"""Dagster run storage in PostgreSQL (``dagster-postgres``), as a multi-machine deployment has it:
a real server on loopback, a sharded backfill whose runs, events and partitions land there."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import duckdb
import psycopg2

from anamnesis.config import load_settings
from anamnesis.sample_data import SAMPLE_EXPORTS
from pipelines.run import run_backfill
from tests.postgres_server import postgres_server, require_postgres

DAGSTER_YAML = """
storage:
  postgres:
    postgres_db:
      hostname: 127.0.0.1
      port: {port}
      username: postgres
      password: ""
      db_name: postgres
      scheme: postgresql+psycopg2  # the driver dagster-postgres installs (SQLAlchemy 2.1 defaults to psycopg 3)
python_logs:
  python_log_level: WARNING
"""


def test_a_sharded_backfill_keeps_its_runs_in_postgres(tmp_path: Path):
    require_postgres()
    with postgres_server() as url:
        home = tmp_path / "home"
        (home / "dagster").mkdir(parents=True)
        (home / "dagster" / "dagster.yaml").write_text(DAGSTER_YAML.format(port=urlsplit(url).port), encoding="utf-8")
        settings = load_settings(home).model_copy(update={"shards": 2})
        outcome = run_backfill(settings, SAMPLE_EXPORTS)
        assert outcome.failed_checks == []
        with psycopg2.connect(url) as con, con.cursor() as cur:
            cur.execute("select run_id, status from runs")
            assert cur.fetchall() == [(outcome.run_id, "SUCCESS")]
            cur.execute(
                "select count(distinct step_key) from event_logs where run_id = %s and dagster_event_type = %s",
                (outcome.run_id, "STEP_SUCCESS"),
            )
            assert cur.fetchone()[0] > 12  # every step, shard steps included, logged by its own process
            cur.execute("select count(*) from dynamic_partitions where partitions_def_name = 'export_days'")
            assert cur.fetchone()[0] == len(outcome.days_ingested) > 0
        assert not list((home / "dagster").glob("*.db")) and not (home / "dagster" / "history").exists()
        con = duckdb.connect(str(home / "warehouse.duckdb"), read_only=True)
        assert con.execute("select count(distinct user_id) from fact_state").fetchone()[0] > 10
