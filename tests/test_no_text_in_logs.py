"""Medical text never reaches logs: not Python logging below WARNING, not Dagster's event log."""

from __future__ import annotations

import gzip
import json
import logging
import shutil
from pathlib import Path

import pytest

from anamnesis.config import load_settings
from anamnesis.sample_data import SAMPLE_EXPORTS
from pipelines.run import run_backfill


def sample_texts() -> list[str]:
    texts = set()
    for path in SAMPLE_EXPORTS.iterdir():
        raw = gzip.decompress(path.read_bytes()) if path.name.endswith(".gz") else path.read_bytes()
        for line in raw.decode().splitlines():
            row = json.loads(line)
            if row["role"] == "user" and len(row["text"]) >= 16:
                texts.add(row["text"])
    return sorted(texts)


def test_a_sample_backfill_logs_no_message_text(tmp_path: Path, caplog: pytest.LogCaptureFixture):
    texts = sample_texts()
    assert len(texts) > 100
    inp = tmp_path / "in"
    shutil.copytree(SAMPLE_EXPORTS, inp)
    home = tmp_path / "home"
    with caplog.at_level(logging.DEBUG):
        run_backfill(load_settings(home), inp)
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert caplog.records, "the run logged nothing at all: the check would be empty"
    leaks = [t for t in texts if t in logged]
    assert leaks == []
    dagster_files = [p for p in (home / "dagster").rglob("*") if p.is_file()]
    assert any(p.suffix == ".db" for p in dagster_files)
    blob = b"".join(p.read_bytes() for p in dagster_files)
    leaks = [t for t in texts if t.encode() in blob or json.dumps(t)[1:-1].encode() in blob]
    assert leaks == []
