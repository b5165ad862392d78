"""What the ``openai`` backend's requests carry, asserted at the loopback stand-in over real HTTP.

An extractor request carries the session's earlier turns and the section's facts known before
the message; the classifier's carries the turns only; no request carries the user id; and a
cached answer is reused only while that context is the same.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from anamnesis.config import load_settings
from pipelines.run import run_backfill
from tests.conftest import message, write_config
from tests.openai_stub import OpenAIStub, StubCall, stub_config

USER = "patient-7731-secret"
FIRST_VISIT = [
    message("m1", USER, "2026-03-01T09:00:00Z", "user", "I take metformin 500 mg.", session="visit-1"),
]
SECOND_VISIT = [
    message("a1", USER, "2026-03-09T10:00:00Z", "assistant", "Hello again, how are you?", session="visit-2"),
    message("m2", USER, "2026-03-09T10:00:30Z", "user", "Good. I take lisinopril 10 mg now.", session="visit-2"),
    message("a2", USER, "2026-03-09T10:01:00Z", "assistant", "Noted. Anything else?", session="visit-2"),
    message("m3", USER, "2026-03-09T10:01:30Z", "user", "My aunt is fine.", session="visit-2"),
    message("a3", USER, "2026-03-09T10:02:00Z", "assistant", "Good to hear.", session="visit-2"),
    message("m4", USER, "2026-03-09T10:02:30Z", "user", "I stopped metformin, the other one stays.", session="visit-2"),
]


@pytest.fixture
def stub() -> Iterator[OpenAIStub]:
    with OpenAIStub() as server:
        yield server


def payload(call: StubCall) -> dict:
    return json.loads(call.body["messages"][-1]["content"])


def calls_for(stub: OpenAIStub, text: str, kind: str) -> list[dict]:
    return [payload(c) for c in stub.calls if c.kind == kind and payload(c)["user_message"] == text]


def backfill(home: Path, stub: OpenAIStub, inputs: Path, **extra: object) -> None:
    write_config(home, **stub_config(stub, llm_timeout_s=5, **extra))
    run_backfill(load_settings(home), inputs)


def test_extractor_requests_carry_earlier_turns_and_known_facts_and_never_the_user_id(tmp_path, stub, write_export):
    home, inputs = tmp_path / "home", tmp_path / "in"
    write_export("export-2026-03-01.jsonl", FIRST_VISIT)
    backfill(home, stub, inputs)
    write_export("export-2026-03-09.jsonl", SECOND_VISIT)
    stub.reset()
    backfill(home, stub, inputs)

    (extract,) = calls_for(stub, SECOND_VISIT[-1]["text"], "extract")
    assert extract["assistant_previous_turn"] == "Good to hear."
    assert extract["earlier_turns"] == [  # four turns back; the last one is sent on its own, above
        {"role": "user", "text": "Good. I take lisinopril 10 mg now."},
        {"role": "assistant", "text": "Noted. Anything else?"},
        {"role": "user", "text": "My aunt is fine."},
    ]
    assert extract["known_facts"] == [{"entity": "metformin", "status": "active"}]  # from the first visit
    (classify,) = calls_for(stub, SECOND_VISIT[-1]["text"], "classifier")
    assert classify["earlier_turns"] == extract["earlier_turns"] and "known_facts" not in classify
    (first,) = calls_for(stub, "Good. I take lisinopril 10 mg now.", "extract")
    assert "earlier_turns" not in first  # only the greeting came before, sent as the previous turn
    assert "visit-1" not in json.dumps(first) and "I take metformin 500 mg." not in json.dumps(first)

    bodies = [json.dumps(c.body, ensure_ascii=False) for c in stub.calls]
    assert bodies and not [b for b in bodies if USER in b]


def test_the_number_of_earlier_turns_is_configurable(tmp_path, stub, write_export):
    write_export("export-2026-03-09.jsonl", SECOND_VISIT)
    backfill(tmp_path / "home", stub, tmp_path / "in", llm_context_turns=2)
    (extract,) = calls_for(stub, SECOND_VISIT[-1]["text"], "extract")
    assert extract["earlier_turns"] == [{"role": "user", "text": "My aunt is fine."}]
    assert extract["assistant_previous_turn"] == "Good to hear."


def test_a_cached_answer_is_not_reused_when_the_known_facts_changed(tmp_path, stub, write_export):
    home, inputs = tmp_path / "home", tmp_path / "in"
    stopped = message("m9", USER, "2026-03-09T10:00:00Z", "user", "I stopped metformin.", session="visit-2")
    write_export("export-2026-03-09.jsonl", [*FIRST_VISIT, stopped])
    backfill(home, stub, inputs)  # one run: nothing is known before it, so no known facts
    (before,) = calls_for(stub, "I stopped metformin.", "extract")
    assert "known_facts" not in before

    def reread() -> None:
        """Drop the store of understood fragments: every fragment is read again, the cache stays."""
        (home / "lake" / "understood.parquet").unlink()
        stub.reset()
        backfill(home, stub, inputs)

    reread()  # now the first visit's metformin is known before the second message
    assert [(c.kind, c.section) for c in stub.calls] == [("extract", "medications")]
    (after,) = calls_for(stub, "I stopped metformin.", "extract")
    assert after["known_facts"] == [{"entity": "metformin", "status": "active"}]

    reread()  # the same context again: every answer comes from the cache
    assert stub.count() == 0
