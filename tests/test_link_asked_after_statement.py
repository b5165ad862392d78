"""A doubt of a link after a statement does not take the statement back: "..., может связано?".

"в 2017 мне удалили желчный, может связано?" asks whether what was said bears on the complaint,
as "could that be related?" and "会不会有关系？" do: the clause before the comma stays a fact, the
doubt after it states none. A bare "..., может быть?" still hedges what it follows. The sentences
are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

_CHOLE = ("surgeries", "cholecystectomy", "historical")
_GASTRITIS = ("diagnoses", "gastritis", "active")

# fmt: off
ROWS: list[Row] = [
    ("в 2017 мне удалили желчный, может связано?", None, {_CHOLE}),
    ("у меня гастрит, может это связано?", None, {_GASTRITIS}),
    ("у меня гастрит, может быть, из-за этого?", None, {_GASTRITIS}),
    ("had my gallbladder out in 2017, could that be related?", None, {_CHOLE}),
    ("2017年切了胆囊，会不会有关系？", None, {_CHOLE}),
    # a bare hedge of what it follows still takes it back
    ("у меня гастрит, может быть?", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_a_doubt_of_a_link_keeps_the_statement(text: str, context: str | None, expected: set) -> None:
    assert {t for t in triples(understand(text, context)) if t[0] != "symptoms"} == expected
