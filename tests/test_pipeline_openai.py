"""The whole backfill job with the ``openai`` backend, over real HTTP to the loopback stub."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from anamnesis.config import load_settings
from anamnesis.understanding.prompts import BUNDLED_PROMPTS_DIR
from pipelines.run import BackfillFailed, run_backfill
from tests.conftest import message, write_config
from tests.openai_stub import OpenAIStub, stub_config
from tests.warehouse_state import query

DIALOGUE = [
    message("a1", "p1", "2026-03-01T09:00:00Z", "assistant", "Do you have any allergies?"),
    message("u1", "p1", "2026-03-01T09:00:10Z", "user", "I'm allergic to penicillin."),
    message("u2", "p1", "2026-03-01T09:01:00Z", "user", "I take metformin 500 mg twice a day."),
    message("u3", "p2", "2026-03-02T10:00:00Z", "user", "I have had a headache since yesterday."),
    message("u4", "p2", "2026-03-02T10:01:00Z", "user", "Can I take ibuprofen?"),
    message("u5", "p3", "2026-03-03T08:00:00Z", "user", "No allergies, and I am 42 years old."),
]


@pytest.fixture
def stub() -> Iterator[OpenAIStub]:
    with OpenAIStub() as server:
        yield server


def configure(home: Path, stub: OpenAIStub, **extra: object) -> None:
    write_config(home, **stub_config(stub, llm_timeout_s=5, **extra))


def facts(home: Path) -> list[tuple]:
    return query(home, "select user_id, section, entity, status from facts_current order by all")


def test_unchanged_rerun_calls_nothing_and_a_prompt_edit_calls_only_its_section(tmp_path, stub, write_export):
    home = tmp_path / "home"
    write_export("export-2026-03-03.jsonl", DIALOGUE)
    configure(home, stub)
    run_backfill(load_settings(home), tmp_path / "in")
    assert stub.count("classifier") == 5  # one per user message, none for the assistant turn
    before = facts(home)
    assert ("p1", "allergies", "penicillin", "active") in before
    assert ("p1", "medications", "metformin", "active") in before
    assert not [f for f in before if f[0] == "p2" and f[1] == "medications"]  # a question is not a fact

    stub.reset()
    outcome = run_backfill(load_settings(home), tmp_path / "in")
    assert stub.count() == 0 and outcome.unchanged  # nothing changed: no stage ran

    (home / "lake" / "messages.parquet").touch()  # the home changed: the stages run, and reuse everything
    outcome = run_backfill(load_settings(home), tmp_path / "in")
    assert stub.count() == 0
    assert outcome.metadata["extracted_events"]["fragments_reused"] == 5
    assert outcome.metadata["extracted_events"]["llm_calls"] == 0

    prompts = tmp_path / "prompts"
    shutil.copytree(BUNDLED_PROMPTS_DIR, prompts)
    path = prompts / "extract" / "allergies.md"
    path.write_text(path.read_text(encoding="utf-8") + "\nBe precise about reactions.\n", encoding="utf-8")
    configure(home, stub, prompts_dir=prompts)
    stub.reset()
    run_backfill(load_settings(home), tmp_path / "in")
    routed_to_allergies = 2  # "allergic to penicillin" and "No allergies, and I am 42"
    assert stub.count("classifier") == 0
    assert stub.count("extract", "allergies") == routed_to_allergies
    assert stub.count() == routed_to_allergies
    assert facts(home) == before


def test_an_unreachable_server_fails_fast_with_one_line(tmp_path, write_export):
    home = tmp_path / "home"
    write_export("export-2026-03-03.jsonl", DIALOGUE)
    write_config(home, llm="openai", llm_model="m", openai_base_url="http://127.0.0.1:9/v1", llm_backoff_s=0)
    with pytest.raises(BackfillFailed) as failure:
        run_backfill(load_settings(home), tmp_path / "in")
    message_ = str(failure.value)
    assert "cannot reach http://127.0.0.1:9/v1" in message_
    assert "\n" not in message_


def usage(home: Path) -> list[tuple]:
    return query(
        home,
        "select task, calls, cache_hits, prompt_tokens, completion_tokens from llm_usage "
        "where task <> 'session_summary' order by task",
    )


def test_sharded_run_counts_every_shards_calls_once_in_llm_usage(tmp_path, stub, write_export):
    # Each shard's step has its own backend and ledger; the merge must add them, task by task.
    write_export("export-2026-03-03.jsonl", DIALOGUE)
    homes = {}
    for shards in (1, 3):
        home = homes[shards] = tmp_path / f"home{shards}"
        configure(home, stub, shards=shards)
        run_backfill(load_settings(home), tmp_path / "in", resources={})
    assert usage(homes[3]) == usage(homes[1])
    assert ("classifier", 5, 0) in [row[:3] for row in usage(homes[3])]
    assert facts(homes[3]) == facts(homes[1])
