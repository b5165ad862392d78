"""The patient's own words, in Chinese and Russian first (issue 11, session 16).

- **The labels' names**: a concept takes the name the tuned labels give it (terminology README
  rule 1): a sleep apnoea is `obstructive sleep apnea`, a broken collarbone a `clavicle fracture`.

Each row is (text, assistant turn before it or None, the exact set of (section, entity, status)
the message must yield). The sentences are new, written for these kinds, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
LABELS_NAMES: list[Row] = [
    ("diagnosed with sleep apnoea last year, on CPAP now", None,
     {("chronic_conditions", "obstructive sleep apnea", "active")}),
    ("у мужа храп, а у меня апноэ сна", None, {("chronic_conditions", "obstructive sleep apnea", "active")}),
    ("我有睡眠呼吸暂停", None, {("chronic_conditions", "obstructive sleep apnea", "active")}),
    ("broke my collarbone skiing last week", None, {("injuries", "clavicle fracture", "active")}),
    ("сломал ключицу, упал с велосипеда", None, {("injuries", "clavicle fracture", "active")}),
    ("上个月摔倒锁骨骨折了", None, {("injuries", "clavicle fracture", "active")}),
]
# fmt: on


def _lang(text: str) -> str:
    """The language of a probe: English, Russian or Chinese."""
    if text.isascii():
        return "en"
    return "ru" if any("а" <= ch.lower() <= "я" for ch in text) else "zh"


@pytest.mark.parametrize(("text", "context", "expected"), LABELS_NAMES)
def test_open21(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, _lang(text))) == expected
