"""``anamnesis serve`` as a real process on a free loopback port, for tests that must look at
what the server's process holds open (``/proc/<pid>/fd``) while other commands rebuild the home."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ANAMNESIS = Path(sys.executable).with_name("anamnesis")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServeProcess:
    def __init__(self, home: Path | str, token: str, *, prefetch_users: int = 16) -> None:
        self.home = home
        self.port = free_port()
        self.env = {**os.environ, "ANAMNESIS_API_TOKENS": token, "ANAMNESIS_API_PREFETCH_USERS": str(prefetch_users)}
        self.proc: subprocess.Popen[bytes] | None = None
        self.headers = {"Authorization": f"Bearer {token}"}

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> ServeProcess:
        cmd = [str(ANAMNESIS), "serve", "--home", str(self.home), "--port", str(self.port)]
        self.proc = subprocess.Popen(cmd, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 180  # startup loads the models and the hot set
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"serve exited: {self.proc.stderr.read().decode()[-2000:]}")  # type: ignore[union-attr]
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("serve did not start")

    def __exit__(self, *exc: object) -> None:
        assert self.proc is not None
        self.proc.terminate()
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()

    def get(self, path: str, **kwargs: object) -> httpx.Response:
        return httpx.get(self.url + path, headers=self.headers, timeout=30, **kwargs)  # type: ignore[arg-type]

    def post(self, path: str, body: dict) -> httpx.Response:
        return httpx.post(self.url + path, headers=self.headers, json=body, timeout=30)

    def deleted_files(self) -> list[str]:
        """Files the server's process holds open that were deleted (or replaced by a rename)."""
        assert self.proc is not None
        fd_dir = Path(f"/proc/{self.proc.pid}/fd")
        held = []
        for fd in fd_dir.iterdir():
            try:
                held.append(os.readlink(fd))
            except OSError:  # closed meanwhile
                continue
        return [target for target in held if target.endswith(" (deleted)")]
