"""What a reply names for the turn's earlier questions keeps its own frame, not the last question's.

"Do you have high blood pressure? Does anyone in your family have diabetes?" — "high blood pressure
for years": the sentence names only what the first question asked the user, so it is the user's,
not the family's (``own_care.answers_asked_of_the_user``); a relative named makes it theirs. Under
an allergy question a drug given as a course ("цефтриаксон уколы 5 дней", "amoxicillin for 5 days")
is a medicine taken, not an allergen, unless a reaction comes with it. The sentences are new,
written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
CASES: list[Row] = [
    ("high blood pressure for years", "Do you have high blood pressure? Does anyone in your family have diabetes?",
     {("chronic_conditions", "hypertension", "active")}),
    ("гипертония лет 5", "Есть ли гипертония? А у родственников диабет был?",
     {("chronic_conditions", "hypertension", "active")}),
    ("血压高好几年了", "有没有高血压？家里有人得糖尿病吗？", {("chronic_conditions", "hypertension", "active")}),
    # a relative named makes the sentence theirs
    ("диабет у мамы", "Есть ли гипертония? А у родственников диабет был?",
     {("family_history", "diabetes", "active")}),
    # a sentence naming what only the family question asked stays the family's
    ("diabetes", "Do you have high blood pressure? Does anyone in your family have diabetes?",
     {("family_history", "diabetes", "active")}),
    # a course given under an allergy question is taken
    ("цефтриаксон уколы 5 дней. аллергий нет", "Что назначили после операции? И есть ли аллергия на лекарства?",
     {("medications", "ceftriaxone", "active"), ("allergies", "*", "confirmed_absent")}),
    ("co-amoxiclav for a week, no allergies", "What did they give you? Any allergies?",
     {("medications", "amoxicillin/clavulanic acid", "active"), ("allergies", "*", "confirmed_absent")}),
    # ... unless a reaction comes with it
    ("amoxicillin for 5 days then came out in hives", "Any allergies?", {("allergies", "amoxicillin", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CASES)
def test_a_reply_part_keeps_the_frame_of_the_question_it_answers(text: str, context: str, expected: set) -> None:
    assert triples(understand(text, context)) == expected
