"""``anamnesis plot USER_ID --test T --out F.png``: the real command writes a readable PNG."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from tests.measurement_data import EN, build_measured_home


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_measured_home(tmp_path_factory.mktemp("plot"))


def anamnesis(*args: str) -> subprocess.CompletedProcess[str]:
    command = shutil.which("anamnesis") or str(Path(sys.executable).with_name("anamnesis"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("ANAMNESIS_")}
    return subprocess.run([command, *args], capture_output=True, text=True, timeout=300, env=env)


def test_plot_writes_a_png_of_the_readings(home: Path, tmp_path: Path) -> None:
    out = tmp_path / "alt.png"
    done = anamnesis("plot", EN, "--test", "ALT", "--out", str(out), "--home", str(home))
    assert done.returncode == 0, done.stderr
    assert "2 readings" in done.stderr
    with Image.open(out) as image:
        assert image.format == "PNG" and image.size[0] >= 800 and image.size[1] >= 400
        rgb = image.convert("RGB")
        colours = rgb.getcolors(maxcolors=1 << 20) or []
        assert len(colours) > 50  # not blank: axes, text, points
        # the high reading (98 U/L) is drawn in the "high" red
        assert any(abs(r - 0xC0) < 16 and abs(g - 0x39) < 16 and abs(b - 0x2B) < 16 for _, (r, g, b) in colours)


def test_blood_pressure_draws_both_series_and_an_unknown_test_fails_in_one_line(home: Path, tmp_path: Path) -> None:
    out = tmp_path / "bp.png"
    done = anamnesis("plot", EN, "--test", "blood pressure", "--out", str(out), "--home", str(home))
    assert done.returncode == 0 and "3 readings" in done.stderr and out.stat().st_size > 10_000
    bad = anamnesis("plot", EN, "--test", "no such test", "--out", str(tmp_path / "x.png"), "--home", str(home))
    assert bad.returncode != 0 and len(bad.stderr.strip().splitlines()) == 1 and not (tmp_path / "x.png").exists()
