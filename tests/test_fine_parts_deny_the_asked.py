"""A part or function said to be fine denies the illness of it that the assistant asked about
(``rules.fine_parts``, ``data/fine_parts.tsv``).

- "kidneys are fine" to "Any kidney problems?", "давление в норме" to "Гипертонии нет?", "血压正常" to
  "有高血压吗？": the asked illness of that part is denied;
- only an asked illness: "bp is fine" after a question about smoking gives nothing;
- a "fine" denied ("bp isn't fine", "血压不正常") or asked ("is my bp ok?")
  denies nothing.

Each row is (reply, the assistant's question before it, the exact set of (section, entity, status)
the reply must yield). The sentences are new, written for this test; none is from the gold, dev,
validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
ROWS: list[Row] = [
    ("kidneys are fine", "Any kidney problems?", {("chronic_conditions", "chronic kidney disease", "confirmed_absent")}),
    ("my blood pressure has always been normal", "Do you have high blood pressure?",
     {("chronic_conditions", "hypertension", "confirmed_absent")}),
    ("sleep's ok, appetite too", "Any trouble sleeping?", {("symptoms", "insomnia", "confirmed_absent")}),
    ("почки в порядке", "Есть проблемы с почками?", {("chronic_conditions", "chronic kidney disease", "confirmed_absent")}),
    ("давление в норме", "Гипертонии нет?", {("chronic_conditions", "hypertension", "confirmed_absent")}),
    ("дышу нормально", "Есть ли одышка?", {("symptoms", "shortness of breath", "confirmed_absent")}),
    ("血压正常", "有高血压吗？", {("chronic_conditions", "hypertension", "confirmed_absent")}),
    ("肾没问题", "有没有肾病？", {("chronic_conditions", "chronic kidney disease", "confirmed_absent")}),
    ("睡眠还好", "有没有失眠？", {("symptoms", "insomnia", "confirmed_absent")}),
    # only an asked illness, and only a "fine" said
    ("bp is fine", "Do you smoke?", set()),
    ("my bp isn't fine at all", "Any blood pressure problems?", set()),
    ("is my bp ok?", "Any blood pressure problems?", set()),
    ("血压不正常", "有高血压吗？", set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_a_part_said_to_be_fine_denies_the_asked_illness(text: str, context: str, expected: set) -> None:
    assert triples(understand(text, context)) == expected
