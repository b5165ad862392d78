"""Crash recovery: a backfill killed with SIGKILL at any stage, run again, ends as if never killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import duckdb
import lancedb
import pytest

from anamnesis.memory import memory_dir
from anamnesis.storage.crashpoints import POINTS
from tools.synth import write_synthetic_exports

COMPARED = {
    "messages": "select * from messages order by user_id, message_id",
    "quarantine": "select * from quarantine order by source_file, line_no",
    "fact_events": "select * exclude (recorded_at) from fact_events order by event_id",
    "facts_current": "select * from facts_current order by fact_id",
    "conflicts": "select * exclude (detected_at) from conflicts order by fact_id, conflicting_message_id",
}


def backfill(input_dir: Path, home: Path, crash_at: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ANAMNESIS_", "OPENAI_"))}
    if crash_at:
        env["ANAMNESIS_CRASH_AT"] = crash_at
    return subprocess.run(
        [sys.executable, "-m", "pipelines.cli", "backfill", "--input", str(input_dir), "--home", str(home)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def snapshot(home: Path) -> dict[str, object]:
    con = duckdb.connect(str(home / "warehouse.duckdb"), read_only=True)
    try:
        state: dict[str, object] = {name: con.execute(sql).fetchall() for name, sql in COMPARED.items()}
    finally:
        con.close()
    db = lancedb.connect(memory_dir(home) / "tables")
    for name in sorted(db.table_names(limit=10_000)):
        rows = db.open_table(name).to_arrow().to_pylist()
        state[f"lance:{name}"] = sorted((r["fact_id"], r["text"], tuple(r["vector"])) for r in rows)
    return state


@pytest.fixture(scope="module")
def exports(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("crash") / "in"
    write_synthetic_exports(out, users=60, messages=3_000, days=3, seed=11)
    return out


@pytest.fixture(scope="module")
def reference(exports: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    home = tmp_path_factory.mktemp("reference") / "home"
    done = backfill(exports, home)
    assert done.returncode == 0, done.stderr
    return snapshot(home)


@pytest.mark.parametrize("point", POINTS)
def test_a_backfill_killed_at_any_stage_recovers_to_the_same_state(exports, reference, tmp_path, point):
    home = tmp_path / "home"
    killed = backfill(exports, home, crash_at=point)
    assert killed.returncode == -signal.SIGKILL, (point, killed.returncode, killed.stderr[-2000:])
    again = backfill(exports, home)
    assert again.returncode == 0, again.stderr[-2000:]
    recovered = snapshot(home)
    assert recovered.keys() == reference.keys()
    for key, rows in reference.items():
        assert recovered[key] == rows, key
    leftovers = [p for p in home.rglob("*.tmp")]
    assert leftovers == [], leftovers
