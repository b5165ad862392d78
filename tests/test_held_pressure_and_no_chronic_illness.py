"""Hypertension named in everyday words, and "no chronic illness" in colloquial ones.

- a blood pressure said to run high is the illness: "bp's been running high", "bp's a bit high"
  (``chat_forms_en.tsv``), "血压高好几年了";
- Russian "давление" followed by how long it has been held is the illness, not a reading:
  "давление лет десять", "давление 10 лет" (``ru_pressure``); a number with no years stays a reading;
- "хроники нет" is a section-wide denial of chronic conditions, as "хронических нет", "no chronic
  illnesses", "没有慢性病" are (``cues.tsv`` section nouns).

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

HTN = ("chronic_conditions", "hypertension", "active")
NO_CHRONIC = ("chronic_conditions", "*", "confirmed_absent")

# fmt: off
ROWS: list[tuple[str, set[tuple[str, str, str]]]] = [
    ("my bp's been running high for a while", {HTN}),
    ("bp is a bit high, GP is watching it", {HTN}),
    ("血压高好几年了", {HTN}),
    ("давление лет десять уже", {HTN}),
    ("давление 15 лет, сейчас вроде держится", {HTN}),
    ("давление 140 на 90 сегодня", set()),
    ("хроники нет, только аллергия весной", {NO_CHRONIC}),
    ("хронических болезней нет", {NO_CHRONIC}),
    ("no chronic illnesses", {NO_CHRONIC}),
    ("没有慢性病", {NO_CHRONIC}),
]
# fmt: on


@pytest.mark.parametrize(("text", "expected"), ROWS)
def test_hypertension_and_chronic_denials_in_everyday_words(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert {t for t in triples(understand(text)) if t[0] == "chronic_conditions"} == expected
