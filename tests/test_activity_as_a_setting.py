"""An activity named as the place or time of a complaint or a medicine is no habit.

"had a hypo at the gym", "hives all over after the gym", "the blue inhaler before football",
"在健身房低血糖了一次": the gym or the game sets what happened or when the medicine is taken
(``occasions._EN_AT``, ``occasions._ZH_AT``; Russian "после тренировки болят мышцы" already reads
so). "I go to the gym 3 times a week", "我每周去健身房三次" stay the habit. The sentences are new,
written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
CASES: list[Row] = [
    ("had a hypo at the gym yesterday, 3.1", None, {("symptoms", "hypoglycemia", "active")}),
    ("came out in hives after the gym", None, {("symptoms", "urticaria", "active")}),
    ("two puffs of ventolin before football", None, {("medications", "salbutamol", "active")}),
    ("在健身房低血糖了一次", None, {("symptoms", "hypoglycemia", "active")}),
    ("I go to the gym 3 times a week", None, {("lifestyle", "exercise", "active")}),
    ("我每周去健身房三次", None, {("lifestyle", "exercise", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CASES)
def test_an_activity_setting_a_complaint_is_no_habit(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected
