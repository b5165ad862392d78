"""Who a third person is: the clinician giving a verdict, or the user's own job.

A "he" or "she" who tells the user what they have ("she said its stable angina", "he told me i
have gout", "она сказала, что у меня гастрит", "她说我是胃炎") is the user's clinician when nobody else
is named: the illness is the user's, also when the verdict is said with no opening ("he said
stable angina", "she thinks ibs"); words that open other speech ("he said to rest") are no verdict.
A job that follows the user's sex and age in a compact self-description ("50, F, office
manager") is the user, not another person a later "they" or "she" could mean. Someone named as
another person keeps their own facts.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

Row = tuple[str, str | None, set[tuple[str, str, str]]]

VERDICTS: list[Row] = [
    ("yes, she said its stable angina and added isosorbide mononitrate 30mg every morning",
     "Did you manage to see the cardiologist?",
     {("chronic_conditions", "angina pectoris", "active"), ("medications", "isosorbide mononitrate", "active")}),
    ("saw the gp, she thinks its ibs", None, {("chronic_conditions", "irritable bowel syndrome", "active")}),
    ("she says i have stable angina", None, {("chronic_conditions", "angina pectoris", "active")}),
    ("была у терапевта, она сказала, что у меня гастрит", None, {("diagnoses", "gastritis", "active")}),
    ("看了医生，她说我是胃炎", None, {("diagnoses", "gastritis", "active")}),
    ("yes he said stable angina", "Has the cardiologist said whether this is angina?",
     {("chronic_conditions", "angina pectoris", "active")}),
    ("doc saw me, he said bronchitis, gave me amoxicillin", None,
     {("diagnoses", "bronchitis", "active"), ("medications", "amoxicillin", "active")}),
    ("went back to the gp and she thinks ibs", None, {("chronic_conditions", "irritable bowel syndrome", "active")}),
]

OTHERS_KEPT: list[Row] = [
    ("my wife has a rash, she said its eczema", None, set()),
    ("my sister has asthma. she said its bad this year", None, {("family_history", "asthma", "active")}),
    ("my son has a cough, he says sore throat too", None, set()),
    ("he said to rest and take ibuprofen if it hurts", None, set()),
    ("50 F, my boss has asthma", None, {("demographics", "sex", "active"), ("demographics", "age", "active")}),
    ("50, F. my manager has reflux, GERD they call it", None,
     {("demographics", "sex", "active"), ("demographics", "age", "active")}),
]

OWN_JOBS: list[Row] = [
    ("hi. 50, F, office manager. had reflux for years, GERD they call it, on omeprazole 20mg every morning", None,
     {("chronic_conditions", "gastroesophageal reflux disease", "active"), ("medications", "omeprazole", "active"),
      ("demographics", "sex", "active"), ("demographics", "age", "active")}),
    ("M 45, retired teacher. she put me on ramipril", None,
     {("medications", "ramipril", "active"), ("demographics", "sex", "active"), ("demographics", "age", "active")}),
]


@pytest.mark.parametrize(("text", "context", "expected"), VERDICTS + OTHERS_KEPT + OWN_JOBS)
def test_whose_facts_a_third_person_clause_states(
    text: str, context: str | None, expected: set[tuple[str, str, str]]
) -> None:
    assert triples(understand(text, context)) == expected


PRESSURE: list[Row] = [
    ("doc says my blood pressure's too high, put me on amlodipine 5mg", None,
     {("chronic_conditions", "hypertension", "active"), ("medications", "amlodipine", "active")}),
    ("my husband's blood pressure is too high", None, set()),
]


@pytest.mark.parametrize(("text", "context", "expected"), PRESSURE)
def test_a_blood_pressure_too_high_is_whose_clause_says(
    text: str, context: str | None, expected: set[tuple[str, str, str]]
) -> None:
    assert triples(understand(text, context)) == expected
