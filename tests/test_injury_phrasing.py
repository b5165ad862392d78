"""Injuries told in everyday phrasing, and who they happened to.

- "did my back in", "threw my back out", "put my back out" are a back strain, an injury, not a bare
  back pain (the labels file them so);
- a pronoun (in English also a relative) right after a verb of lifting, carrying or helping someone
  up ("扶他起床", "抱她上车", "carrying my daughter", "chasing the kids") is the one the user handles,
  the clause's object: the injury told with it ("把腰闪了", "hurt my back") is the user's, while a
  clause whose subject is that person ("他把腰闪了", "my son twisted his ankle") stays theirs.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
ROWS: list[Row] = [
    ("did my back in shovelling snow yesterday", None, {("injuries", "back strain", "active")}),
    ("threw my back out picking up the baby, can barely stand", None, {("injuries", "back strain", "active")}),
    ("put my back out gardening on sunday", None, {("injuries", "back strain", "active")}),
    ("昨天扶他上床的时候把腰闪了", None, {("injuries", "back strain", "active")}),
    ("抱她上车 结果把腰闪了 现在弯不下去", None, {("injuries", "back strain", "active")}),
    ("他搬家的时候把腰闪了", None, set()),
    ("hurt my back carrying my daughter up the stairs", None, {("injuries", "back strain", "active")}),
    ("twisted my ankle chasing the kids round the garden", None, {("injuries", "ankle sprain", "active")}),
    ("yesterday my son twisted his ankle at football", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_injury_phrasing(text: str, context: str | None, expected: set) -> None:
    assert {t for t in triples(understand(text, context)) if t[0] in ("injuries", "symptoms")} == expected
