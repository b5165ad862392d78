"""The ``anamnesis`` script ends without Python's teardown: its output and exit status must be whole."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


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
