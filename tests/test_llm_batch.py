"""Batch mode of the ``openai`` backend over real HTTP: files and batches at the loopback stand-in."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pytest

from anamnesis.config import load_settings
from anamnesis.sample_data import SAMPLE_EXPORTS
from anamnesis.understanding.llm_batch import BatchJobs
from pipelines.run import run_backfill
from tests.conftest import write_config
from tests.openai_stub import BatchFaults, OpenAIStub, prompt_usage, stub_config
from tests.test_pipeline_openai import DIALOGUE

#: A price for the stand-in's model, so the cost columns are filled (USD per 1M tokens).
PRICE = "\n[llm_prices.stub-model]\ninput_per_1m = 1.0\noutput_per_1m = 4.0\n"
REPO = Path(__file__).resolve().parent.parent


def configure(home: Path, stub: OpenAIStub, mode: str, **extra: object) -> None:
    write_config(home, **stub_config(stub, llm_timeout_s=5, llm_mode=mode, llm_batch_poll_s=0.01, **extra))
    with (home / "config.toml").open("a", encoding="utf-8") as config:
        config.write(PRICE)


def warehouse(home: Path) -> dict[str, list[tuple]]:
    """What a data scientist reads, without the run times."""
    queries = {
        "facts": "select user_id, section, entity, status, attributes from facts_current order by all",
        "events": "select user_id, message_id, section, entity, status, attributes from extracted_events order by all",
        "rejects": "select user_id, message_id, section, reason from rejects order by all",
        "measurements": "select user_id, source_message_id, test, value, unit from measurements order by all",
    }
    con = duckdb.connect(str(home / "warehouse.duckdb"), read_only=True)
    try:
        return {name: con.execute(sql).fetchall() for name, sql in queries.items()}
    finally:
        con.close()


def usage(home: Path) -> dict[str, tuple]:
    con = duckdb.connect(str(home / "warehouse.duckdb"), read_only=True)
    try:
        rows = con.execute(
            "select task, mode, calls, cache_hits, prompt_tokens, completion_tokens, estimated_cost_usd from llm_usage"
        ).fetchall()
    finally:
        con.close()
    return {r[0]: r[1:] for r in rows}


def asked(stub: OpenAIStub) -> dict[str, tuple[int, int]]:
    """Distinct requests the stand-in received, and their prompt tokens, per task (retries left out)."""
    bodies = {json.dumps(c.body, sort_keys=True): c for c in stub.calls}
    out: dict[str, tuple[int, int]] = {}
    for call in bodies.values():
        task = call.section or "classifier"
        calls, tokens = out.get(task, (0, 0))
        out[task] = (calls + 1, tokens + prompt_usage(call.body))
    return out


@pytest.fixture(scope="module")
def sync_sample(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, tuple[int, int]]]:
    """A home after a sync-mode backfill of the sample, and the distinct requests it made per task.

    One call at a time, so a message sent by two users is asked once and then answered from the
    cache (with parallel calls both may miss it). A call retried after a timeout on a loaded
    machine is one distinct request.
    """
    home = tmp_path_factory.mktemp("sync") / "home"
    with OpenAIStub() as stub:
        configure(home, stub, "sync", llm_concurrency=1)
        run_backfill(load_settings(home), SAMPLE_EXPORTS)
        return home, asked(stub)


def test_batch_mode_gives_the_warehouse_of_sync_mode_at_half_the_price(tmp_path, sync_sample):
    sync_home, sync_asked = sync_sample
    home = tmp_path / "home"
    with OpenAIStub() as stub:
        configure(home, stub, "batch")
        metadata = run_backfill(load_settings(home), SAMPLE_EXPORTS).metadata["extracted_events"]
        assert stub.batches_created == 2  # one for the classifier, one for every extractor call
        # no synchronous understanding call (session summaries are one synchronous call per session)
        assert {c.batch for c in stub.calls if c.kind != "summary"} == {"batch_stub_1", "batch_stub_2"}
        assert asked(stub) == sync_asked  # the same requests, each once
        assert not stub.files  # input, output and error files deleted once read
    assert warehouse(home) == warehouse(sync_home)
    assert warehouse(home)["facts"]
    assert BatchJobs(load_settings(home).llm_batches_path).pending() == []

    batch, sync = usage(home), usage(sync_home)
    assert batch.keys() == sync.keys() == sync_asked.keys() >= {"classifier", "medications", "measurements"}
    for task, (mode, calls, hits, prompt, completion, cost) in batch.items():
        if task == "session_summary":  # one synchronous call per session in either mode
            assert mode == sync[task][0] == "sync"
            continue
        assert (mode, sync[task][0]) == ("batch", "sync")
        assert (calls, prompt) == sync_asked[task], task  # what the stand-in reported, counted per task
        assert hits == sync[task][2], task  # a message two users sent is asked once in both modes
        assert cost == pytest.approx((prompt * 1.0 + completion * 4.0) / 1e6 / 2)  # the batch discount
        assert sync[task][5] == pytest.approx((sync[task][3] * 1.0 + sync[task][4] * 4.0) / 1e6)  # full price
    understanding = {t: r for t, r in batch.items() if t != "session_summary"}  # the summaries asset has its own
    assert metadata["llm_estimated_cost_usd"] == pytest.approx(sum(r[-1] for r in understanding.values()))
    assert {r["task"]: r["calls"] for r in metadata["llm_usage"]} == {t: r[1] for t, r in understanding.items()}


def test_expired_and_failed_items_go_into_a_next_batch(tmp_path, sync_sample):
    # batch 1: the classifier's, 2: its retry, 3: the extractors', 4: theirs
    faults = BatchFaults(expire_rate=0.2, fail_rate=0.1, batches=frozenset({1, 3}))
    home = tmp_path / "home"
    with OpenAIStub(batch_faults=faults) as stub:
        configure(home, stub, "batch")
        run_backfill(load_settings(home), SAMPLE_EXPORTS)
        statuses = [b.status for b in stub.batches.values()]
    assert statuses == ["expired", "completed", "expired", "completed"]
    first, retry = stub.batches["batch_stub_1"].counts, stub.batches["batch_stub_2"].counts
    assert retry["total"] == first["failed"] > 0  # only the expired and failed items are asked again
    assert warehouse(home) == warehouse(sync_sample[0])  # every item got its answer in the end


def test_items_that_always_expire_end_in_rejects_with_the_reason(tmp_path, write_export):
    write_export("export-2026-03-03.jsonl", DIALOGUE)
    faults = BatchFaults(expire_rate=0.3, batches=frozenset(), seed=3)  # the same items, every batch
    home = tmp_path / "home"
    with OpenAIStub(batch_faults=faults) as stub:
        configure(home, stub, "batch", llm_batch_rounds=2)
        outcome = run_backfill(load_settings(home), tmp_path / "in")
        statuses = [b.status for b in stub.batches.values()]
    data = warehouse(home)
    failed = [r for r in data["rejects"] if r[2] is None]
    assert failed, "some item expired in both batches"
    assert all(r[3].endswith("batch item batch_expired (after 2 batches)") for r in failed), failed
    assert outcome.metadata["extracted_events"]["fragments_failed"] == len(failed)
    assert data["facts"], "the fragments whose items were answered are understood"
    assert statuses[:2] == ["expired", "expired"]  # the classifier's batch and its one retry


def _run_cli(home: Path, input_dir: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.Popen(
        [sys.executable, "-m", "pipelines.cli", "backfill", "--input", str(input_dir), "--home", str(home)],
        cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


def test_a_run_killed_while_polling_resumes_the_same_batch(tmp_path, write_export):
    write_export("export-2026-03-03.jsonl", DIALOGUE)
    home = tmp_path / "home"
    with OpenAIStub() as stub:
        configure(home, stub, "batch")
        stub.hold_batches = True
        run = _run_cli(home, tmp_path / "in")
        try:
            deadline = time.monotonic() + 120
            while not (stub.batches_created and stub.batches["batch_stub_1"].polls >= 3):
                assert run.poll() is None, run.communicate()
                assert time.monotonic() < deadline, "the run never polled its batch"
                time.sleep(0.05)
            run.send_signal(signal.SIGKILL)
        finally:
            run.wait(30)
        assert stub.batches["batch_stub_1"].status == "in_progress"
        records = BatchJobs(load_settings(home).llm_batches_path).pending()
        assert [(r["stage"], r["batch_id"]) for r in records] == [("classifier", "batch_stub_1")]
        assert len(records[0]["custom_ids"]) == 5  # one classifier call per user message

        stub.hold_batches = False
        outcome = run_backfill(load_settings(home), tmp_path / "in")
        assert stub.batches_created == 2  # the classifier's batch resumed, one more for the extractors
        assert stub.batches["batch_stub_1"].polls > 3
        assert stub.count("classifier") == 5  # answered once, in the batch created before the kill
    assert BatchJobs(load_settings(home).llm_batches_path).pending() == []
    assert outcome.metadata["extracted_events"]["fragments_understood"] == 5
    facts = warehouse(home)["facts"]
    assert ("p1", "allergies", "penicillin", "active") in [f[:4] for f in facts]
    assert ("p1", "medications", "metformin", "active") in [f[:4] for f in facts]


def test_the_backfill_summary_shows_calls_tokens_and_cost_per_task(tmp_path, write_export):
    from typer.testing import CliRunner

    from pipelines.cli import app

    write_export("export-2026-03-03.jsonl", DIALOGUE)
    home = tmp_path / "home"
    with OpenAIStub() as stub:
        configure(home, stub, "batch")
        result = CliRunner().invoke(app, ["backfill", "--home", str(home), "--input", str(tmp_path / "in")])
    assert result.exit_code == 0, result.output
    rows = usage(home)
    cells = [[c.strip() for c in line.split("│")[1:-1]] for line in result.output.splitlines() if "│" in line]
    table = {row[0]: row[1:] for row in cells}
    for task in ("classifier", "allergies", "medications"):
        calls, hits, prompt, completion, cost = rows[task][1:]
        assert table[task] == [str(calls), str(hits), str(prompt), str(completion), f"{cost:.4f}"], task
    assert sum(r[1] for r in rows.values()) == stub.count() == int(table["total"][0])
