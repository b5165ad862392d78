"""The rules backend on doctor–patient history-taking (MTS-Dialog kinds), twenty-second round (issue 11).

- A question about an aspect of a treatment the user had or takes: its complications, side effects
  or problems ("Any complications with either surgery?", "Any issues with your medications?",
  "Побочные эффекты от лекарств были?"), or what the user remembers of it ("Do you remember the
  name of the operation?", "Помните название операции?"). Its "no" denies the aspect, never every
  operation or medicine, as "Any problems after the surgery?" already did not.
- A habit told under a condition: "Sometimes if I have pain, I take Tylenol", "If I get a headache
  I take ibuprofen", "Если болит голова, пью нурофен", "如果头疼，我就吃布洛芬". The user takes
  the medicine whenever the condition holds; "I'll take", "I'd take", an imperative or a question
  stay hypothetical, and a drug inside the condition ("If I take aspirin I get hives") is no habit.

Each row is (text, assistant turn before it, the exact set of (section, entity, status) the message
must yield). The sentences are new, written for these kinds, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

LangRow = tuple[str, str, str | None, set[tuple[str, str, str]]]

# fmt: off
ASPECT_OF_A_TREATMENT: list[LangRow] = [
    ("en", "Uh nope.", "Any complications with either surgery?", set()),
    ("en", "No, not really. Can you remind me?", "Do you remember the information about your operation?", set()),
    ("en", "No.", "Do you recall your surgery?", set()),
    ("en", "No, I don't.", "Do you know the name of the medicine?", set()),
    ("en", "Nope.", "Any issues with the medicines you take?", set()),
    ("en", "No.", "Any side effects from your medicines?", set()),
    ("en", "No, none.", "Any side effects from the vaccine?", set()),
    ("ru", "Нет.", "Побочные эффекты от лекарств были?", set()),
    ("ru", "Нет.", "Помните название операции?", set()),
    ("zh", "没有。", "吃药有副作用吗？", set()),
    # ... while the treatment asked of as a whole, or whether the user remembers having any, is denied
    ("en", "No.", "Any surgeries?", {("surgeries", "*", "confirmed_absent")}),
    ("en", "No.", "Do you remember having any surgeries?", {("surgeries", "*", "confirmed_absent")}),
    ("en", "No.", "Are you taking any medications?", {("medications", "*", "confirmed_absent")}),
    ("ru", "Нет.", "Операции были?", {("surgeries", "*", "confirmed_absent")}),
    ("en", "Yes, I take metformin and it upsets my stomach.", "Any problems with your medications?",
     {("medications", "metformin", "active")}),
]

HABIT_UNDER_A_CONDITION: list[LangRow] = [
    ("en", "Sometimes if I have pain, I take Tylenol and usually it works for me.", "Any other issues?",
     {("medications", "paracetamol", "active")}),
    ("en", "If I get a headache I take ibuprofen.", "What do you do for the headaches?",
     {("medications", "ibuprofen", "active")}),
    ("en", "If I can't sleep I take melatonin.", None, {("medications", "melatonin", "active")}),
    ("en", "If my knees act up, I usually take Aleve.", None, {("medications", "naproxen", "active")}),
    ("ru", "Если болит голова, пью нурофен.", "Что принимаете?", {("medications", "ibuprofen", "active")}),
    ("ru", "Если не могу уснуть, я принимаю мелатонин.", None, {("medications", "melatonin", "active")}),
    ("zh", "如果头疼，我就吃布洛芬。", "平时吃什么药？", {("medications", "ibuprofen", "active")}),
    # ... while a plan, a wish, an imperative, a question or a drug inside the condition is no habit
    ("en", "If I take ibuprofen, will it help?", None, set()),
    ("en", "If the pain gets worse I will take ibuprofen.", None, set()),
    ("en", "If it hurts I'd take Tylenol.", None, set()),
    ("en", "If you need it, take Tylenol.", None, set()),
    ("en", "If I take aspirin I get hives.", None, set()),
    ("ru", "Если будет болеть, выпью нурофен.", None, set()),
    ("ru", "Если выпью аспирин, станет легче?", None, set()),
    ("zh", "如果吃布洛芬，会不会好一点？", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("lang", "text", "context", "expected"), ASPECT_OF_A_TREATMENT)
def test_aspect_of_a_treatment(lang: str, text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, lang)) == expected


@pytest.mark.parametrize(("lang", "text", "context", "expected"), HABIT_UNDER_A_CONDITION)
def test_habit_under_a_condition(lang: str, text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, lang)) == expected
