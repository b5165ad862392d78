"""The small-talk pre-filter: it must never skip a turn that states a fact.

The gold and dev sets (hand-labelled, en/ru/zh) are the evidence: no user turn that carries an
event, a conflict or a labelled section is skipped, while their thanks and "ok"s are. The last
test checks over real HTTP that a skipped fragment costs no call.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from anamnesis.config import load_settings
from anamnesis.evaluation.datasets import bundled
from anamnesis.evaluation.gold import GoldDialogue, load_gold
from anamnesis.understanding.prefilter import no_health_content
from pipelines.run import run_backfill
from schemas.events import Fragment
from tests.conftest import message, write_config
from tests.openai_stub import OpenAIStub, stub_config

TS = datetime(2026, 3, 1, tzinfo=UTC)


def fragment(text: str, context: str | None = None, lang: str | None = None) -> Fragment:
    return Fragment("f", "u", "m", TS, text, context, lang)


def user_turns(dialogue: GoldDialogue) -> list[tuple[int, Fragment]]:
    """Each user turn as the pipeline reads it: with the assistant turn before it in its session."""
    out = []
    for i, turn in enumerate(dialogue.turns):
        if turn.role != "user":
            continue
        before = dialogue.turns[i - 1] if i else None
        context = before.text if before and before.role == "assistant" and before.session == turn.session else None
        out.append((i, Fragment(dialogue.id, dialogue.user_id, str(i), turn.ts, turn.text, context, dialogue.lang)))
    return out


@pytest.mark.parametrize("name", ["gold", "dev"])
def test_no_gold_turn_with_an_event_is_skipped(name: str) -> None:
    skipped: list[str] = []
    lost: list[str] = []
    for dialogue in load_gold(bundled(name)):
        needed = {e.turn for e in dialogue.events} | set(dialogue.conflict_turns)
        for i, frag in user_turns(dialogue):
            if no_health_content(frag):
                skipped.append(frag.text)
                if i in needed or dialogue.turns[i].sections:
                    lost.append(f"{dialogue.id} turn {i}: {frag.text}")
    assert lost == []
    assert len(skipped) >= 3  # the filter does skip the sets' small talk, in every language


@pytest.mark.parametrize(
    ("text", "context", "lang"),
    [
        ("ok thanks", "Ibuprofen with food is usually fine.", "en"),
        ("Hi!", None, "en"),
        ("Спасибо, очень помогли.", "Обычно 500 мг три раза в день.", "ru"),
        ("ладно, до завтра", None, "ru"),
        ("好的谢谢", "建议随餐服用。", "zh"),
        ("嗯嗯 知道了", None, "zh"),
    ],
)
def test_small_talk_is_skipped(text: str, context: str | None, lang: str) -> None:
    assert no_health_content(fragment(text, context, lang))


@pytest.mark.parametrize(
    ("text", "context", "lang"),
    [
        ("ok", "Any dizziness?", "en"),  # an answer to a question
        ("偶尔", "有没有头晕？", "zh"),
        ("Thanks, I feel awful today", None, "en"),  # a complaint the terminology may not know
        ("ok, 45 now", None, "en"),  # a number may be an age, a dose, a reading
        ("Yes, that's right.", "Your appendix was removed in 2015.", "en"),  # a confirmation
        ("спасибо, давление в норме", None, "ru"),
        ("谢谢，头不疼了", None, "zh"),
        ("", None, None),
    ],
)
def test_anything_that_may_state_a_fact_is_kept(text: str, context: str | None, lang: str | None) -> None:
    assert not no_health_content(fragment(text, context, lang))


def test_a_skipped_fragment_costs_no_call(tmp_path, write_export) -> None:
    rows = [
        message("u1", "p1", "2026-03-01T09:00:00Z", "user", "Hello!"),
        message("u2", "p1", "2026-03-01T09:00:30Z", "user", "I take metformin 500 mg."),
        message("u3", "p1", "2026-03-01T09:01:00Z", "user", "Thanks, that's helpful."),
    ]
    write_export("export-2026-03-01.jsonl", rows)
    with OpenAIStub() as stub:
        for prefilter, classifier_calls in ((True, 1), (False, 3)):
            home = tmp_path / f"home-{prefilter}"
            write_config(home, **stub_config(stub, llm_prefilter=prefilter))
            stub.reset()
            outcome = run_backfill(load_settings(home), tmp_path / "in")
            assert stub.count("classifier") == classifier_calls
            assert outcome.metadata["extracted_events"]["llm_prefiltered"] == 3 - classifier_calls
            assert outcome.metadata["extracted_events"]["fragments_understood"] == 3  # skipped ones are stored
