"""Unattended runs: progress lines in a piped log while the backfill runs, and JSON lines."""

from __future__ import annotations

import gzip
import io
import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

from anamnesis.logs import configure_logging, user_digest
from anamnesis.sample_data import SAMPLE_EXPORTS
from pipelines.progress_lines import LineProgress
from tests.conftest import write_config


def test_a_backfill_with_stderr_piped_to_a_file_shows_progress_while_it_runs(tmp_path: Path) -> None:
    home = tmp_path / "home"
    write_config(home, progress_interval_s=0.5, log_format="json")
    log_file = tmp_path / "backfill.log"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ANAMNESIS_", "OPENAI_", "DAGSTER_HOME"))}
    with log_file.open("wb") as sink:
        proc = subprocess.Popen(
            [sys.executable, "-m", "pipelines.cli", "backfill", "--home", str(home)],
            stdout=subprocess.DEVNULL, stderr=sink, env=env,
        )
        seen_while_running: list[dict] = []
        try:
            while proc.poll() is None:
                lines = log_file.read_text(encoding="utf-8").splitlines()
                seen_while_running = [json.loads(line) for line in lines if line.startswith("{")]
                if any(r.get("event") == "done" for r in seen_while_running) and proc.poll() is None:
                    break
                time.sleep(0.2)
            assert proc.poll() is None, "the run ended before any progress line was read"
        finally:
            assert proc.wait(timeout=600) == 0, log_file.read_text(encoding="utf-8")[-2000:]
    assert {r["logger"] for r in seen_while_running} == {"anamnesis.progress"}
    records = [json.loads(line) for line in log_file.read_text(encoding="utf-8").splitlines() if line.startswith("{")]
    stages = {r["stage"] for r in records if r.get("event") == "done"}
    assert {"ingest export days", "understand fragments", "reconcile events", "build warehouse"} <= stages
    done = next(r for r in records if r.get("event") == "done" and r["stage"] == "reconcile events")
    assert done["done"] == done["total"] > 0 and done["rate_per_s"] > 0
    # One line per 0.5 s between stages: a long step is not silent.
    assert any(r.get("event") == "working" for r in records)


def test_a_sharded_backfill_with_stderr_piped_shows_each_shards_progress_before_its_table(tmp_path: Path) -> None:
    """Each shard's step is a process of Dagster's multiprocess executor; its progress still reaches
    the run's log while the run goes, stage by stage and shard by shard."""
    home = tmp_path / "home"
    write_config(home, progress_interval_s=0.5, log_format="json")
    log_file = tmp_path / "backfill.log"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ANAMNESIS_", "OPENAI_", "DAGSTER_HOME"))}
    command = [sys.executable, "-m", "pipelines.cli", "backfill", "--home", str(home), "--shards", "4"]
    with log_file.open("wb") as sink:
        proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=sink, env=env)
        try:
            while proc.poll() is None and "[shard 4/4]" not in log_file.read_text(encoding="utf-8"):
                time.sleep(0.2)
            assert proc.poll() is None, "the run ended before any shard's progress line was read"
        finally:
            assert proc.wait(timeout=600) == 0, log_file.read_text(encoding="utf-8")[-2000:]
    lines = log_file.read_text(encoding="utf-8").splitlines()
    table = next(i for i, line in enumerate(lines) if line.strip() == "backfill")  # the run's final table
    records = [json.loads(line) for line in lines[:table] if line.startswith("{")]
    done = {r["stage"]: r for r in records if r.get("event") == "done"}
    for stage in ("understand fragments", "reconcile events"):
        for index in range(1, 5):
            shard = done[f"{stage} [shard {index}/4]"]
            assert shard["done"] == shard["total"] > 0 and shard["rate_per_s"] > 0 and shard["eta_s"] == 0
    # the steps that are not per shard report from their own processes too
    assert {"ingest export days", "build warehouse", "memory tables"} <= set(done)
    assert sum(done[f"reconcile events [shard {i}/4]"]["total"] for i in range(1, 5)) == _extracted_events(home)
    logged = "\n".join(lines)
    assert not [user for user in _sample_users() if user in logged]


