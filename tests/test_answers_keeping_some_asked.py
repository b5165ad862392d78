"""Replies that keep some of the asked things and deny the rest (``rules.only_asked``).

- "only" / "just" / "только" / "лишь" / "只有" / "就" before (English and Russian also right after) what
  the reply keeps: the kept asked thing is there, every other asked thing is denied;
- "except" / "кроме" / "除了" beside a denial keeps what it names and denies the rest;
- what is kept may be named by the reply's own term, by words of the question's name for it ("the
  sugar one"), or by its place in the question ("the second", "второе", "第一个"); a question that
  asks of whole sections ("операции, переломы, аллергии?") has its sections denied section-wide;
- a question that numbers its items ("1. fever 2. cough") asks every numbered item, so a place answers it;
- an "only" that keeps no asked thing ("only when I climb stairs", "I just started it") denies nothing.

Each row is (reply, the assistant's question before it, the exact set of (section, entity, status)
the reply must yield). The sentences are new, written for this test; none is from the gold, dev,
validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
ONLY: list[Row] = [
    ("only the asthma", "Do you have asthma, diabetes or high blood pressure?",
     {("chronic_conditions", "asthma", "active"), ("chronic_conditions", "diabetes", "confirmed_absent"),
      ("chronic_conditions", "hypertension", "confirmed_absent")}),
    ("just the nausea really", "Any nausea, vomiting or diarrhoea?",
     {("symptoms", "nausea", "active"), ("symptoms", "vomiting", "confirmed_absent"),
      ("symptoms", "diarrhea", "confirmed_absent")}),
    ("только астма", "Есть ли астма, диабет или гипертония?",
     {("chronic_conditions", "asthma", "active"), ("chronic_conditions", "diabetes", "confirmed_absent"),
      ("chronic_conditions", "hypertension", "confirmed_absent")}),
    ("тошнота только", "Беспокоят ли тошнота, рвота, понос?",
     {("symptoms", "nausea", "active"), ("symptoms", "vomiting", "confirmed_absent"),
      ("symptoms", "diarrhea", "confirmed_absent")}),
    ("只有哮喘", "有没有哮喘、糖尿病、高血压？",
     {("chronic_conditions", "asthma", "active"), ("chronic_conditions", "diabetes", "confirmed_absent"),
      ("chronic_conditions", "hypertension", "confirmed_absent")}),
]

BY_PLACE: list[Row] = [
    ("only the third one", "Any nausea, vomiting or diarrhoea?",
     {("symptoms", "diarrhea", "active"), ("symptoms", "nausea", "confirmed_absent"),
      ("symptoms", "vomiting", "confirmed_absent")}),
    ("только первое", "Беспокоят ли тошнота, рвота, понос?",
     {("symptoms", "nausea", "active"), ("symptoms", "vomiting", "confirmed_absent"),
      ("symptoms", "diarrhea", "confirmed_absent")}),
    ("就第二个", "有没有恶心、呕吐、拉肚子？",
     {("symptoms", "vomiting", "active"), ("symptoms", "nausea", "confirmed_absent"),
      ("symptoms", "diarrhea", "confirmed_absent")}),
]

EXCEPT: list[Row] = [
    ("none of them apart from the first", "Have you had: 1) a flu jab, 2) the tetanus jab, 3) the covid jab?",
     {("vaccinations", "influenza vaccine", "historical"), ("vaccinations", "tetanus vaccine", "confirmed_absent"),
      ("vaccinations", "covid-19 vaccine", "confirmed_absent")}),
    ("нет ничего, кроме третьего", "Были ли у вас: 1) операции, 2) аллергии, 3) переломы?",
     {("surgeries", "*", "confirmed_absent"), ("allergies", "*", "confirmed_absent")}),
    ("除了第一个都没有", "最近有没有：1.头晕 2.头疼 3.恶心？",
     {("symptoms", "dizziness", "active"), ("symptoms", "headache", "confirmed_absent"),
      ("symptoms", "nausea", "confirmed_absent")}),
]

KEEPS_NOTHING: list[Row] = [
    ("only when I climb stairs", "Any chest pain or breathlessness?", set()),
    ("I just started the metformin", "Do you take metformin or insulin?", {("medications", "metformin", "active")}),
    ("ramipril only", "Which medicines do you take, and any allergies?", {("medications", "ramipril", "active")}),
    ("只是有点累", "有没有头晕、心慌？", {("symptoms", "fatigue", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ONLY + BY_PLACE + EXCEPT + KEEPS_NOTHING)
def test_keeps_some_asked(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(
    ("context", "asked"),
    [
        ("Any of these: 1. fever 2. cough 3. rash?", {"fever", "cough", "rash"}),
        ("Есть ли у вас: 1. температура 2. кашель 3. сыпь?", {"fever", "cough", "rash"}),
        ("有没有以下情况：1.发烧 2.咳嗽 3.皮疹？", {"fever", "cough", "rash"}),
    ],
)
def test_a_numbered_question_asks_every_item(context: str, asked: set[str]) -> None:
    from anamnesis.understanding.rules.answers import asked_in

    topic = asked_in(context)
    assert topic is not None
    assert {entity for _, entity in topic.items} == asked
