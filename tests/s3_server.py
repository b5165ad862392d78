"""The object-store tests' server: ``rclone serve s3`` (``tools/s3_server.py``) on loopback, one per test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.s3_server import S3Server, rclone_s3

BUCKET = "anamnesis-test"
__all__ = ["BUCKET", "S3Server", "s3_server"]


@pytest.fixture
def s3_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[S3Server]:
    """A real S3 server over a temporary directory; the ``AWS_*`` variables of this process point
    at it (subprocesses inherit them), and mirrors go to a temporary cache."""
    with rclone_s3(tmp_path / "s3-backend", (BUCKET,)) as server:
        for name, value in server.env.items():
            monkeypatch.setenv(name, value)
        monkeypatch.setenv("ANAMNESIS_CACHE_DIR", str(tmp_path / "cache"))
        yield server
