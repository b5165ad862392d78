"""A denial that heads a phrase of its own denies only what follows it (``rules.status._FORWARD_ONLY``).

"putting on weight without eating more", "headaches without any nausea", "вес прибавляю без всякой
диеты", "сел на диету, без сладкого": "without" / "без" is a preposition; it denies its object, and
with no entity after it never looks back to the complaint before it. Chinese says it with a denial
after a contrast or a pause that names its own thing ("咳嗽，但是没发烧"), which likewise leaves the
complaint before it present.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
ROWS: list[Row] = [
    ("been gaining weight for months without eating any more than usual", None,
     {("symptoms", "weight gain", "active")}),
    ("I get palpitations without doing anything at all", None, {("symptoms", "palpitations", "active")}),
    ("headaches without any nausea", None,
     {("symptoms", "headache", "active"), ("symptoms", "nausea", "confirmed_absent")}),
    ("кашель без температуры", None,
     {("symptoms", "cough", "active"), ("symptoms", "fever", "confirmed_absent")}),
    ("голова болит без всякой причины", None, {("symptoms", "headache", "active")}),
    ("咳嗽，但是没发烧", None, {("symptoms", "cough", "active"), ("symptoms", "fever", "confirmed_absent")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_denial_heading_a_phrase(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
