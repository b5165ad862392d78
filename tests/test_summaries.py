"""Session summaries without a pipeline: the deterministic text, the spans, the recall question."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import orjson
import polars as pl
import pytest

from anamnesis.measurements.frame import MEASUREMENTS_SCHEMA
from anamnesis.summaries.recall import _ASKS, _RECALL, asks_about_earlier_chats
from anamnesis.summaries.spans import session_spans
from anamnesis.summaries.text import MAX_PHRASES, NOTHING_SAID, FactChange, Reading, summary_text
from schemas.frames import FactEvents, Messages, polars_schema
from tests.lowered_patterns import assert_takes_each_letter_as_its_lower_case, labelled_texts

T0 = datetime(2026, 5, 3, 9, 0, tzinfo=UTC)


def change(section: str, entity: str, status: str, change_type: str = "first_mention", before: str | None = None,
           **attributes: str) -> FactChange:
    return FactChange(section, entity, change_type, status, attributes, before)


# The same chat in three languages, as the extractor leaves it: canonical English entities, the
# user's own words in ``mention``. The summary is English whatever the mention's language.
CHATS = {
    "en": ("amlodipine", "cough", "allergies", "cigarettes"),
    "ru": ("амлодипин", "кашель", "аллергии", "сигареты"),
    "zh": ("氨氯地平", "咳嗽", "过敏", "香烟"),
}


@pytest.mark.parametrize("lang", sorted(CHATS))
def test_the_summary_says_each_kind_of_event_in_english(lang: str) -> None:
    drug, cough, allergy, smoke = CHATS[lang]
    changes = [
        change("medications", "amlodipine", "active", "change", before="stopped", dose="5 mg", mention=drug),
        change("symptoms", "cough", "active", when="3 days", mention=cough),
        change("allergies", "*", "confirmed_absent", "negation", mention=allergy),
        change("lifestyle", "smoking", "stopped", "change", before="active", mention=smoke),
        change("medications", "metformin", "active", "confirmation", before="active", dose="500 mg"),
        change("medications", "lisinopril", "active", "change", before="active", dose="20 mg"),
        change("family_history", "type 2 diabetes", "active", relation="mother"),
        change("demographics", "weight_kg", "active", value="82"),
        change("chronic_conditions", "*", "superseded", "change", before="confirmed_absent"),  # says nothing alone
    ]
    readings = [Reading("alanine aminotransferase", 98.0, "U/L", "high"), Reading("hba1c", None, None, "high"),
                Reading("body weight", 82.0, "kg", None)]  # fmt: skip
    assert summary_text(changes, readings) == (
        "Started amlodipine 5 mg; cough (3 days); denied allergies; stopped smoking; still takes metformin 500 mg; "
        "lisinopril now 20 mg; family history of type 2 diabetes (mother); weight 82 kg; "
        "alanine aminotransferase 98 U/L (high); hba1c high"
    )


def test_a_fact_said_twice_in_a_span_is_one_phrase_in_its_final_state() -> None:
    changes = [
        change("medications", "metformin", "active", dose="500 mg"),
        change("symptoms", "headache", "active"),
        change("medications", "metformin", "active", "change", before="active", dose="1000 mg"),
        change("symptoms", "headache", "resolved", "change", before="active"),
    ]
    assert summary_text(changes) == "Takes metformin 1000 mg; headache resolved"


def test_nothing_health_related_and_a_long_span() -> None:
    assert summary_text([]) == NOTHING_SAID
    many = [change("symptoms", f"symptom {i}", "active") for i in range(MAX_PHRASES + 3)]
    assert summary_text(many).endswith("symptom 11; and 3 more")


def _messages(rows: list[tuple[str, str, str, str, str]]) -> pl.DataFrame:
    """(user, session, message id, role, text) in order, a minute apart."""
    return pl.DataFrame(
        [
            (mid, user, session, T0 + timedelta(minutes=i), role, text, "en", mid, "f.jsonl", i + 1, "2026-05-03")
            for i, (user, session, mid, role, text) in enumerate(rows)
        ],
        schema=polars_schema(Messages),
        orient="row",
    )


def _fact_events(rows: list[tuple[str, str, str, str, str, str, dict]]) -> pl.DataFrame:
    """(user, message id, section, entity, change type, status, attributes) in history order."""
    return pl.DataFrame(
        [
            (f"e{i}", f"{user}:{section}:{entity}", user, section, entity, change_type, status,
             orjson.dumps(a).decode(), T0, T0, mid, "rules-x", "dialogue", None)
            for i, (user, mid, section, entity, change_type, status, a) in enumerate(rows)
        ],
        schema=polars_schema(FactEvents),
        orient="row",
    )  # fmt: skip


def test_a_long_session_gets_a_summary_every_n_turns_and_at_its_last() -> None:
    rows = [("u", "s1", "a1", "user", "I take metformin 500 mg"), ("u", "s1", "a2", "assistant", "Noted.")]
    rows += [("u", "s2", f"b{i:02d}", "user", f"turn {i}") for i in range(1, 13)]
    events = [
        ("u", "a1", "medications", "metformin", "first_mention", "active", {"dose": "500 mg"}),
        ("u", "b03", "medications", "metformin", "change", "active", {"dose": "1000 mg"}),
        ("u", "b11", "symptoms", "cough", "first_mention", "active", {}),
    ]
    empty_readings = pl.DataFrame(schema=MEASUREMENTS_SCHEMA)
    spans = session_spans(_messages(rows), _fact_events(events), empty_readings, every=5)
    assert [(s.session_id, s.through_message_id, s.user_turns) for s in spans] == [
        ("s1", "a1", 1), ("s2", "b05", 5), ("s2", "b10", 10), ("s2", "b12", 12),
    ]  # fmt: skip
    first, at_five, at_ten, at_end = (summary_text(s.changes, s.readings) for s in spans)
    assert first == "Takes metformin 500 mg"
    assert at_five == at_ten == "Metformin now 1000 mg"  # the status before s2 was already active
    assert at_end == "Metformin now 1000 mg; cough"
    assert spans[1].turns[-1] == ("user", "turn 5") and len(spans[3].turns) == 12
    assert spans[0].turns == (("user", "I take metformin 500 mg"),)  # through the user turn, not the answer


@pytest.mark.parametrize(
    "query",
    [
        "What did we talk about last time?",
        "remind me what we discussed in our previous chat",
        "О чём мы говорили в прошлый раз?",
        "Что мы обсуждали?",
        "我们上次聊了什么？",
        "之前聊过什么",
    ],
)
def test_questions_about_earlier_chats_are_recognised(query: str) -> None:
    assert asks_about_earlier_chats(query)


@pytest.mark.parametrize(
    "query", ["Can I take ibuprofen?", "Мне можно ибупрофен?", "我可以吃布洛芬吗？", "my last dose was at 9"]
)
def test_other_questions_are_not(query: str) -> None:
    assert not asks_about_earlier_chats(query)


#: One question for each way ``_RECALL`` has of asking, in mixed case (the gate must let each through).
EVERY_WAY = [
    "PAST Visits?", "the Earlier SESSION", "What Have I Mentioned", "We SPOKE about it Before",
    "Chatted about x earlier", "REMIND me what", "Прошлый Раз", "ПРЕДЫДУЩАЯ беседа", "Последний разговор",
    "О чём мы Беседовали", "что мы ОБСУДИЛИ", "Напомните, что", "上一次", "上回说", "之前谈", "我们谈了什么",
    "我们说了什么", "聊过什么", "谈过什么", "whAt did we tAlk", "la\u017ft time",
]  # fmt: skip


def test_the_pattern_takes_every_letter_as_its_lower_case() -> None:
    # asks_about_earlier_chats searches the lower-cased question
    assert_takes_each_letter_as_its_lower_case(_RECALL, (r"\w", r"\s", "[её]"))


def test_the_gate_lets_through_every_way_of_asking_and_answers_as_the_pattern() -> None:
    for query in EVERY_WAY:
        assert _RECALL.search(query), query  # a case the pattern matches
        assert asks_about_earlier_chats(query), query
    texts = labelled_texts()
    assert len(texts) > 1_000
    for text in texts:
        assert asks_about_earlier_chats(text) == (_RECALL.search(text) is not None), text
    assert sum(not _ASKS.may_match(text.lower()) for text in texts) > len(texts) // 2  # mostly turned away
