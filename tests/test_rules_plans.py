"""A plan or a wish ("I'm thinking about starting vitamin D") states no fact, but the turn is still
about its topic: the classifier names the section (the gold README's labelling rule), so the read
path's router sends a planned drug to the critical sections."""

from __future__ import annotations

import pytest

from tests.test_rules_backend import understand


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("I'm thinking about starting vitamin D", "en"),
        ("i want to take amoxicillin for this", "en"),
        ("я хочу начать пить витамин д", "ru"),
        ("我想吃点维生素D", "zh"),
    ],
)
def test_a_planned_medicine_names_its_section_and_no_fact(text: str, lang: str) -> None:
    result = understand(text, None, lang)
    assert "medications" in result.sections
    assert list(result.events) == []


def test_the_fact_before_the_plan_stays() -> None:
    text = "I take metformin 500 mg and I'm planning to start vitamin D"
    result = understand(text, None, "en")
    assert [(e["entity"], e["status"]) for e in result.events] == [("metformin", "active")]
