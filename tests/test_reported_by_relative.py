"""A relative who says what the user has is a witness, not the subject (``rules.reported_by``).

"my husband says I grind my teeth", "жена говорит, что я кашляю во сне", "老婆说我打呼噜": the clause after the
verb of saying is the user's when its subject is the user ("I", "my", "я", "у меня", a Russian verb in the
first person, "我"). What the relative says of themself ("she snores", "ей помогает", "她也打呼噜") stays
theirs, and advice ("says I should take aspirin") asserts nothing.

Each row is (message, the assistant's turn before it, the exact set of (section, entity, status) it must
yield). The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
OF_THE_USER: list[Row] = [
    ("my husband says I snore every night", None, {("symptoms", "snoring", "active")}),
    ("the wife complains that I snore, so she sleeps in the other room", None, {("symptoms", "snoring", "active")}),
    ("my partner noticed my snoring got worse", None, {("symptoms", "snoring", "active")}),
    ("муж говорит, что я храплю", None, {("symptoms", "snoring", "active")}),
    ("жена жалуется храплю сильно", None, {("symptoms", "snoring", "active")}),
    ("жена говорит у меня давление высокое", None, {("chronic_conditions", "hypertension", "active")}),
    ("我老公说我晚上打呼噜", None, {("symptoms", "snoring", "active")}),
]

OF_THE_RELATIVE_OR_NOTHING: list[Row] = [
    ("my husband says he snores too", None, set()),
    ("my wife says her knees hurt", None, set()),
    ("my wife says I should take aspirin", None, set()),
    ("муж говорит ему помогает мезим", None, set()),
    ("жена говорит ей тоже тяжело дышать", None, set()),
    ("我老婆说她也打呼噜", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), OF_THE_USER + OF_THE_RELATIVE_OR_NOTHING)
def test_relative_reporting(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected
