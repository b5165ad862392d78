"""A plan or a wish ("I'm thinking about starting vitamin D") states no fact, but the turn is still
about its topic: the classifier names the section (the gold README's labelling rule), so the read
path's router sends a planned drug to the critical sections."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from anamnesis.understanding.rules import RulesBackend
from schemas.events import Fragment

BACKEND = RulesBackend()
TS = datetime(2026, 3, 1, tzinfo=UTC)


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
    (result,) = BACKEND.understand([Fragment("f-1", "u-1", "m-1", TS, text, None, lang)])
    assert "medications" in result.sections
    assert list(result.events) == []


def test_the_fact_before_the_plan_stays() -> None:
    text = "I take metformin 500 mg and I'm planning to start vitamin D"
    (result,) = BACKEND.understand([Fragment("f-1", "u-1", "m-1", TS, text, None, "en")])
    assert [(e["entity"], e["status"]) for e in result.events] == [("metformin", "active")]
