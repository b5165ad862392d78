"""The rules backend on replies whose asked thing is not named in the reply (issue 11, answers19).

A question about a body part ("How is your knee doing?", "Что с коленом?") asks what that part
does; a reply that names only the complaint ("still a bit swollen", "болит по вечерам") names
that part's complaint, as a Chinese reply does ("膝盖怎么样了？" — "还肿着"). A reply that names a
part of its own keeps it. Russian swellings said with a modifier between the part and the verb,
in the plural or as an adjective ("ноги к вечеру отекают", "колено опухшее"), are that part's
swelling, and a complaint in the other word order ("спать не могу") is the same complaint.

Each row is (text, assistant turn before it, the exact set of (section, entity, status) the
message must yield). The sentences are new, written for these kinds, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, probe_lang, triples, understand

# fmt: off
ASKED_PART: list[Row] = [
    ("still a bit swollen", "How is your knee doing?", {("symptoms", "knee swelling", "active")}),
    ("it aches when I climb stairs", "How's your shoulder these days?", {("symptoms", "shoulder pain", "active")}),
    ("sore in the mornings", "And what about your wrist?", {("symptoms", "wrist pain", "active")}),
    ("swelling yes, pain not really", "Does the leg still hurt or swell?",
     {("symptoms", "leg swelling", "active"), ("symptoms", "leg pain", "confirmed_absent")}),
    ("ещё опухает немного", "Как ваше колено?", {("symptoms", "knee swelling", "active")}),
    ("болит по вечерам", "Что с коленом?", {("symptoms", "knee pain", "active")}),
    ("ноет, особенно на погоду", "А как плечо?", {("symptoms", "shoulder pain", "active")}),
    ("отекает к вечеру", "Как ноги?", {("symptoms", "leg swelling", "active")}),
    ("не болит", "Колено беспокоит?", {("symptoms", "knee pain", "confirmed_absent")}),
    # a part of the reply's own is the reply's
    ("my hands are swollen though", "How is your knee?", {("symptoms", "hand swelling", "active")}),
    ("спина болит, а колено нормально", "Как колено?", {("symptoms", "back pain", "active")}),
    # a question about something else than a part gives the reply's complaint no part
    ("still swollen", "How are you feeling today?", {("symptoms", "swelling", "active")}),
]

RU_FORMS: list[Row] = [
    ("ноги к вечеру отекают", None, {("symptoms", "leg swelling", "active")}),
    ("руки по утрам опухают", None, {("symptoms", "arm swelling", "active")}),
    ("колено опухшее и горячее", None, {("symptoms", "knee swelling", "active")}),
    ("лодыжка до сих пор опухшая", None, {("symptoms", "ankle swelling", "active")}),
    # a part said once for a complaint and its swelling
    ("ноги болят и отекают", None, {("symptoms", "leg pain", "active"), ("symptoms", "leg swelling", "active")}),
    ("my knees ache and swell up", None,
     {("symptoms", "knee pain", "active"), ("symptoms", "knee swelling", "active")}),
    ("колени болят, отекают по утрам", None,
     {("symptoms", "knee pain", "active"), ("symptoms", "knee swelling", "active")}),
    ("спать не могу", None, {("symptoms", "insomnia", "active")}),
    ("уснуть не могу по ночам", None, {("symptoms", "insomnia", "active")}),
]
#: a question about sleep or nights asked in the assistant's words, answered by an amount
HOW_MUCH: list[Row] = [
    ("часов по 5, работа", "Как вы спите?", {("lifestyle", "sleep", "active")}),
    ("часов шесть, не больше", "Сколько часов спите?", {("lifestyle", "sleep", "active")}),
    ("по 7 часов", "Как у вас со сном?", {("lifestyle", "sleep", "active")}),
    ("about 6 hours", "How are you sleeping?", {("lifestyle", "sleep", "active")}),
    ("maybe 5 hrs", "How many hours do you sleep?", {("lifestyle", "sleep", "active")}),
    ("раза три за ночь", "Ночью часто встаёте в туалет?", {("symptoms", "nocturia", "active")}),
    ("нет", "По ночам встаёте в туалет?", {("symptoms", "nocturia", "confirmed_absent")}),
    ("раза два-три", "Часто встаёте ночью в туалет?", {("symptoms", "nocturia", "active")}),
    # the patient's own "проблемы со сном" stays insomnia
    ("у меня проблемы со сном", None, {("symptoms", "insomnia", "active")}),
]
#: swollen lips, in the reply's own words or to a question naming the face
LIPS: list[Row] = [
    ("my lips swelled up after the prawns", None, {("symptoms", "lip swelling", "active")}),
    ("lips are swollen this morning", None, {("symptoms", "lip swelling", "active")}),
    ("губы отекли", None, {("symptoms", "lip swelling", "active")}),
    ("губы не отекли", "Есть ли отёк лица или губ?", {("symptoms", "lip swelling", "confirmed_absent")}),
    ("嘴唇肿了", None, {("symptoms", "lip swelling", "active")}),
    ("嘴唇有点肿", None, {("symptoms", "lip swelling", "active")}),
    # a lip with no swelling is no complaint
    ("губы в норме", None, set()),
]
#: "when last": a dated reply says the thing happened and is over; a bare disease with a vaccine,
#: asked when last with no verb of being ill, asks of its vaccine
WHEN_LAST: list[Row] = [
    ("лет 10 назад", "А столбняк когда последний раз?", {("vaccinations", "tetanus vaccine", "historical")}),
    ("about 5 years ago", "When was your last tetanus?", {("vaccinations", "tetanus vaccine", "historical")}),
    ("two weeks ago", "When did you last have chest pain?", {("symptoms", "chest pain", "resolved")}),
    ("в прошлом году", "Когда последний раз болели гриппом?", {("diagnoses", "influenza", "resolved")}),
    ("неделю назад", "Когда последний раз была температура?", {("symptoms", "fever", "resolved")}),
    ("上个月", "最后一次胸痛是什么时候？", {("symptoms", "chest pain", "resolved")}),
    ("in 2015", "When did you last have the flu?", {("diagnoses", "influenza", "resolved")}),
    # a medicine taken last some time ago is still the user's medicine
    ("yesterday", "When did you last take ibuprofen?", {("medications", "ibuprofen", "active")}),
]
#: a swollen knee is "knee swelling", its own row, in each language (the generic joint swelling
#: stays for joints the vocabulary gives no swelling of their own)
KNEES: list[Row] = [
    ("膝盖有点肿", None, {("symptoms", "knee swelling", "active")}),
    ("还肿着", "膝盖怎么样了？", {("symptoms", "knee swelling", "active")}),
    ("колено опухло после пробежки", None, {("symptoms", "knee swelling", "active")}),
    ("both my knees are swollen", None, {("symptoms", "knee swelling", "active")}),
    ("суставы на пальцах опухли", None, {("symptoms", "joint swelling", "active")}),
]
# fmt: on



@pytest.mark.parametrize(("text", "context", "expected"), ASKED_PART)
def test_reply_of_the_asked_part(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, probe_lang(text))) == expected


@pytest.mark.parametrize(("text", "context", "expected"), RU_FORMS)
def test_russian_forms(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, "ru")) == expected


@pytest.mark.parametrize(("text", "context", "expected"), HOW_MUCH)
def test_how_much(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, probe_lang(text))) == expected


@pytest.mark.parametrize(("text", "context", "expected"), LIPS)
def test_lips(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, probe_lang(text))) == expected


@pytest.mark.parametrize(("text", "context", "expected"), WHEN_LAST)
def test_when_last(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, probe_lang(text))) == expected


@pytest.mark.parametrize(("text", "context", "expected"), KNEES)
def test_knees(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, probe_lang(text))) == expected
