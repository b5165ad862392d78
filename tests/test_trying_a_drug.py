"""Trying a drug now is taking it: "пробую мелаксен 3 мг", "trying melatonin", "在试褪黑素".

Russian "пробую" is the present tense (what the user does now), not a plan as "попробую" is; with
a quitting verb ("пробую бросить курить") it is still an attempt, and the habit goes on. The
sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
ROWS: list[Row] = [
    ("пробую глицин, пока без эффекта", None, {("medications", "glycine", "active")}),
    ("сейчас пробую ношпу, вроде помогает", None, {("medications", "drotaverine", "active")}),
    ("попробую глицин на ночь", None, set()),
    ("курю, пробую бросить", None, {("lifestyle", "smoking", "active")}),
    ("试了褪黑素，没用", None, {("medications", "melatonin", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_a_drug_tried_now_is_taken(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected
