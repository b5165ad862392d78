"""Two names as the labels use them.

- allergic rhinitis names no allergen: "过敏性鼻炎", "аллергический ринит", "allergic rhinitis" may be to
  dust mites as well as pollen, so only the seasonal words ("spring allergies", "hay fever") add a
  pollen allergy;
- 老年痴呆 is dementia, as "dementia" and "деменция" are (a named Alzheimer's disease stays itself).

The sentences are new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

# fmt: off
ROWS: list[tuple[str, set[tuple[str, str, str]]]] = [
    ("我有过敏性鼻炎，过敏原是尘螨", {("chronic_conditions", "allergic rhinitis", "active")}),
    ("у меня аллергический ринит", {("chronic_conditions", "allergic rhinitis", "active")}),
    ("I have allergic rhinitis", {("chronic_conditions", "allergic rhinitis", "active")}),
    ("my spring allergies are back", {("chronic_conditions", "allergic rhinitis", "active"),
                                      ("allergies", "pollen", "active")}),
    ("我奶奶老年痴呆", {("family_history", "dementia", "active")}),
    ("у бабушки деменция", {("family_history", "dementia", "active")}),
    ("my nan has alzheimer's", {("family_history", "alzheimer's disease", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "expected"), ROWS)
def test_the_names(text: str, expected: set) -> None:
    assert triples(understand(text)) >= expected
    assert ("allergies", "pollen", "active") not in triples(understand(text)) - expected
