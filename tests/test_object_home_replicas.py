"""Replicas (issue 16): two ``serve`` processes over one ``s3://`` home, each with nothing of its
own but a cache, answer alike and both follow a rebuild and an erasure within 5 s."""

from __future__ import annotations

import time
from contextlib import ExitStack
from pathlib import Path
from urllib.parse import quote

import httpx

from tests.conftest import message
from tests.s3_server import BUCKET, S3Server
from tests.serve_process import ServeProcess
from tests.test_forget import USER, traces
from tests.test_object_home import cli
from tests.test_serving_follows_rebuilds import FRESH_WITHIN_S, within

HOME = f"s3://{BUCKET}/homes/replicated"
TOKEN = "replica-token"
REVIEWER = "reviewer-token"
GONE = quote(USER, safe="")
QUESTION = {"query": "Can I take amoxicillin for my sore throat?", "max_tokens": 400}


def entities(server: ServeProcess, user: str) -> set[str]:
    return {f["entity"] for f in server.get(f"/v1/users/{user}/facts").json()["facts"]}


def answers(server: ServeProcess) -> dict[str, object]:
    """What a replica says about both users: facts, one fact's history, a context block."""
    said: dict[str, object] = {}
    for user in ("u-keep", GONE):
        facts = server.get(f"/v1/users/{user}/facts").json()["facts"]
        said[f"{user} facts"] = facts
        if facts:
            said[f"{user} history"] = server.get(f"/v1/users/{user}/facts/{facts[0]['fact_id']}/history").json()
        said[f"{user} context"] = server.post(f"/v1/users/{user}/context", QUESTION).json()
    return said


def test_two_replicas_answer_alike_and_follow_rebuilds(s3_server: S3Server, write_export, tmp_path: Path):
    inbox = write_export("2026-03-01.jsonl", [
        message("k1", "u-keep", "2026-03-01T09:00:00Z", "user", "I take metformin 500 mg twice a day."),
        message("g1", USER, "2026-03-01T09:05:00Z", "user", "I am allergic to penicillin."),
        message("g2", USER, "2026-03-01T09:06:00Z", "user", "I take zolpidemix when I cannot sleep."),
    ]).parent
    cli("backfill", "--input", str(inbox), "--home", HOME)

    with ExitStack() as stack:
        replicas = []
        for i in range(2):
            replica = ServeProcess(HOME, TOKEN)
            replica.env["ANAMNESIS_CACHE_DIR"] = str(tmp_path / f"replica-{i}")  # as on two machines
            replica.env["ANAMNESIS_REVIEW_TOKENS"] = REVIEWER
            replicas.append(stack.enter_context(replica))
        first = answers(replicas[0])
        assert "penicillin" in str(first[f"{GONE} context"])
        assert answers(replicas[1]) == first
        # a write here would stay in this replica's cache: reviewers may read, never write
        reviewer = {"Authorization": f"Bearer {REVIEWER}"}
        read = httpx.get(f"{replicas[0].url}/v1/users/u-keep/facts", headers=reviewer)
        assert read.json()["facts"] == first["u-keep facts"]
        fact_id = first["u-keep facts"][0]["fact_id"]  # type: ignore[index]
        refused = httpx.post(f"{replicas[0].url}/v1/users/u-keep/facts/{fact_id}/corrections",
                             headers=reviewer, json={"retract": True, "reviewer": "dr-a"})
        assert refused.status_code == 403 and f"read replica of {HOME}" in refused.json()["detail"]
        resolving = httpx.post(f"{replicas[0].url}/v1/users/u-keep/conflicts/c1/resolution", headers=reviewer,
                               json={"outcome": "later_stands", "source": "user"})
        assert resolving.status_code == 403 and "anamnesis resolve" in resolving.json()["detail"]

        write_export("2026-03-02.jsonl", [
            message("k2", "u-keep", "2026-03-02T08:00:00Z", "user", "I also take lisinopril 10 mg every morning."),
        ])
        cli("backfill", "--input", str(inbox), "--home", HOME)
        finished = time.monotonic()
        for replica in replicas:
            within(
                FRESH_WITHIN_S - (time.monotonic() - finished),
                lambda r=replica: "lisinopril" in entities(r, "u-keep"),
                "the rebuild followed by every replica",
            )
        assert answers(replicas[0]) == answers(replicas[1])

        cli("forget", USER, "--home", HOME)
        finished = time.monotonic()
        for replica in replicas:
            within(
                FRESH_WITHIN_S - (time.monotonic() - finished),
                lambda r=replica: entities(r, GONE) == set(),
                "the erasure followed by every replica",
            )
        after = answers(replicas[0])
        assert "penicillin" not in str(after[f"{GONE} context"])
        assert answers(replicas[1]) == after
    for i in range(2):  # the replicas' caches follow the erasure as well
        (mirror,) = (tmp_path / f"replica-{i}").glob("*/replica")
        assert (mirror / "warehouse.duckdb").is_file() and traces(mirror) == []
