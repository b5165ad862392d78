"""The ``anamnesis`` process ends with its command's status and its exit handlers run, without
freeing its heap (``pipelines.cli.quick_exit``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.exit_probe import HANDLER_RAN, HEAP_FREED, exit_probe

ROOT = Path(__file__).resolve().parents[1]


def _run(tmp_path: Path, code: str) -> subprocess.CompletedProcess[str]:
    program = exit_probe(tmp_path) + (
        "from pipelines.cli.quick_exit import end_with\n"
        f"end_with({code})\n"
        "print('said before the end', flush=False)\n"
        f"raise SystemExit({code})\n"
    )
    return subprocess.run([sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True)


@pytest.mark.parametrize(("code", "status"), [("None", 0), ("0", 0), ("3", 3), ("'no warehouse'", 1)])
def test_the_process_ends_with_its_status_after_its_handlers_and_frees_nothing(
    tmp_path: Path, code: str, status: int
) -> None:
    done = _run(tmp_path, code)
    assert done.returncode == status, done.stderr[-2000:]
    assert done.stdout == "said before the end\n"  # the buffered output is flushed
    assert (tmp_path / HANDLER_RAN).exists()
    assert not (tmp_path / HEAP_FREED).exists()
    if status == 1:
        assert "no warehouse" in done.stderr


def test_the_script_keeps_a_failing_commands_status() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pipelines.cli", "no-such-command"], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 2 and "No such command" in done.stderr


# The script as a whole: its piped output and exit statuses survive the quick end.
def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pipelines.cli", *args], capture_output=True, text=True, timeout=120)


def test_piped_output_is_flushed_before_the_process_ends() -> None:
    done = _cli("--help")  # a pipe: block-buffered, lost unless flushed before the exit
    assert done.returncode == 0
    assert "backfill" in done.stdout and "forget" in done.stdout


def test_a_failing_command_keeps_its_status_and_its_one_line(tmp_path: Path) -> None:
    done = _cli("backfill", "--input", str(tmp_path / "missing"), "--home", str(tmp_path / "home"))
    assert done.returncode == 1
    assert done.stderr.strip().endswith("does not exist")
    assert _cli("no-such-command").returncode == 2  # click's usage error
