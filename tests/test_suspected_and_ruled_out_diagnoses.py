"""A diagnosis told second-hand and its fate: suspected, confirmed, ruled out, replaced, over.

- a suspicion is no event until it is confirmed: "the GP suspects gallstones", "pharmacist said it
  sounds like cystitis", "врач предположил гастрит", "医生说疑似阑尾炎" (``cues.tsv`` ``uncertain``);
- what the doctor said it is, is a fact of the user's: "the doctor said it's gastritis";
- ruled out is a confirmed absence: "they ruled out a stroke", "инсульт не подтвердился", "排除了脑梗";
- replaced: "not X but Y" denies X and states Y, in all three languages;
- a named condition told as over is resolved: "GP said the shingles is over", "пневмония вылечена".

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand


def _illnesses(text: str) -> set[tuple[str, str, str]]:
    return {t for t in triples(understand(text)) if t[0] in ("diagnoses", "chronic_conditions")}


# fmt: off
SUSPECTED: list[str] = [
    "the doctor suspects gallstones",
    "GP suspected a stomach ulcer and booked a scope",
    "the pharmacist said it sounds like cystitis",
    "врач предположил гастрит",
    "терапевт предполагает пневмонию",
    "医生说疑似阑尾炎",
]

TOLD: list[tuple[str, set[tuple[str, str, str]]]] = [
    ("the doctor said it's gastritis", {("diagnoses", "gastritis", "active")}),
    ("врач сказал, что это гастрит", {("diagnoses", "gastritis", "active")}),
    ("医生说是胃炎", {("diagnoses", "gastritis", "active")}),
    ("they ruled out a stroke", {("diagnoses", "stroke", "confirmed_absent")}),
    ("инсульт не подтвердился", {("diagnoses", "stroke", "confirmed_absent")}),
    ("排除了脑梗", {("diagnoses", "ischemic stroke", "confirmed_absent")}),
    ("turned out it wasn't pneumonia but bronchitis",
     {("diagnoses", "pneumonia", "confirmed_absent"), ("diagnoses", "bronchitis", "active")}),
    ("врач сказал, что это не простуда, а бронхит",
     {("diagnoses", "common cold", "confirmed_absent"), ("diagnoses", "bronchitis", "active")}),
    ("医生说根本不是感冒，是支气管炎",
     {("diagnoses", "common cold", "confirmed_absent"), ("diagnoses", "bronchitis", "active")}),
    ("GP said the shingles is over", {("diagnoses", "herpes zoster", "resolved")}),
    ("врач сказал, что пневмония вылечена", {("diagnoses", "pneumonia", "resolved")}),
    ("医生说肺炎治好了", {("diagnoses", "pneumonia", "resolved")}),
]
# fmt: on


@pytest.mark.parametrize("text", SUSPECTED)
def test_a_suspected_diagnosis_is_no_event(text: str) -> None:
    assert _illnesses(text) == set()


@pytest.mark.parametrize(("text", "expected"), TOLD)
def test_a_diagnosis_told_second_hand_keeps_its_outcome(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _illnesses(text) == expected
