"""The rules backend on answers to a question that names several things (issue 11, neg21).

- A reply that answers one asked thing and says "nothing else" of the rest ("a cough, nothing
  else", "cough yes, otherwise no", "кашель есть, больше ничего", "头晕有一点，别的没有"): the
  phrase is the rest and its denial at once, which the cue table keeps from denying anything on
  its own; after an answered thing it denies every other asked thing. "Otherwise" / "в
  остальном" part a clause as "but" does, so the denial after it never reaches the thing before.
- A denial of a degree is no denial of the thing: a Russian question of how strong, how often
  or how much ("Голова сильно болит?", "Кашель сильный?", "Часто болит голова?", "Много
  курите?") and a Chinese one whose form holds how bad or asks how much ("头疼得厉害吗？",
  "咳嗽多吗？") take the thing as the user's, so "не сильно", "нет, редко", "不厉害", "不多" deny
  only the degree; a Russian negated degree in a statement ("голова болит не сильно", "кашель не
  сильный", "курю не много") says the thing is there, mildly, as "not much" does in English.
- A history interview's answers in English: a denial that echoes the question's verb ("Never
  been diagnosed with any of those.", "Negative for all of those.") denies every asked thing; a
  word of an item's name and its answer in the next piece ("Cholesterol, yes. Not the others.",
  "yes to the cholesterol, no to the others") answer that item; an item the reply names itself
  after pointing at places ("No to the first two, yes to palpitations.") keeps its own reading;
  "that I know of" is a hedge, no "I" that makes the clause the user's ("My father had a heart
  attack. No cancer that I know of." denies the cancer in the family).
- An illness named by its medicine ("Are you on any blood pressure medication?", "Do you use an
  asthma inhaler?", "Пьёте что-то от давления?", "平时吃降压药吗？"): "no" denies taking the
  medicine, never the illness.
- An allergen asked of as itself, with no word of allergy in the assistant's turn ("Do you have any
  pets?", "Do you eat shellfish?", "Есть домашние животные?"): "no" denies no allergy, and "yes, a
  cat" makes none.
- A relative who "has it" after the user's denial ("Do you have diabetes?" — "no, but my brother
  does", "I don't have asthma, my son does", "нет, а у мамы есть", "没有，我妈有"): the relative has
  what the user denied, in English and Russian as in Chinese, and after a bare answer too; a
  spouse is no blood relative.
- A follow-up question that only adds a thing ("Any heart disease in the family? What about
  diabetes?", "В семье были инфаркты? А диабет?", "家里有人有高血压吗？糖尿病呢？") asks in the
  family frame of the question before it: its "no" denies the thing in the family, never the user's.
- A Chinese "not sure" with a degree inside ("不太清楚", "不太记得", "不是很确定") says the user
  does not know, as "不清楚" does: it denies nothing.

Each row is (text, assistant turn before it, the exact set of (section, entity, status) the
message must yield). The sentences are new, written for these kinds, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
THE_REST_DENIED: list[Row] = [
    ("a cough, nothing else", "Any cough, fever or sore throat?",
     {("symptoms", "cough", "active"), ("symptoms", "fever", "confirmed_absent"),
      ("symptoms", "sore throat", "confirmed_absent")}),
    ("headaches now and then, no others", "Do you get headaches, dizziness or blurred vision?",
     {("symptoms", "headache", "active"), ("symptoms", "dizziness", "confirmed_absent"),
      ("symptoms", "blurred vision", "confirmed_absent")}),
    ("had a clot in my leg once, otherwise no", "Any history of heart attack, stroke or blood clots?",
     {("diagnoses", "deep vein thrombosis", "active"), ("diagnoses", "myocardial infarction", "confirmed_absent"),
      ("diagnoses", "stroke", "confirmed_absent")}),
    ("кашель есть, больше ничего", "Кашель, температура, насморк есть?",
     {("symptoms", "cough", "active"), ("symptoms", "fever", "confirmed_absent"),
      ("symptoms", "rhinorrhea", "confirmed_absent")}),
    ("изжога бывает, в остальном нет", "Изжога, тошнота, вздутие беспокоят?",
     {("symptoms", "heartburn", "active"), ("symptoms", "nausea", "confirmed_absent"),
      ("symptoms", "bloating", "confirmed_absent")}),
    ("头晕有一点，别的没有", "头晕、头疼、恶心有吗？",
     {("symptoms", "dizziness", "active"), ("symptoms", "headache", "confirmed_absent"),
      ("symptoms", "nausea", "confirmed_absent")}),
    ("咳嗽，没有别的", "有没有发烧、咳嗽、流鼻涕？",
     {("symptoms", "cough", "active"), ("symptoms", "fever", "confirmed_absent"),
      ("symptoms", "rhinorrhea", "confirmed_absent")}),
    # with nothing answered first, "nothing else" denies nothing
    ("nothing else", "Anything else bothering you?", set()),
    ("больше ничего", "Что-нибудь ещё беспокоит?", set()),
    ("没有别的了", "还有别的不舒服吗？", set()),
]

_CONDITIONS = "Have you ever been diagnosed with diabetes, hypertension, or high cholesterol?"
HISTORY_ANSWERS: list[Row] = [
    ("Never been diagnosed with any of those.", _CONDITIONS,
     {("chronic_conditions", "diabetes", "confirmed_absent"),
      ("chronic_conditions", "hypertension", "confirmed_absent"),
      ("chronic_conditions", "hypercholesterolemia", "confirmed_absent")}),
    ("Negative for all of those.", "Any fevers, chills, or night sweats?",
     {("symptoms", "fever", "confirmed_absent"), ("symptoms", "chills", "confirmed_absent"),
      ("symptoms", "night sweats", "confirmed_absent")}),
    ("Cholesterol, yes. Not the others.", _CONDITIONS,
     {("chronic_conditions", "diabetes", "confirmed_absent"),
      ("chronic_conditions", "hypertension", "confirmed_absent"),
      ("chronic_conditions", "hypercholesterolemia", "active")}),
    ("yes to the cholesterol, no to the others", _CONDITIONS,
     {("chronic_conditions", "diabetes", "confirmed_absent"),
      ("chronic_conditions", "hypertension", "confirmed_absent"),
      ("chronic_conditions", "hypercholesterolemia", "active")}),
    ("swelling, a bit. pain, no", "Any swelling or pain in the knee?",
     {("symptoms", "knee swelling", "active"), ("symptoms", "knee pain", "confirmed_absent")}),
    ("No to the first two, yes to palpitations.", "Any chest pain, shortness of breath, or palpitations?",
     {("symptoms", "chest pain", "confirmed_absent"), ("symptoms", "shortness of breath", "confirmed_absent"),
      ("symptoms", "palpitations", "active")}),
    ("My father had a heart attack at 60. No cancer that I know of.", "Any family history of heart disease or cancer?",
     {("family_history", "myocardial infarction", "active"), ("family_history", "cancer", "confirmed_absent")}),
    ("I have no allergies that I know of", None, {("allergies", "*", "confirmed_absent")}),
]

MEDICINE_OF_AN_ILLNESS: list[Row] = [
    ("no", "Are you on any blood pressure medication?", set()),
    ("no", "Are you taking any diabetes meds at the moment?", set()),
    ("not anymore", "Do you take any blood pressure tablets?", set()),
    ("no", "Do you use an asthma inhaler?", set()),
    ("нет", "Пьёте что-то от давления?", set()),
    ("不吃", "平时吃降压药吗？", set()),
    # the illness itself asked of: "no" denies it
    ("no", "Do you have high blood pressure?", {("chronic_conditions", "hypertension", "confirmed_absent")}),
    ("no", "Do you have asthma?", {("chronic_conditions", "asthma", "confirmed_absent")}),
]

ALLERGEN_AS_ITSELF: list[Row] = [
    ("no", "Do you have any pets?", set()),
    ("yes, a cat", "Do you have any pets?", set()),
    ("no", "Do you eat shellfish?", set()),
    ("no", "Have you been around any dust or mould?", set()),
    ("нет", "Есть домашние животные?", set()),
    # an allergy word anywhere in the turn makes it an allergy question
    ("no", "Are you allergic to cats?", {("allergies", "cat dander", "confirmed_absent")}),
    ("no", "Any allergies? Shellfish?", {("allergies", "shellfish", "confirmed_absent")}),
    ("no", "Any reaction to peanuts?", {("allergies", "peanuts", "confirmed_absent")}),
]

RELATIVE_HAS_IT: list[Row] = [
    ("no, but my brother does", "Do you have diabetes?",
     {("chronic_conditions", "diabetes", "confirmed_absent"), ("family_history", "diabetes", "active")}),
    ("no, I haven't, but my dad had one at 50", "Have you had a heart attack?",
     {("diagnoses", "myocardial infarction", "confirmed_absent"),
      ("family_history", "myocardial infarction", "active")}),
    ("I don't have asthma, my son does", None,
     {("chronic_conditions", "asthma", "confirmed_absent"), ("family_history", "asthma", "active")}),
    ("нет, а у мамы есть", "Есть диабет?",
     {("chronic_conditions", "diabetes", "confirmed_absent"), ("family_history", "diabetes", "active")}),
    ("没有，我妈有", "有糖尿病吗？",
     {("chronic_conditions", "diabetes", "confirmed_absent"), ("family_history", "diabetes", "active")}),
    # a spouse is no blood relative; a relative who is fine has nothing
    ("no, but my husband does", "Do you have diabetes?", {("chronic_conditions", "diabetes", "confirmed_absent")}),
    ("没有，我老公有", "有糖尿病吗？", {("chronic_conditions", "diabetes", "confirmed_absent")}),
    ("no, my mum's fine too", "Do you have diabetes?", {("chronic_conditions", "diabetes", "confirmed_absent")}),
]

FOLLOW_UP_IN_THE_FAMILY: list[Row] = [
    ("no", "Is there any family history of heart disease? What about diabetes?",
     {("family_history", "diabetes", "confirmed_absent")}),
    ("no heart disease, but my mom has diabetes", "Is there any family history of heart disease? What about diabetes?",
     {("family_history", "heart disease", "confirmed_absent"), ("family_history", "diabetes", "active")}),
    ("no", "Any heart disease in your family? And cancer?", {("family_history", "cancer", "confirmed_absent")}),
    ("нет", "В семье были инфаркты? А диабет?", {("family_history", "diabetes", "confirmed_absent")}),
    ("没有", "家里有人有高血压吗？糖尿病呢？", {("family_history", "diabetes", "confirmed_absent")}),
    # a follow-up after a question about the user asks about the user
    ("no", "Do you smoke? What about alcohol?",
     {("lifestyle", "smoking", "confirmed_absent"), ("lifestyle", "alcohol", "confirmed_absent")}),
]

NOT_SURE: list[Row] = [
    ("不太清楚", "有过敏吗？", set()),
    ("不太记得", "打过乙肝疫苗吗？", set()),
    ("不是很确定", "以前得过肝炎吗？", set()),
    ("不太清楚", "家里有人有糖尿病吗？", set()),
    # a plain denial still denies
    ("没有", "有过敏吗？", {("allergies", "*", "confirmed_absent")}),
]

NEGATED_DEGREE: list[Row] = [
    ("не сильно", "Голова сильно болит?", {("symptoms", "headache", "active")}),
    ("нет, не сильный", "Кашель сильный?", set()),
    ("нет, редко", "Часто болит голова?", set()),
    ("нет", "Много курите?", set()),
    ("не сильно, 140 бывает", "Давление повышается?", {("symptoms", "elevated blood pressure reading", "active")}),
    ("不厉害", "头疼得厉害吗？", set()),
    ("不多", "咳嗽多吗？", set()),
    ("голова болит не сильно", None, {("symptoms", "headache", "active")}),
    ("кашель не сильный, больше по утрам", None, {("symptoms", "cough", "active")}),
    ("курю не много, пачка на три дня", None, {("lifestyle", "smoking", "active")}),
    # the thing itself asked of: "нет" denies it
    ("нет", "Голова болит?", {("symptoms", "headache", "confirmed_absent")}),
    ("没有", "咳嗽吗？", {("symptoms", "cough", "confirmed_absent")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), THE_REST_DENIED)
def test_the_rest_denied(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), NEGATED_DEGREE)
def test_negated_degree(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), HISTORY_ANSWERS)
def test_history_answers(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), MEDICINE_OF_AN_ILLNESS)
def test_medicine_of_an_illness(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), ALLERGEN_AS_ITSELF)
def test_allergen_as_itself(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), RELATIVE_HAS_IT)
def test_relative_has_it(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), FOLLOW_UP_IN_THE_FAMILY)
def test_follow_up_in_the_family(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), NOT_SURE)
def test_not_sure(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
