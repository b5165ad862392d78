"""A Russian or Chinese drinking verb ("пить", "喝") takes a medicine when its sentence or the one
before named one, or when it takes a dose or a daily count; with a drink of its own it is alcohol.

"назначили кальций 1000 мг. пью с понедельника", "врач сказала пить 3,75", "пять раз в день пить
нереально", "乳果糖喝了一周，不喝了" say nothing of alcohol (``medicines.drinks_something_else``);
"курю, пью по выходным", "лозап пью утром. пиво по выходным пью" do. English "drink" is never a
medicine's verb.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
ROWS: list[Row] = [
    ("назначили магний 400 мг на ночь. пью вторую неделю", None, {("medications", "magnesium", "active")}),
    ("эндокринолог сказала пить 1,5 таблетки", None, set()),
    ("три раза в день пить неудобно, часто забываю", None, set()),
    ("ношпу пила неделю, сейчас уже не пью", None, {("medications", "drotaverine", "stopped")}),
    ("курю, пью по выходным", None, {("lifestyle", "smoking", "active"), ("lifestyle", "alcohol", "active")}),
    ("лозап пью утром. вино по праздникам пью", None,
     {("medications", "losartan", "active"), ("lifestyle", "alcohol", "active")}),
    ("益生菌喝了两周，现在不喝了", None, {("medications", "probiotic", "stopped")}),
    ("医生让一天三次喝，太麻烦了", None, set()),
    ("on amlodipine 5mg. I drink at weekends", None,
     {("medications", "amlodipine", "active"), ("lifestyle", "alcohol", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_a_drinking_verb_takes_a_medicine(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected
