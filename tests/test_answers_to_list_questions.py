"""Terse answers to a question that lists several things (``message.read_message``, ``bare_answers.polarity``).

- as many bare answers as the question lists, not all the same ("no, yes" to "Any fever or cough?",
  "нет, да", "没有，有"), answer the listed things in order, as they do for several questions;
- one bare answer said again ("no no and no", "нет и нет", "nope, nope") is that answer for every
  listed thing, also when the reply goes on to a complaint of its own ("no and no. bit tired though").

Each row is (reply, the assistant's question before it, the exact set of (section, entity, status)
the reply must yield). The sentences are new, written for this test; none is from the gold, dev,
validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
IN_ORDER: list[Row] = [
    ("no, yes", "Any fever or cough?",
     {("symptoms", "fever", "confirmed_absent"), ("symptoms", "cough", "active")}),
    ("yes and no", "Any headache or dizziness?",
     {("symptoms", "headache", "active"), ("symptoms", "dizziness", "confirmed_absent")}),
    ("no, yes, no", "Any trouble swallowing, weight loss or vomiting?",
     {("symptoms", "dysphagia", "confirmed_absent"), ("symptoms", "weight loss", "active"),
      ("symptoms", "vomiting", "confirmed_absent")}),
    ("нет, да", "Есть температура или кашель?",
     {("symptoms", "fever", "confirmed_absent"), ("symptoms", "cough", "active")}),
    ("да, нет", "Есть ли у вас диабет или гипертония?",
     {("chronic_conditions", "diabetes", "active"), ("chronic_conditions", "hypertension", "confirmed_absent")}),
    ("没有，有", "有没有发烧、咳嗽？",
     {("symptoms", "fever", "confirmed_absent"), ("symptoms", "cough", "active")}),
    ("有，没有", "有没有糖尿病、高血压？",
     {("chronic_conditions", "diabetes", "active"), ("chronic_conditions", "hypertension", "confirmed_absent")}),
]

SAID_AGAIN: list[Row] = [
    ("no no and no", "Any fever, cough or rash?",
     {("symptoms", "fever", "confirmed_absent"), ("symptoms", "cough", "confirmed_absent"),
      ("symptoms", "rash", "confirmed_absent")}),
    ("no and no. bit tired though", "Any fever or cough?",
     {("symptoms", "fever", "confirmed_absent"), ("symptoms", "cough", "confirmed_absent"),
      ("symptoms", "fatigue", "active")}),
    ("nope nope, just tired", "Any fever or cough?",
     {("symptoms", "fever", "confirmed_absent"), ("symptoms", "cough", "confirmed_absent"),
      ("symptoms", "fatigue", "active")}),
    ("no no and no. maybe a bit bloated", "Any trouble swallowing, weight loss or vomiting?",
     {("symptoms", "dysphagia", "confirmed_absent"), ("symptoms", "weight loss", "confirmed_absent"),
      ("symptoms", "vomiting", "confirmed_absent"), ("symptoms", "bloating", "active")}),
    ("нет, нет, нет. только слабость", "Есть температура, кашель, насморк?",
     {("symptoms", "fever", "confirmed_absent"), ("symptoms", "cough", "confirmed_absent"),
      ("symptoms", "rhinorrhea", "confirmed_absent"), ("symptoms", "weakness", "active")}),
    ("没有，没有。就是有点累", "发烧吗？咳嗽吗？",
     {("symptoms", "fever", "confirmed_absent"), ("symptoms", "cough", "confirmed_absent"),
      ("symptoms", "fatigue", "active")}),
    # a second "no" that opens a statement is no repeat: "no allergies" still says no
    ("no, no allergies", "Any allergies?", {("allergies", "*", "confirmed_absent")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), IN_ORDER)
def test_differing_answers_answer_the_listed_things_in_order(text: str, context: str, expected: set) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), SAID_AGAIN)
def test_one_answer_said_again_answers_every_listed_thing(text: str, context: str, expected: set) -> None:
    assert triples(understand(text, context)) == expected
