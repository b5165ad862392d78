"""The built wheel works on its own: a fresh venv outside the clone runs backfill and eval.

Builds with ``uv build --wheel``, installs with ``uv pip install`` (dependencies from the
package registry, mostly from uv's cache), and runs the installed ``anamnesis`` from a
directory outside the repository, so nothing can be picked up from the working tree.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import duckdb
import pytest

REPO = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.packaging


def _run(args: list[str], cwd: Path, env: dict[str, str], timeout: float) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{args[:3]} exited {done.returncode}:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}"
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    uv = shutil.which("uv")
    if uv is None:
        pytest.fail("uv is not on PATH (the README's setup installs it)")
    root = tmp_path_factory.mktemp("wheel")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "UV_PROJECT", "PYTHONPATH"))}
    env |= {"HOME": os.environ.get("HOME", str(root))}
    _run([uv, "build", "--wheel", "--out-dir", str(root / "dist"), str(REPO)], root, env, 300)
    (wheel,) = (root / "dist").glob("anamnesis-*.whl")
    venv = root / "venv"
    _run([uv, "venv", "--python", "3.11", str(venv)], root, env, 120)
    _run([uv, "pip", "install", "--python", str(venv / "bin" / "python"), str(wheel)], root, env, 600)
    outside = root / "elsewhere"
    outside.mkdir()
    return venv / "bin" / "anamnesis", env | {"PATH": f"{venv / 'bin'}:{env.get('PATH', '')}"}


def test_installed_wheel_backfills_the_bundled_sample(installed, tmp_path: Path):
    cli, env = installed
    outside = cli.parent.parent.parent / "elsewhere"
    home = tmp_path / "home"
    _run([str(cli), "backfill", "--home", str(home)], outside, env, 600)
    con = duckdb.connect(str(home / "warehouse.duckdb"), read_only=True)
    try:
        users = con.execute("select count(distinct user_id) from facts_current").fetchone()[0]
        sections = con.execute("select count(distinct section) from facts_current").fetchone()[0]
    finally:
        con.close()
    assert users == 54 and sections == 11
    assert not (outside / ".anamnesis").exists()  # --home was honoured
    shown = _run([str(cli), "facts", "u-en-01", "--home", str(home), "--json"], outside, env, 120)
    assert '"section"' in shown.stdout


def test_installed_wheel_evaluates_the_bundled_gold(installed, tmp_path: Path):
    cli, env = installed
    outside = cli.parent.parent.parent / "elsewhere"
    out = tmp_path / "eval"
    _run([str(cli), "eval", "--out", str(out)], outside, env, 600)
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "gold" in report.lower()
    assert (out / "chart.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
