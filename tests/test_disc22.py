"""Answers to a question that lists several things, given item by item in the reply's own words.

- "X is fine / normal / ok" ("breathing's fine", "сон в норме", "视力正常") denies the asked item
  whose name holds X, as "X no" does (``asked_parts``);
- a Russian reply answers items by a word of their name in any case ("крови не было" to "кровь в
  моче?"), as English and Chinese replies already do (``asked_parts``);
- a denial right after "the rest" ("asthma since childhood, the rest no", "остального нет", "其他没有")
  denies the things not named, never the one the clause names (``status``);
- a message that opens with a body part alone ("knees. both ache", "колени. болят по утрам",
  "膝盖还行 就是下楼有点疼") speaks of that part: a pain word after it with no part of its own is
  that part's pain, as after a question about the part (``mentions.topic_part``);
- a reply that first answers an earlier question of the turn and ends on a bare answer ("flat
  really. no, nothing like that", "上周开始的。没有") answers what the turn asks with it
  (``replies._closing_answer``); not when it answered piece by piece before;
- a reply that names the asked thing by part of its name ("no sweats" to "night sweats?", "cancer"
  to "bowel cancer in the family?") speaks of the asked thing, not of a wider one (``asked_parts``).

Each row is (reply, the assistant's question before it, the exact set of (section, entity, status)
the reply must yield). The sentences are new, written for this test; none is from the gold, dev,
validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
FINE: list[Row] = [
    ("no fever, and the breathing's fine", "Any fever, cough or shortness of breath?",
     {("symptoms", "fever", "confirmed_absent"), ("symptoms", "shortness of breath", "confirmed_absent")}),
    ("swallowing is ok, no heartburn", "Any trouble swallowing or heartburn?",
     {("symptoms", "dysphagia", "confirmed_absent"), ("symptoms", "heartburn", "confirmed_absent")}),
    ("vision's normal. bit of a headache", "Any blurred vision or headaches?",
     {("symptoms", "blurred vision", "confirmed_absent"), ("symptoms", "headache", "active")}),
    ("кашель есть, дыхание в норме", "Есть ли кашель, затруднённое дыхание?",
     {("symptoms", "cough", "active"), ("symptoms", "shortness of breath", "confirmed_absent")}),
    ("стул нормальный, изжога бывает", "Беспокоят ли изжога, чёрный стул?",
     {("symptoms", "heartburn", "active"), ("symptoms", "melena", "confirmed_absent")}),
    ("视力正常，头有点疼", "有没有视力模糊、头痛？",
     {("symptoms", "blurred vision", "confirmed_absent"), ("symptoms", "headache", "active")}),
    ("呼吸还好，就是咳嗽", "有没有咳嗽、呼吸困难？",
     {("symptoms", "cough", "active"), ("symptoms", "shortness of breath", "confirmed_absent")}),
]

# a thing said to be fine that the question presupposes, or a thing that is not among the asked ones
FINE_NOT_A_DENIAL: list[Row] = [
    ("the cough is ok now but I'm still wheezing", "How are your cough and wheezing?",
     {("symptoms", "cough", "active"), ("symptoms", "wheezing", "active")}),
    ("my appetite is fine", "Any nausea or vomiting?", set()),
    # no denial of nausea; only a held-only end of a lost appetite, dropped unless the user has one
    ("аппетит нормальный", "Есть ли тошнота, рвота?", {("symptoms", "^loss of appetite", "resolved")}),
]

RU_BY_WORD: list[Row] = [
    ("крови не было, жжения тоже нет", "Бывает ли жжение при мочеиспускании, кровь в моче?",
     {("symptoms", "dysuria", "confirmed_absent"), ("symptoms", "hematuria", "confirmed_absent")}),
    ("изжоги нет, а кашель бывает", "Есть ли изжога или кашель по ночам?",
     {("symptoms", "heartburn", "confirmed_absent"), ("symptoms", "cough", "active")}),
    ("ночью не потею, тошнота есть", "Беспокоят ли ночная потливость, тошнота?",
     {("symptoms", "night sweats", "confirmed_absent"), ("symptoms", "nausea", "active")}),
    ("жжения нет", "Бывает ли жжение при мочеиспускании, кровь в моче?", {("symptoms", "dysuria", "confirmed_absent")}),
    ("крови не видел", "Бывает ли жжение при мочеиспускании, кровь в моче?",
     {("symptoms", "hematuria", "confirmed_absent")}),
    ("а глаза нет", "Бывают ли сердцебиение, покраснение глаз?",
     {("symptoms", "eye redness", "confirmed_absent")}),
]
AS_ASKED: list[Row] = [
    ("no sweats", "Any fever or night sweats?", {("symptoms", "night sweats", "confirmed_absent")}),
    ("the swelling has gone down", "Is the ankle swelling any better?", {("symptoms", "ankle swelling", "resolved")}),
    ("dad had a stroke. no cancer that I know of", "Any bowel cancer or strokes in the family?",
     {("family_history", "stroke", "active"), ("family_history", "colorectal cancer", "confirmed_absent")}),
    ("不喘，就是咳", "有没有喘息、咳嗽？",
     {("symptoms", "wheezing", "confirmed_absent"), ("symptoms", "cough", "active")}),
    # a shorter drug name is another drug
    ("just paracetamol", "Are you taking co-codamol or ibuprofen?", {("medications", "paracetamol", "active")}),
    # a part shared by two asked things says which of neither
    ("没出血", "有没有牙龈出血、鼻出血？",
     {("symptoms", "bleeding", "confirmed_absent"), ("symptoms", "gingival bleeding", "confirmed_absent"),
      ("symptoms", "epistaxis", "confirmed_absent")}),
]
THE_REST: list[Row] = [
    ("asthma since childhood, others no", "Do you have asthma, diabetes or epilepsy?",
     {("chronic_conditions", "asthma", "active"), ("chronic_conditions", "diabetes", "confirmed_absent"),
      ("chronic_conditions", "epilepsy", "confirmed_absent")}),
    ("asthma since childhood, the rest no", "Any long-term conditions?", {("chronic_conditions", "asthma", "active")}),
    ("гипертония лет десять, остального нет", "Есть ли хронические заболевания?",
     {("chronic_conditions", "hypertension", "active")}),
    ("高血压十年了，别的都没有", "有什么慢性病吗？", {("chronic_conditions", "hypertension", "active")}),
]
TOPIC_PART: list[Row] = [
    ("knees. both ache going downstairs", "What's bothering you?", {("symptoms", "knee pain", "active")}),
    ("my back - it hurts when I bend", "What brings you in today?", {("symptoms", "back pain", "active")}),
    ("колени. обе болят по утрам", "Что беспокоит?", {("symptoms", "knee pain", "active")}),
    ("спина, ноет к вечеру", "Что беспокоит?", {("symptoms", "back pain", "active")}),
    ("膝盖还行 就是下楼有点疼", "恢复得怎么样？", {("symptoms", "knee pain", "active")}),
    ("肩膀，晚上疼得睡不着", "哪里不舒服？", {("symptoms", "shoulder pain", "active")}),
    # a part that is not alone in its piece is no topic
    ("sprained my wrist on sunday, still sore", "What happened?", {("injuries", "wrist sprain", "active")}),
    ("my head is fine, but my stomach hurts", "How are you?", {("symptoms", "abdominal pain", "active")}),
]
CLOSING_ANSWER: list[Row] = [
    ("flat really. no, nothing like that", "How's your mood been? Any thoughts of harming yourself?",
     {("symptoms", "suicidal ideation", "confirmed_absent")}),
    ("been ok, work is busy. no", "How have you been? Any chest pain?",
     {("symptoms", "chest pain", "confirmed_absent")}),
    ("настроение так себе. нет, такого нет", "Как настроение? Мысли навредить себе бывают?",
     {("symptoms", "suicidal ideation", "confirmed_absent")}),
    ("上周开始的。没有", "什么时候开始的？发烧吗？", {("symptoms", "fever", "confirmed_absent")}),
    # answered piece by piece already: the closing "yes" is of its own sentence
    ("no fever. yes a bit", "Any fever or cough?", {("symptoms", "fever", "confirmed_absent")}),
]
# fmt: on


ROWS = FINE + FINE_NOT_A_DENIAL + RU_BY_WORD + AS_ASKED + THE_REST + TOPIC_PART + CLOSING_ANSWER


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_item_by_item(text: str, context: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected


def test_the_rest_denies_no_example_the_reply_names() -> None:
    """ "type 2 diabetes 10 yrs, the rest no" to a question that gives diabetes as an example: the
    diabetes is the user's, whatever the rest is."""
    got = triples(understand("type 2 diabetes 10 yrs, the rest no", "Any health conditions, such as diabetes or gout?"))
    assert ("chronic_conditions", "type 2 diabetes", "active") in got
    assert not any(status == "confirmed_absent" and "diabetes" in entity for _, entity, status in got)
