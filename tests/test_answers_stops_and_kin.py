"""Answers read against the assistant's question: stops, relatives named alone, hedged denials.

- a stop that names only the event it follows ("Do you smoke?" — "quit right after my bypass",
  "бросил после инсульта", "做完搭桥就戒了") stops the asked habit; the event only dates it, and a
  lasting illness that dates it is not ended by it (``ending_answers.ending_answer``);
- a stop under way or planned ("trying to give up", "пытаюсь бросить", "正在戒") says the habit goes on;
- a habit of the past set against now ("used to loads, now a glass on sundays", "раньше много,
  теперь по выходным", "以前抽得凶，现在一天两三根") goes on, unless the now denies or ends it
  (``ending_answers.goes_on_now``);
- a stop by someone else, or of a drug the reply names, is no answer about the user's habit;
- a turn of several questions whose reply opens with such a stop: the stop answers the first
  question, the rest the others (``ending_answers.first_question_ended``);
- a clause that names only a relative ("my aunt does.", "у бабушки.", "我姑姑也是。") gives that
  relative what a family question asked, even when the reply goes on with another relative's own
  illness; a relative said to be well gives nothing (``kin_answers.kin_named_alone``);
- "Что-нибудь беспокоит?", "Is anything bothering you?" ask of every complaint: "нет, ничего" denies
  them all, while one thing that no longer bothers denies no other;
- a "yes" dated to childhood ("yes as a kid", "да, в детстве", "小时候出过") says the asked illness
  was had and is over (``endings.healed_long_ago``, ``bare_answers``' tail and echo);
- a hedged bare answer ("нет вроде", "вроде бы нет") denies as "I don't think so" and "好像没有"
  do; a denial the user volunteers with "вроде" stays a guess (``ru_negation.without_guessed_absences``).

Each row is (reply, the assistant's question before it, the exact set of (section, entity, status)
the reply must yield). The sentences are new, written for this test; none is from the gold, dev,
validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

SMOKES = ("lifestyle", "smoking", "stopped")
DRINKS = ("lifestyle", "alcohol", "stopped")
CABG = ("surgeries", "coronary artery bypass grafting", "historical")

# fmt: off
STOP_AFTER_AN_EVENT: list[Row] = [
    ("quit right after my bypass", "Do you smoke?", {SMOKES, CABG}),
    ("stopped when I found out about the diabetes", "Do you still drink?",
     {DRINKS, ("chronic_conditions", "diabetes", "active")}),
    ("бросил после инсульта", "Курите?", {SMOKES, ("diagnoses", "stroke", "resolved")}),
    ("做完搭桥就戒了", "抽烟吗？", {SMOKES, CABG}),
    ("查出糖尿病以后就戒了", "喝酒吗？", {DRINKS, ("chronic_conditions", "diabetes", "active")}),
]

STOP_UNDER_WAY: list[Row] = [
    ("trying to give up, about 8 a day", "Do you smoke?", {("lifestyle", "smoking", "active")}),
    ("пытаюсь бросить, но пока курю", "Курите?", {("lifestyle", "smoking", "active")}),
    ("正在戒，一天还抽几根", "抽烟吗？", {("lifestyle", "smoking", "active")}),
]

NOT_THE_USERS_STOP: list[Row] = [
    ("my husband quit after his heart attack", "Do you smoke?", set()),
    ("stopped the aspirin after the bleed", "Do you smoke?", {("medications", "aspirin", "stopped")}),
    ("папа бросил после инфаркта", "Курите?", {("family_history", "myocardial infarction", "active")}),
    ("他心梗以后就戒了", "抽烟吗？", set()),
    # a sleeping pill stopped is no stop of sleep
    ("医生开的安眠药吃了头晕，就停了", "睡得好吗？", {("medications", "hypnotics", "stopped")}),
]

FIRST_OF_SEVERAL: list[Row] = [
    ("gave up after the stroke. nothing else", "Do you smoke? Any other conditions?",
     {SMOKES, ("diagnoses", "stroke", "resolved")}),
    ("после инфаркта бросил. других болезней нет", "Курите? Хронические болезни есть?",
     {SMOKES, ("diagnoses", "myocardial infarction", "resolved")}),
    ("三年前戒了，药没吃", "抽烟吗？平时吃什么药吗？", {SMOKES, ("medications", "*", "confirmed_absent")}),
]

KIN_ALONE: list[Row] = [
    ("my aunt does. and my grandad had bowel cancer", "Does anyone in your family have diabetes?",
     {("family_history", "diabetes", "active"), ("family_history", "colorectal cancer", "active")}),
    ("у бабушки. а у дедушки был инфаркт", "Диабет у родственников есть?",
     {("family_history", "diabetes", "active"), ("family_history", "myocardial infarction", "active")}),
    ("我姑姑也是。我爷爷是肺癌走的", "家里有人有糖尿病吗？",
     {("family_history", "diabetes", "active"), ("family_history", "lung cancer", "active")}),
    # female relatives are the family too
    ("у тёти по папе", "Рак у родственниц был?", {("family_history", "cancer", "active")}),
]

KIN_WELL: list[Row] = [
    ("my dad is fine, mum had a stroke", "Any heart disease in the family?", {("family_history", "stroke", "active")}),
    ("папа здоров, у мамы диабет", "Инфаркты в семье были?", {("family_history", "diabetes", "active")}),
    ("我爸身体挺好，我妈有高血压", "家里有人得过心脏病吗？", {("family_history", "hypertension", "active")}),
]

HEDGED_ANSWER: list[Row] = [
    ("нет вроде", "Отёки на ногах бывают?", {("symptoms", "leg swelling", "confirmed_absent")}),
    ("вроде бы нет", "Операции были?", {("surgeries", "*", "confirmed_absent")}),
    ("неа, вроде ничего такого", "Аллергия на лекарства есть?", {("allergies", "*", "confirmed_absent")}),
    ("I don't think so", "Any allergies to medicines?", {("allergies", "*", "confirmed_absent")}),
    ("好像没有", "对药物过敏吗？", {("allergies", "*", "confirmed_absent")}),
    # volunteered, the hedge keeps the denial a guess
    ("астмы вроде нет", None, set()),
]
# "is anything bothering you?" asks of every complaint, as "Any symptoms?" does
BOTHERING: list[Row] = [
    ("нет, ничего", "Сейчас что-то беспокоит?", {("symptoms", "*", "confirmed_absent")}),
    ("nope", "Is anything bothering you today?", {("symptoms", "*", "confirmed_absent")}),
    ("没有", "现在有什么不舒服吗？", {("symptoms", "*", "confirmed_absent")}),
    ("да, кашель", "Что-нибудь беспокоит?", {("symptoms", "cough", "active")}),
]
# a "yes" dated to childhood: the asked illness was had and is over; "since" keeps it going
IN_CHILDHOOD: list[Row] = [
    ("yes as a kid, and my son had it last spring", "Have you had chickenpox?",
     {("diagnoses", "chickenpox", "resolved")}),
    ("да, в детстве", "Корью болели?", {("diagnoses", "measles", "resolved")}),
    ("小时候出过", "出过水痘吗？", {("diagnoses", "chickenpox", "resolved")}),
    ("yes, since I was a kid", "Do you have asthma?", {("chronic_conditions", "asthma", "active")}),
    ("да, с детства", "Астма есть?", {("chronic_conditions", "asthma", "active")}),
    ("没有，小时候也没出过", "出过水痘吗？", {("diagnoses", "chickenpox", "confirmed_absent")}),
]
# a habit of the past set against now goes on, unless the now denies it or names another thing
THEN_AND_NOW: list[Row] = [
    ("used to loads, now maybe a glass on sundays", "Do you drink?", {("lifestyle", "alcohol", "active")}),
    ("раньше много, теперь только по выходным", "Выпиваете?", {("lifestyle", "alcohol", "active")}),
    ("以前抽得凶，现在一天两三根", "抽烟吗？", {("lifestyle", "smoking", "active")}),
    ("used to, not any more", "Do you drink?", {("lifestyle", "alcohol", "stopped")}),
    ("раньше курила, сейчас нет", "Курите?", {("lifestyle", "smoking", "stopped")}),
    ("以前抽，现在戒了", "抽烟吗？", {("lifestyle", "smoking", "stopped")}),
]
# fmt: on

ROWS = (
    STOP_AFTER_AN_EVENT
    + STOP_UNDER_WAY
    + NOT_THE_USERS_STOP
    + FIRST_OF_SEVERAL
    + KIN_ALONE
    + KIN_WELL
    + HEDGED_ANSWER
    + BOTHERING
    + IN_CHILDHOOD
    + THEN_AND_NOW
)


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_an_answer_reads_against_its_question(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(
    ("text", "context"),
    [
        ("колено больше не беспокоит", "Как колено?"),
        ("кашель не беспокоит, только насморк", None),
        ("the knee isn't bothering me anymore", "How is the knee?"),
    ],
)
def test_one_thing_no_longer_bothering_denies_no_other(text: str, context: str | None) -> None:
    assert ("symptoms", "*", "confirmed_absent") not in triples(understand(text, context))
