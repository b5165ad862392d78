"""CONTRACT §7.1 freshness: a running ``anamnesis serve`` answers from the new state within 5 s of
``forget`` or ``backfill`` finishing, and never holds a replaced or deleted warehouse open.

Everything here is real: the CLI in subprocesses, the server as its own process on a loopback
port, its open files read from ``/proc/<pid>/fd``.
"""

from __future__ import annotations

import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import message, write_config
from tests.serve_process import ANAMNESIS, ServeProcess

TOKEN = "fresh-token"
FRESH_WITHIN_S = 5.0

pytestmark = pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to see open files")


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(ANAMNESIS), *args], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return done


def within(seconds: float, condition: Callable[[], bool], what: str) -> float:
    """Poll ``condition`` until it holds; the seconds it took. Fails after ``seconds``."""
    started = time.monotonic()
    while not condition():
        assert time.monotonic() - started < seconds, f"not within {seconds} s: {what}"
        time.sleep(0.05)
    return time.monotonic() - started


class Hammer:
    """Requests one user's facts without pause in a thread, recording every status code."""

    def __init__(self, server: ServeProcess, user: str) -> None:
        self.server, self.user = server, user
        self.codes: list[int] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            self.codes.append(self.server.get(f"/v1/users/{self.user}/facts").status_code)

    def __enter__(self) -> Hammer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=30)


def test_a_running_server_follows_forget_and_backfill_within_five_seconds(tmp_path: Path, write_export):
    home, inbox = tmp_path / "home", tmp_path / "in"
    write_config(home, api_tokens=TOKEN)
    write_export(
        "2026-03-01.jsonl",
        [
            message("k1", "u-keep", "2026-03-01T09:00:00Z", "user", "I take metformin 500 mg twice a day."),
            message("g1", "u-gone", "2026-03-01T09:05:00Z", "user", "I am allergic to penicillin."),
            message("g2", "u-gone", "2026-03-01T09:06:00Z", "user", "I have had hypertension for years.", session="s2"),
        ],
    )
    cli("backfill", "--input", str(inbox), "--home", str(home))

    with ServeProcess(home, TOKEN) as server:
        facts = server.get("/v1/users/u-gone/facts").json()["facts"]
        assert {f["entity"] for f in facts} >= {"penicillin", "hypertension"}
        fact_id = facts[0]["fact_id"]
        assert server.get(f"/v1/users/u-gone/facts/{fact_id}/history").status_code == 200
        question = {"query": "Can I take amoxicillin for my sore throat?", "max_tokens": 400}
        assert "penicillin" in server.post("/v1/users/u-gone/context", question).text

        with Hammer(server, "u-keep") as hammer:  # the server keeps serving while forget runs
            cli("forget", "u-gone", "--home", str(home))
            finished = time.monotonic()
            within(
                FRESH_WITHIN_S,
                lambda: server.get("/v1/users/u-gone/facts").json()["facts"] == [],
                "facts of the forgotten user gone",
            )
            assert server.get(f"/v1/users/u-gone/facts/{fact_id}/history").status_code == 404
            answer = server.post("/v1/users/u-gone/context", question).json()
            assert answer["facts"] == [] and "penicillin" not in answer["context"]
            within(
                FRESH_WITHIN_S - (time.monotonic() - finished),
                lambda: not server.deleted_files(),
                f"no deleted file held open: {server.deleted_files()}",
            )
        assert hammer.codes and set(hammer.codes) == {200}, sorted(set(hammer.codes))
        assert {f["entity"] for f in server.get("/v1/users/u-keep/facts").json()["facts"]} == {"metformin"}

        # A backfill that adds a user: visible within 5 s of its end, with nothing deleted held.
        assert server.get("/v1/users/u-new/facts").json()["facts"] == []
        write_export(
            "2026-03-02.jsonl",
            [
                message("n1", "u-new", "2026-03-02T08:00:00Z", "user", "I take lisinopril 10 mg every morning."),
            ],
        )
        cli("backfill", "--input", str(inbox), "--home", str(home))
        within(
            FRESH_WITHIN_S,
            lambda: server.get("/v1/users/u-new/facts").json()["facts"] != [],
            "the new user's facts visible",
        )
        assert {f["entity"] for f in server.get("/v1/users/u-new/facts").json()["facts"]} == {"lisinopril"}
        within(FRESH_WITHIN_S, lambda: not server.deleted_files(), "no deleted file held open after the backfill")
        assert server.get("/v1/users/u-gone/facts").json()["facts"] == []  # the tombstone holds