def _extracted_events(home: Path) -> int:
    import duckdb

    with duckdb.connect(str(home / "warehouse.duckdb"), read_only=True) as db:
        return db.execute("select count(*) from extracted_events").fetchone()[0]


def _sample_users() -> set[str]:
    users = set()
    for path in SAMPLE_EXPORTS.iterdir():
        raw = gzip.decompress(path.read_bytes()) if path.name.endswith(".gz") else path.read_bytes()
        users |= {json.loads(line)["user_id"] for line in raw.decode().splitlines()}
    return users


def test_the_terminal_display_shows_a_shards_stage_name_whole() -> None:
    from rich.console import Console

    from pipelines.progress import RichProgress

    screen = io.StringIO()
    with RichProgress(Console(file=screen, force_terminal=True, width=120)) as display:
        display.update("reconcile events [shard 2/4]", 62, 62)
    assert "reconcile events [shard 2/4]" in screen.getvalue()


def test_progress_lines_carry_rate_and_eta_every_interval() -> None:
    stream = io.StringIO()
    configure_logging("text", stream=stream)
    with LineProgress(interval_s=0.1) as progress:
        progress.update("understand fragments", 0, 100)
        time.sleep(0.25)
        progress.update("understand fragments", 50, 100)
        time.sleep(0.25)
        progress.update("understand fragments", 100, 100)
    lines = stream.getvalue().splitlines()
    assert "understand fragments start: 0/100" in lines[0]
    running = [line for line in lines if "understand fragments running: 50/100" in line]
    assert running and all("/s" in line and "eta " in line and "eta ?" not in line for line in running)
    # The heartbeat ("working: ...") may still write once after the stage ends, under load.
    stage_lines = [line for line in lines if "anamnesis.progress: working:" not in line]
    assert "understand fragments done: 100/100" in stage_lines[-1]
    logging.getLogger("anamnesis").handlers.clear()


def test_user_digest_is_stable_and_hides_the_id() -> None:
    assert user_digest("u-en-01") == user_digest("u-en-01") != user_digest("u-en-02")
    assert "u-en-01" not in user_digest("u-en-01") and len(user_digest("u-en-01")) == 16


def test_logging_set_up_by_an_in_process_cli_run_still_writes_after_it(tmp_path: Path, capsys) -> None:
    """The CLI's handler follows ``sys.stderr``: the runner's stream is closed once the run ends."""
    from typer.testing import CliRunner

    from pipelines.cli import app

    CliRunner().invoke(app, ["backfill", "--dry-run", "--home", str(tmp_path / "home")])  # a one-line refusal
    assert any(getattr(h, "_anamnesis", False) for h in logging.getLogger("anamnesis").handlers)
    try:
        logging.getLogger("anamnesis.api.app").warning("ready after the run")
        err = capsys.readouterr().err
        assert "ready after the run" in err and "Logging error" not in err, err
    finally:
        logging.getLogger("anamnesis").handlers.clear()


def test_a_steps_progress_reaches_the_runs_process_and_never_fails_the_step_when_it_cannot(tmp_path: Path) -> None:
    from assets.progress_relay import RelayedProgress, relayed
    from assets.resources import CallbackProgress

    seen: list[tuple[str, int, int | None]] = []
    with relayed(CallbackProgress(lambda *update: seen.append(update))) as address:
        code = (
            "import sys; from assets.progress_relay import RelayedProgress as R; p = R(sys.argv[1]);"
            "p.update('reconcile events [shard 2/4]', 0, 62); p.update('reconcile events [shard 2/4]', 62, 62)"
        )
        subprocess.run([sys.executable, "-c", code, address], check=True)
    assert seen == [("reconcile events [shard 2/4]", 0, 62), ("reconcile events [shard 2/4]", 62, 62)]
    gone = RelayedProgress(str(tmp_path / "no-run-listens-here"))
    gone.update("build warehouse", 0, 1)  # the run's process is gone: the step goes on, silent
    gone.update("build warehouse", 1, 1)
