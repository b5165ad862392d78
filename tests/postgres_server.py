"""A real PostgreSQL server on loopback for a test: Debian's ``postgresql`` binaries, a fresh cluster.

``initdb`` refuses to run as root, so as root the cluster belongs to the ``postgres`` user the
package creates and every server command runs as that user (``runuser``).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

BIN = Path("/usr/lib/postgresql/15/bin")


def require_postgres() -> None:
    """Skip without the binaries, except in CI (``CI`` set), where it fails."""
    if (BIN / "initdb").exists():
        return
    if os.environ.get("CI"):
        pytest.fail(f"CI needs PostgreSQL in {BIN} (.ci/run installs the postgresql package)", pytrace=False)
    pytest.skip(f"no PostgreSQL in {BIN} (apt-get install -y postgresql)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_owner(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


def _run(cmd: list[str]) -> None:
    done = subprocess.run(_as_owner(cmd), capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"{cmd[0]} failed: {done.stderr.strip() or done.stdout.strip()}")


@contextmanager
def postgres_server() -> Iterator[str]:
    """Start a fresh cluster on a free loopback port; yield its URL (user and database ``postgres``).

    The cluster lives in a directory of its own under the system's temporary directory (pytest's
    are private to their owner, and the server may run as another user); it is removed after.
    """
    directory = Path(tempfile.mkdtemp(prefix="anamnesis-pg-"))
    data = directory / "pgdata"
    data.mkdir()
    if os.geteuid() == 0:
        shutil.chown(directory, "postgres")
        shutil.chown(data, "postgres")
    _run([str(BIN / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8"])
    port = _free_port()
    options = f"-c listen_addresses=127.0.0.1 -p {port} -k {data} -c fsync=off"
    _run([str(BIN / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(data / "server.log"), "-w", "start"])
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        _run([str(BIN / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"])
        shutil.rmtree(directory, ignore_errors=True)
