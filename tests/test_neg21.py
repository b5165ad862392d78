"""The rules backend on answers to a question that names several things (issue 11, neg21).

- A reply that answers one asked thing and says "nothing else" of the rest ("a cough, nothing
  else", "cough yes, otherwise no", "кашель есть, больше ничего", "头晕有一点，别的没有"): the
  phrase is the rest and its denial at once, which the cue table keeps from denying anything on
  its own; after an answered thing it denies every other asked thing. "Otherwise" / "в
  остальном" part a clause as "but" does, so the denial after it never reaches the thing before.

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
      ("symptoms", "runny nose", "confirmed_absent")}),
    ("изжога бывает, в остальном нет", "Изжога, тошнота, вздутие беспокоят?",
     {("symptoms", "heartburn", "active"), ("symptoms", "nausea", "confirmed_absent"),
      ("symptoms", "bloating", "confirmed_absent")}),
    ("头晕有一点，别的没有", "头晕、头疼、恶心有吗？",
     {("symptoms", "dizziness", "active"), ("symptoms", "headache", "confirmed_absent"),
      ("symptoms", "nausea", "confirmed_absent")}),
    ("咳嗽，没有别的", "有没有发烧、咳嗽、流鼻涕？",
     {("symptoms", "cough", "active"), ("symptoms", "fever", "confirmed_absent"),
      ("symptoms", "runny nose", "confirmed_absent")}),
    # with nothing answered first, "nothing else" denies nothing
    ("nothing else", "Anything else bothering you?", set()),
    ("больше ничего", "Что-нибудь ещё беспокоит?", set()),
    ("没有别的了", "还有别的不舒服吗？", set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), THE_REST_DENIED)
def test_the_rest_denied(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
