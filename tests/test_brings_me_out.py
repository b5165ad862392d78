""" "X brings me out in a rash" states an allergy to X, as "X gives me a rash" does.

The British "bring(s) / brought me out in" is a cause of a reaction (``react`` in cues.tsv): with
an allergen or a drug before it and a reaction after it, the allergy with its reaction, never the
drug taken nor a rash of today. Another person, a question or a cause no allergen names ("the sun")
give no allergy. (Russian "высыпает", Chinese "一贴就起疹子" are cues already.) The sentences are
new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
CASES: list[Row] = [
    ("elastoplast brings me out in hives", None, {("allergies", "adhesive plaster", "active")}),
    ("amoxicillin brought me out in a rash as a kid", "Any allergies?", {("allergies", "amoxicillin", "active")}),
    ("nickel brings me out in an itchy rash", None, {("allergies", "nickel", "active")}),
    ("пластырь - высыпает сыпь", None, {("allergies", "adhesive plaster", "active")}),
    ("创可贴一贴就起疹子", None, {("allergies", "adhesive plaster", "active")}),
    # not the user's, not said, no allergen
    ("my husband says plasters bring him out in a rash", None, set()),
    ("does penicillin bring people out in a rash?", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CASES)
def test_brings_me_out_in(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
