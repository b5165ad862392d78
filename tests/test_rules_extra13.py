"""Facts nobody said: a disease listed beside a vaccine, being able to walk, the age at a past event,
a treatment the doctor only holds in reserve, an allergy's reactions told in answer to a question
about allergies, and the sport an injury happened at.

Every row is a new sentence written the way patients type, not one from the tuned or unseen
dialogue sets: what is checked is the mechanism, so a rewording must read the same. Rows are
(text, assistant turn before it or None, the exact set of (section, entity, status)).
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, Triple, triples, understand

# fmt: off
#: A disease coordinated with a vaccine ("typhoid and tetanus shots", "狂犬疫苗和破伤风") is one more
#: vaccine of the list, whichever side of the vaccine it stands on; a disease joined by a
#: determiner ("the flu and a covid shot") is its own noun phrase.
LISTED_VACCINES: list[Row] = [
    ("got the hep a and typhoid shots before the trip",
     None, {("vaccinations", "hepatitis a vaccine", "historical"), ("vaccinations", "typhoid vaccine", "historical")}),
    ("had my flu and covid jabs last week",
     None, {("vaccinations", "influenza vaccine", "historical"), ("vaccinations", "covid-19 vaccine", "historical")}),
    ("打了狂犬疫苗和破伤风", None,
     {("vaccinations", "rabies vaccine", "historical"), ("vaccinations", "tetanus vaccine", "historical")}),
    ("上个月打了流感疫苗跟新冠", None,
     {("vaccinations", "influenza vaccine", "historical"), ("vaccinations", "covid-19 vaccine", "historical")}),
    ("сделала прививки от гриппа и ковида", None,
     {("vaccinations", "influenza vaccine", "historical"), ("vaccinations", "covid-19 vaccine", "historical")}),
    ("I had the flu and a covid shot in march",
     None, {("diagnoses", "influenza", "resolved"), ("vaccinations", "covid-19 vaccine", "historical")}),
]
#: Being able to walk again, or walking with a frame, crutches or a stick, is mobility after an
#: illness or an injury, not a habit of exercise; walking as a habit still is one.
MOBILITY: list[Row] = [
    ("i can walk on it now", None, set()),
    ("still walking with crutches after the op", None, set()),
    ("гуляю с ходунками по коридору", None, set()),
    ("пока гуляю только на костылях", None, set()),
    ("现在能正常走路了", None, set()),
    ("还得拄拐走路", None, set()),
    ("I walk every day for an hour", None, {("lifestyle", "exercise", "active")}),
    ("每天走路一小时", None, {("lifestyle", "exercise", "active")}),
]
#: An age followed at once by what happened then ("7岁摔过", "12岁骨折过一次") dates that event;
#: it is not the user's age now.
AGE_AT_AN_EVENT: list[Row] = [
    ("12岁骨折过一次", None, set()),
    ("我5岁得过肺炎", None, {("diagnoses", "pneumonia", "resolved")}),
    ("8岁从自行车上摔下来磕过头", None, set()),
    ("十岁做过阑尾手术", None, {("surgeries", "appendectomy", "historical")}),
    ("at 12 i broke my arm falling off a bike", None, {("injuries", "arm fracture", "resolved")}),
    ("в 10 лет сломал руку", None, {("injuries", "arm fracture", "resolved")}),
]
#: "再降不下来就得吃X", "不好的话就得加X": a treatment the doctor holds in reserve is not taken.
IN_RESERVE: list[Row] = [
    ("医生说甘油三酯再降不下来就得吃非诺贝特", None, set()),
    ("血糖再控制不好就得打胰岛素", None, set()),
    ("血压老是这么高就得加氨氯地平", None, set()),
    ("尿酸再高就得吃别嘌醇", None, set()),
    ("if my sugar stays high she'll start me on insulin", None, set()),
    ("если давление не снизится, добавят амлодипин", None, set()),
]
#: In an answer to a question about allergies, hay fever's sneezing, runny nose and itchy eyes are
#: what the allergy does, not symptoms of now, in every language; said unasked they are complaints.
ALLERGY_REACTIONS: list[Row] = [
    ("对花粉过敏，一到春天就打喷嚏流鼻涕", "有过敏吗？", {("allergies", "pollen", "active")}),
    ("尘螨过敏，眼睛痒", "对什么过敏吗？", {("allergies", "house dust mite", "active")}),
    ("狗毛，一碰就打喷嚏", "对什么东西过敏吗？", {("allergies", "dog dander", "active")}),
    ("对猫过敏 流鼻涕打喷嚏", "有没有过敏史？", {("allergies", "cat dander", "active")}),
    ("на пыль, чихаю постоянно", "Аллергия есть?", {("allergies", "house dust mite", "active")}),
    ("на кошек, сопли и глаза чешутся", "Есть аллергии?", {("allergies", "cat dander", "active")}),
    ("на амброзию, насморк каждый август", "Аллергии на что-нибудь есть?", {("allergies", "ragweed pollen", "active")}),
    ("пыльца березы, чихаю", "Есть аллергия?", {("allergies", "birch pollen", "active")}),
    ("cats, they make me sneeze and my eyes itch", "Any allergies?", {("allergies", "cat dander", "active")}),
    ("аллергия на березу, сейчас чихаю", "Что беспокоит?",
     {("allergies", "birch pollen", "active"), ("symptoms", "sneezing", "active")}),
]
#: The sport of a clause that tells of an injury is where it happened, not a habit; a clause that
#: says how often keeps it.
ACCIDENT_SETTINGS: list[Row] = [
    ("hurt my knee running yesterday", None, {("injuries", "knee injury", "active")}),
    ("twisted my ankle at football practice", None, {("injuries", "ankle sprain", "active")}),
    ("sprained my wrist at tennis on friday", None, {("injuries", "wrist sprain", "active")}),
    ("broke my ankle playing basketball", None, {("injuries", "ankle fracture", "active")}),
    ("потянул связки колена на футболе", None, {("injuries", "knee sprain", "active")}),
    ("подвернула ногу на пробежке", None, {("injuries", "ankle sprain", "active")}),
    ("сломал запястье на волейболе", None, {("injuries", "wrist fracture", "active")}),
    ("растянул связки голеностопа на тренировке по футболу", None, {("injuries", "ankle sprain", "active")}),
    ("踢球把脚踝扭伤了", None, {("injuries", "ankle sprain", "active")}),
    ("I run three times a week and sprained my ankle on sunday", None,
     {("injuries", "ankle sprain", "active"), ("lifestyle", "exercise", "active")}),
]
# fmt: on

ROWS = LISTED_VACCINES + MOBILITY + AGE_AT_AN_EVENT + IN_RESERVE + ALLERGY_REACTIONS + ACCIDENT_SETTINGS


@pytest.mark.parametrize(("text", "context", "expected"), ROWS, ids=[r[0][:40] for r in ROWS])
def test_no_extra_facts(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context)) == expected
