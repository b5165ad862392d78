""" "в груди колет, когда кашляю", "咳嗽的时候胸口疼": a cough or sneeze that times another complaint is
when, not a cough.

Russian puts the act after "когда"/"при" behind the complaint; Chinese puts it before "的时候"/"就"
ahead of the complaint in its clause (``acts_as_when``). A cough told for itself stays: one opening
its sentence with nothing felt before it, one with what it brings up (sputum), one that is ended
("咳嗽就没了"). A question or another person's cough gives nothing either way. English is
``test_when_i_cough``. The sentences are new, written for this test; none is from the gold, dev,
validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
CASES: list[Row] = [
    ("в груди колет при кашле", None, {("symptoms", "chest pain", "active")}),
    ("рёбра ещё ноют, когда кашляю", None, {("symptoms", "rib pain", "active")}),
    ("подтекает моча при чихании", None, {("symptoms", "urinary incontinence", "active")}),
    ("кашляю, когда ложусь", None, {("symptoms", "cough", "active")}),
    ("при кашле отходит мокрота", None, {("symptoms", "cough", "active"), ("symptoms", "sputum production", "active")}),
    ("咳嗽的时候胸口疼", None, {("symptoms", "chest pain", "active")}),
    ("一咳嗽就肚子疼", None, {("symptoms", "abdominal pain", "active")}),
    ("打喷嚏的时候腰疼", None, {("symptoms", "low back pain", "active")}),
    ("咳嗽的时候有痰", None, {("symptoms", "cough", "active"), ("symptoms", "sputum production", "active")}),
    (
        "换药以后咳嗽就没了，嗓子也不痒了",
        None,
        {("symptoms", "cough", "resolved"), ("symptoms", "itching", "resolved")},
    ),
    ("一直咳嗽，晚上更厉害", None, {("symptoms", "cough", "active")}),
    ("咳嗽的时候胸口疼吗？", None, set()),
    ("我妈咳嗽的时候胸口疼", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CASES)
def test_acts_as_when(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
