"""A baby named as one's own is a son or daughter: their illness is family history, never the user's.

"my baby girl (10 months) has a cows milk allergy", "our baby boy has eczema": relatives.tsv reads
"my / our baby girl|boy" as the daughter or son, so what they have is `family_history` with that
relation (CONVENTIONS: a child is a blood relative), not an allergy of the user's. A "baby" alone
("the baby has a rash") is left as it was. The sentences are new, written for this test; none is
from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
CASES: list[Row] = [
    ("my baby boy has eczema on his cheeks", None, {("family_history", "atopic dermatitis", "active")}),
    ("our baby girl is allergic to egg", None, {("family_history", "egg allergy", "active")}),
    # a child's complaint of the day is no event (CONVENTIONS)
    ("my baby boy has had a runny nose since monday", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CASES)
def test_a_baby_is_a_child(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
