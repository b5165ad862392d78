"""One writer per home whoever launches the run (issue 10, item 3).

A run launched through Dagster itself (``dagster job execute``: the job's own executor, as a UI,
sensor or schedule run gets it; the CLI uses ``execute_in_process``) takes the home's writer lock
inside the job, so it and ``anamnesis backfill`` exclude each other. A run launched without
partitions plans its own export days as the CLI does.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

from anamnesis.config import load_settings
from anamnesis.sample_data import SAMPLE_EXPORTS
from anamnesis.storage.lock import writer_lock
from pipelines.run import instance_for
from tests.conftest import message, write_config
from tests.warehouse_state import warehouse_state

BIN = Path(sys.executable).parent
REFUSED = "another backfill or forget is running on"


def dagster_run(home: Path, input_dir: Path) -> subprocess.Popen[str]:
    """The backfill job launched through Dagster's own API, with no partition chosen."""
    (home / "dagster").mkdir(parents=True, exist_ok=True)
    env = {
        **os.environ,
        "ANAMNESIS_HOME": str(home),
        "ANAMNESIS_INPUT": str(input_dir),
        "DAGSTER_HOME": str(home / "dagster"),
    }
    cmd = [str(BIN / "dagster"), "job", "execute", "-m", "pipelines.definitions", "-j", "backfill"]
    return subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def cli_backfill(home: Path, input_dir: Path) -> subprocess.Popen[str]:
    cmd = [str(BIN / "anamnesis"), "backfill", "--input", str(input_dir), "--home", str(home)]
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_a_dagster_run_finding_the_home_busy_is_refused_with_the_reason(tmp_path: Path, write_export):
    write_export("export-2026-02-01.jsonl", [message("a", "w1", "2026-02-01T09:00:00Z", "user", "I have asthma.")])
    home = tmp_path / "home"
    with writer_lock(home):
        run = dagster_run(home, tmp_path / "in")
        output, _ = run.communicate(timeout=600)
    assert run.returncode != 0
    assert f"HomeBusy: {REFUSED} {home}" in output
    assert not (home / "warehouse.duckdb").exists() and not (home / "lake").exists()
    # Released: the same kind of run, still without chosen partitions, plans its days and builds.
    run = dagster_run(home, tmp_path / "in")
    output, _ = run.communicate(timeout=600)
    assert run.returncode == 0, output[-3000:]
    con = duckdb.connect(str(home / "warehouse.duckdb"), read_only=True)
    assert con.execute("select user_id, entity, status from facts_current").fetchall() == [("w1", "asthma", "active")]
    con.close()
    assert instance_for(load_settings(home)).get_dynamic_partitions("export_days") == ["2026-02-01"]


def test_a_dagster_run_and_a_cli_backfill_at_once_one_refused_and_one_runs_warehouse(tmp_path: Path, sample_home: Path):
    home = tmp_path / "home"
    write_config(home)
    # The home's Dagster instance exists, as it does once `dagster dev`, the daemon or a backfill
    # has opened it: `dagster job execute` creates a new instance's tables before it loads our
    # code, outside the lock that serializes that creation (tests/test_instance_config.py).
    instance_for(load_settings(home)).dispose()
    runs = {"dagster": dagster_run(home, SAMPLE_EXPORTS), "cli": cli_backfill(home, SAMPLE_EXPORTS)}
    outputs = {name: "".join(part or "" for part in run.communicate(timeout=900)) for name, run in runs.items()}
    codes = {name: run.returncode for name, run in runs.items()}
    refused = [name for name in runs if codes[name] != 0]
    assert len(refused) == 1, (codes, {k: v[-2000:] for k, v in outputs.items()})
    assert REFUSED in outputs[refused[0]], outputs[refused[0]][-2000:]
    if refused[0] == "cli":  # the CLI says it in one line
        assert outputs["cli"].strip().splitlines()[-1].startswith(f"anamnesis: error: {REFUSED}")
    assert warehouse_state(home / "warehouse.duckdb") == warehouse_state(load_settings(sample_home).warehouse_path)


@pytest.mark.parametrize("holder", ["cli", "forget"])
def test_the_cli_refuses_while_another_writer_holds_the_home(tmp_path: Path, write_export, holder: str):
    write_export("export-2026-02-01.jsonl", [message("a", "w1", "2026-02-01T09:00:00Z", "user", "I have asthma.")])
    home = tmp_path / "home"
    with writer_lock(home):  # a first backfill still running: forget says busy, not "no warehouse"
        args = ["backfill", "--input", str(tmp_path / "in")] if holder == "cli" else ["forget", "w1"]
        done = subprocess.run([str(BIN / "anamnesis"), *args, "--home", str(home)], capture_output=True, text=True)
    assert done.returncode != 0
    assert done.stderr.strip().splitlines() == [f"anamnesis: error: {REFUSED} {home}; try again when it has finished"]
