"""The rules backend on denials that are no denial, or of something else (issue 11, neg20).

- A self-correction's "no" ("allergic to sulfa, no sorry, to codeine", "на аспирин, ой нет, на
  ибупрофен", "对阿莫西林过敏，哦不对，是青霉素") takes the first thing back: it denies nothing,
  and the corrected thing keeps the frame of the first (an allergy stays an allergy).
- A question dated by an operation or another event ("Before the operation, any allergies?",
  "После операции были тромбы?", "手术前…您有过敏史吗？") asks of the rest: "no" never denies
  the operation.

Each row is (text, assistant turn before it, the exact set of (section, entity, status) the
message must yield). The sentences are new, written for these kinds, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
CORRECTIONS: list[Row] = [
    ("allergic to sulfa, no sorry, to codeine", None, {("allergies", "codeine", "active")}),
    ("my allergy is to latex, sorry, to plasters I mean", None, {("allergies", "latex", "active")}),
    ("у меня аллергия на аспирин, ой нет, на ибупрофен", None, {("allergies", "ibuprofen", "active")}),
    ("на цефазолин аллергия, ой, не, на цефтриаксон", None, {("allergies", "ceftriaxone", "active")}),
    ("对阿莫西林过敏，哦不对，是青霉素", None, {("allergies", "penicillin", "active")}),
    ("对头孢过敏，不对，是青霉素过敏", None, {("allergies", "penicillin", "active")}),
    # a medicine corrected stays taken
    ("taking lisinopril, sorry, losartan 50 mg", None, {("medications", "losartan", "active")}),
    ("我吃的是氨氯地平，不对，是硝苯地平", None, {("medications", "nifedipine", "active")}),
]
DATED_QUESTIONS: list[Row] = [
    ("no", "Before the operation, do you have any allergies?", {("allergies", "*", "confirmed_absent")}),
    ("no", "After your hip replacement, did you get any blood clots?",
     {("diagnoses", "deep vein thrombosis", "confirmed_absent")}),
    ("нет", "Перед операцией уточню: есть аллергия на что-нибудь?", {("allergies", "*", "confirmed_absent")}),
    ("нет", "После операции на колене были тромбы?", {("diagnoses", "deep vein thrombosis", "confirmed_absent")}),
    ("没有", "手术前确认一下，您有过敏史吗？", {("allergies", "*", "confirmed_absent")}),
    ("没有", "胆囊切除以后有没有拉肚子？", {("symptoms", "diarrhea", "confirmed_absent")}),
    # the operation asked about itself is still denied
    ("no", "Have you had any operations?", {("surgeries", "*", "confirmed_absent")}),
    ("нет", "Операции были?", {("surgeries", "*", "confirmed_absent")}),
    ("没有", "做过手术吗？", {("surgeries", "*", "confirmed_absent")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CORRECTIONS)
def test_a_correction_denies_nothing(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), DATED_QUESTIONS)
def test_a_question_dated_by_an_operation_asks_of_the_rest(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected
