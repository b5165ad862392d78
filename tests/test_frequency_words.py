"""A frequency is not a product (issue 11, lead27): "zyrtec, one a day" is cetirizine once daily, not
also a multivitamin (One A Day is a brand name, but in chat the words are almost always how often).

The sentences are written for these tests, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("zyrtec, one a day", {("medications", "cetirizine", "active")}),
        ("зиртек, по одной в день", {("medications", "cetirizine", "active")}),
        ("仙特明，一天一片", {("medications", "cetirizine", "active")}),
        ("I take a one a day multivitamin", {("medications", "multivitamin", "active")}),
    ],
)
def test_how_often_names_no_product(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text)) == expected
