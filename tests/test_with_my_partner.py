"""A partner the user does something with is a companion, not who the clause is about.

"планируем с женой ребенка, бросил курить" and "trying for a baby with my wife, stopped smoking"
tell the user's own facts; a child wanted ("хотим ребенка") is nobody's history yet; "我和老公"
is "my husband and I", not "my husband". A child or a parent along ("сидим с сыном дома,
температура 39") may be the one cared for and stays theirs. The sentences are new, written for
this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

_FOLIC = ("medications", "folic acid", "active")

# fmt: off
ROWS: list[Row] = [
    ("планируем с женой ребенка, я бросил курить", None, {("lifestyle", "smoking", "stopped")}),
    ("хотим с мужем второго ребенка, пью фолиевую", None, {_FOLIC}),
    ("trying for a baby with my husband, taking folic acid", None, {_FOLIC}),
    ("我和老公准备要孩子，在吃叶酸", None, {_FOLIC}),
    # a child or a parent along is not taken for the user
    ("сидим с сыном дома, температура 39", None, set()),
    ("我老公有高血压", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_a_partner_along_leaves_the_clause_the_users(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected
