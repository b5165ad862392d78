"""Every failure ends a command in one line naming its cause, with the traceback in a log under
the home; damaged derived lake files are rebuilt; a full disk loses nothing (issue 10, item 4).

Commands run as the real CLI; each fault is made on real files (a tmpfs home for the full disk).
After the fault is removed, the next run must leave the same warehouse as a run that never met it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from anamnesis.config import load_settings
from pipelines.run import run_backfill
from tests.conftest import message, write_config
from tests.warehouse_state import warehouse_state

ANAMNESIS = Path(sys.executable).parent / "anamnesis"
DAY1 = "2026-03-01"
DAY2 = "2026-03-02"


def exports(directory: Path, *days: str) -> Path:
    import json

    rows = {
        DAY1: [
            message("a1", "u1", f"{DAY1}T09:00:00Z", "user", "I take metformin 500 mg twice a day."),
            message("a2", "u2", f"{DAY1}T09:01:00Z", "user", "I'm allergic to penicillin."),
            message("a3", "u2", f"{DAY1}T09:02:00Z", "user", "I have no allergies.", session="s2"),
        ],
        DAY2: [message("b1", "u1", f"{DAY2}T10:00:00Z", "user", "I have had asthma since childhood.")],
    }
    directory.mkdir(parents=True, exist_ok=True)
    for day in days:
        lines = [json.dumps(r) for r in rows[day]] + ["{broken json"]
        (directory / f"export-{day}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return directory


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """An input of two export days and a home after one uninterrupted backfill of it."""
    root = tmp_path_factory.mktemp("faults")
    inbox = exports(root / "in", DAY1, DAY2)
    home = root / "home"
    write_config(home)
    run_backfill(load_settings(home), inbox)
    return inbox, home


@pytest.fixture
def home(built: tuple[Path, Path], tmp_path: Path) -> Path:
    copy = tmp_path / "home"
    shutil.copytree(built[1], copy)
    return copy


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(ANAMNESIS), *args], capture_output=True, text=True, timeout=600)


def failed_in_one_line(done: subprocess.CompletedProcess[str], home: Path) -> str:
    """The one stderr line of a failed command, after checking its log holds the traceback."""
    assert done.returncode == 1, done.stderr
    # progress lines come first when stderr is not a terminal (issue 14); the failure is one line
    lines = [line for line in done.stderr.strip().splitlines() if " anamnesis.progress: " not in line]
    assert len(lines) == 1 and lines[0].startswith("anamnesis: error: "), done.stderr
    log = re.search(r"\(traceback in (.+\.log)\)$", lines[0])
    assert log is not None, lines[0]
    assert Path(log.group(1)).parent == home / "logs"
    assert "Traceback (most recent call last)" in Path(log.group(1)).read_text(encoding="utf-8")
    return lines[0]


def truncate(path: Path) -> None:
    os.truncate(path, path.stat().st_size // 2)


@pytest.mark.parametrize(
    ("config", "named"),
    [
        ('llm = "rules"\nllm_concurrency = "many"\n', "setting 'llm_concurrency'"),
        ("retention_days = 5\n", "setting 'retention_days'"),
        ('llm = "rules\n', "not valid TOML: Illegal character '\\n' (at line 1"),
        ("colour = 1\n", "unknown setting 'colour'"),
    ],
)
def test_a_broken_config_names_file_and_key(built, home: Path, config: str, named: str):
    inbox, reference = built
    (home / "config.toml").write_text(config, encoding="utf-8")
    for command in (["backfill", "--input", str(inbox)], ["facts", "u1"], ["forget", "u1"]):
        line = failed_in_one_line(cli(*command, "--home", str(home)), home)
        assert f"{home / 'config.toml'}: {named}" in line
    (home / "config.toml").write_text("", encoding="utf-8")
    assert cli("backfill", "--input", str(inbox), "--home", str(home)).returncode == 0
    assert warehouse_state(home / "warehouse.duckdb") == warehouse_state(reference / "warehouse.duckdb")


def test_corrupt_or_missing_derived_lake_files_are_rebuilt(built, home: Path):
    inbox, reference = built
    lake = home / "lake"
    for name in ("understood", "fact_events", "conflicts", "messages", "events", "fact_state"):
        truncate(lake / f"{name}.parquet")
    (lake / "quarantine.parquet").unlink()
    (lake / "rejects.parquet").write_bytes(b"not parquet at all")
    done = cli("backfill", "--input", str(inbox), "--home", str(home))
    assert done.returncode == 0, done.stderr
    assert warehouse_state(home / "warehouse.duckdb") == warehouse_state(reference / "warehouse.duckdb")


def ingest_day(home: Path, day: str) -> Path:
    return home / "lake" / "ingest" / f"day={day}"


def part(home: Path, day: str) -> Path:
    return next(ingest_day(home, day).glob("*/messages-*.parquet"))


@pytest.mark.parametrize("damage", ["partition", "part", "truncated part", "version", "pointer"])
def test_a_damaged_ingest_partition_is_read_again_from_its_exports(built, home: Path, damage: str):
    inbox, reference = built
    if damage == "partition":
        shutil.rmtree(ingest_day(home, DAY1))
    elif damage == "part":
        part(home, DAY1).unlink()
    elif damage == "truncated part":
        truncate(part(home, DAY1))
    elif damage == "version":
        shutil.rmtree(part(home, DAY1).parent)
    else:
        (ingest_day(home, DAY1) / "CURRENT").write_text("{not json", encoding="utf-8")
    for _ in range(2):  # the repair holds: the run after it changes nothing either
        done = cli("backfill", "--input", str(inbox), "--home", str(home))
        assert done.returncode == 0, done.stderr
        assert warehouse_state(home / "warehouse.duckdb") == warehouse_state(reference / "warehouse.duckdb")


def test_a_damaged_partition_whose_exports_are_gone_is_one_line_with_the_way_out(built, home: Path, tmp_path: Path):
    inbox, reference = built
    only_day2 = tmp_path / "in2"
    only_day2.mkdir()
    shutil.copy2(inbox / f"export-{DAY2}.jsonl", only_day2)
    damaged = part(home, DAY1)
    damaged.unlink()
    line = failed_in_one_line(cli("backfill", "--input", str(only_day2), "--home", str(home)), home)
    assert f"lake file {damaged} is missing or corrupt" in line
    assert "put that day's export files back in the input directory and run backfill again" in line
    # Nothing lost: the warehouse is the one before the failed run.
    assert warehouse_state(home / "warehouse.duckdb") == warehouse_state(reference / "warehouse.duckdb")
    shutil.copy2(inbox / f"export-{DAY1}.jsonl", only_day2)
    assert cli("backfill", "--input", str(only_day2), "--home", str(home)).returncode == 0
    assert warehouse_state(home / "warehouse.duckdb") == warehouse_state(reference / "warehouse.duckdb")


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 24 MiB tmpfs; skipped where this process may not mount one."""
    mount = tmp_path / "disk"
    mount.mkdir()
    if not shutil.which("mount") or os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=24m", "tmpfs", str(mount)], capture_output=True)
    if made.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {made.stderr.decode().strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def fill(disk: Path, leave_kib: int) -> Path:
    """Fill the disk up to ``leave_kib`` KiB of free space."""
    filler = disk / "filler"
    free = shutil.disk_usage(disk).free
    with open(filler, "wb") as fh:
        fh.truncate(0)
        remaining = max(free - leave_kib * 1024, 0)
        chunk = b"\0" * (1024 * 1024)
        while remaining > 0:
            fh.write(chunk[: min(len(chunk), remaining)])
            remaining -= min(len(chunk), remaining)
    return filler


@pytest.mark.parametrize("leave_kib", [64, 600])
def test_a_full_disk_is_one_line_loses_nothing_and_the_next_run_completes(
    built, small_disk: Path, tmp_path: Path, leave_kib: int
):
    inbox, reference = built
    day1 = exports(tmp_path / "day1", DAY1)
    home = small_disk / "home"
    write_config(home)
    assert cli("backfill", "--input", str(day1), "--home", str(home)).returncode == 0
    before = warehouse_state(home / "warehouse.duckdb")
    filler = fill(small_disk, leave_kib)
    done = cli("backfill", "--input", str(inbox), "--home", str(home))
    assert done.returncode == 1
    # the command ends in one line naming the cause (before it: progress lines, and on a full disk
    # Dagster's own complaint that its event log cannot be written)
    lines = [line for line in done.stderr.strip().splitlines() if line.startswith("anamnesis:")]
    assert done.stderr.strip().splitlines()[-1] == lines[-1]
    assert len(lines) == 1 and lines[0].startswith(f"anamnesis: error: no space left on device holding {home}")
    assert "free some space and run the command again" in lines[0]
    assert warehouse_state(home / "warehouse.duckdb") == before  # the last good warehouse still reads
    filler.unlink()
    done = cli("backfill", "--input", str(inbox), "--home", str(home))
    assert done.returncode == 0, done.stderr
    assert warehouse_state(home / "warehouse.duckdb") == warehouse_state(reference / "warehouse.duckdb")


def test_forget_removes_the_users_traces_from_the_error_logs(built, home: Path):
    logs = home / "logs"
    logs.mkdir()
    (logs / "backfill-x.log").write_text("Traceback\n  KeyError: 'u2'\nValueError: other\n", encoding="utf-8")
    done = cli("forget", "u2", "--home", str(home))
    assert done.returncode == 0, done.stderr
    assert (logs / "backfill-x.log").read_text(encoding="utf-8") == "Traceback\nValueError: other\n"
    assert "error log lines 1" in done.stderr
