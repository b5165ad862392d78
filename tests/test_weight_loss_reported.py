"""Weight lost: a complaint when told alone, a report of the weight when told with the weight it came to.

- "一个月瘦了8斤", "похудела на 4 кг за месяц", "lost 5kg without trying": weight loss, a symptom;
- "瘦了6斤，现在120斤", "lost 3 kg, 80 kg now": the user reports their weight (demographics), and
  the loss is no complaint, nor is one told with a diet ("节食两个月，瘦了6斤") (``merge._without_weight_reported``).

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

LOSS = ("symptoms", "weight loss", "active")

# fmt: off
TOLD_ALONE: list[Row] = [
    ("一个月瘦了8斤，也没减肥", None, {LOSS}),
    ("心慌，最近瘦了快十斤", None, {LOSS, ("symptoms", "palpitations", "active")}),
    ("похудела на 4 кг за месяц, ем как обычно", None, {LOSS}),
    ("lost 5kg without trying since christmas", None, {LOSS}),
]

WITH_THE_WEIGHT: list[Row] = [
    ("瘦了6斤，现在120斤", None, set()),
    ("похудела на 4 кг, сейчас вешу 70 кг", None, set()),
    ("lost 5kg without trying, 80 kg now", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), TOLD_ALONE + WITH_THE_WEIGHT)
def test_weight_loss_reported(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    got = {t for t in triples(understand(text, context)) if t[0] == "symptoms"}
    assert got == expected


# fmt: off
ON_PURPOSE: list[Row] = [
    ("节食两个月，瘦了6斤", None, set()),
    ("на диете месяц, похудела на 3 кг", None, set()),
    ("been on a diet, lost 4 kg without trying too hard", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ON_PURPOSE)
def test_weight_lost_on_purpose(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    got = {t for t in triples(understand(text, context)) if t[0] == "symptoms"}
    assert got == expected
