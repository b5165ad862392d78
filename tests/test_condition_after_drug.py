"""A condition said after the medicine it is for ends where the list of medicines goes on.

"GTN spray if I get chest pain, atorvastatin 40mg" takes the atorvastatin: the "if" clause belongs to
the spray before it (``condition_after_drug.items_after_condition``). A condition said first, a
question, or a clause after the condition that is no medicine of the list stay hypothetical.

Each row is (message, the assistant's question before it, the exact set of (section, entity, status)
it must yield). The sentences are new, written for this test; none is from the gold, dev, validation
or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
LIST_GOES_ON: list[Row] = [
    ("salbutamol inhaler if I get wheezy, montelukast 10mg at night",
     None, {("medications", "salbutamol", "active"), ("medications", "montelukast", "active")}),
    ("paracetamol if the knee flares up, and naproxen 250mg twice a day, omeprazole 20mg",
     None, {("medications", "paracetamol", "active"), ("medications", "naproxen", "active"),
            ("medications", "omeprazole", "active")}),
    ("нитроспрей если давит в груди, кардиомагнил 75 и розувастатин 10 мг",
     None, {("medications", "glyceryl trinitrate", "active"), ("medications", "aspirin", "active"),
            ("medications", "rosuvastatin", "active")}),
    ("беродуал если задыхаюсь, а также будесонид 2 раза в день",
     None, {("medications", "ipratropium bromide/fenoterol", "active"), ("medications", "budesonide", "active")}),
    ("速效救心丸 胸闷的话含几粒，还有阿司匹林100mg",
     None, {("medications", "suxiao jiuxin", "active"), ("medications", "aspirin", "active")}),
]

STAYS_HYPOTHETICAL: list[Row] = [
    # a question keeps every medicine of it asked
    ("can I use the GTN spray if I get chest pain, or aspirin?", None, set()),
    ("а нурофен можно если голова болит, или парацетамол?", None, set()),
    # a condition said first names no medicine before its cue
    ("如果头疼的话，布洛芬可以吃吗", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), LIST_GOES_ON)
def test_medicines_after_a_medicines_condition_are_taken(text: str, context: str | None, expected: set) -> None:
    assert {t for t in triples(understand(text, context)) if t[0] == "medications"} == expected


@pytest.mark.parametrize(("text", "context", "expected"), STAYS_HYPOTHETICAL)
def test_conditions_in_questions_stay_hypothetical(text: str, context: str | None, expected: set) -> None:
    assert {t for t in triples(understand(text, context)) if t[0] == "medications"} == expected
