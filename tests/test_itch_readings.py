"""An itch read by what it is said of: the eyes', a rash's, or the skin's own.

"eyes streaming and itchy", "eyes still itchy though": a bare itch beside the eyes is itchy eyes
(senses.tsv, whose "=" forms keep "itchy all over" the skin's); "weepy" beside them is their
watering, and alone the tearfulness of a low mood. "itchy red rash", "itchy welts",
"很痒的疹子": an itch right before the lesion is its attribute, one complaint
(``rules/itchy_lesions.py``); said apart it stays its own. The sentences are new, written for this
test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
CASES: list[Row] = [
    ("eyes watering and itchy all week", None,
     {("symptoms", "watery eyes", "active"), ("symptoms", "itchy eyes", "active")}),
    ("eyes are still itchy on the loratadine", None,
     {("symptoms", "itchy eyes", "active"), ("medications", "loratadine", "active")}),
    ("my eyes are red and weepy", None, {("symptoms", "eye redness", "active"), ("symptoms", "watery eyes", "active")}),
    ("been so weepy since the funeral", None, {("symptoms", "tearfulness", "active")}),
    ("itchy all over and my eyes are fine", None, {("symptoms", "itching", "active")}),
    ("itchy red rash on my shins", None, {("symptoms", "rash", "active")}),
    ("itchy welts on my back after the gym", None, {("symptoms", "urticaria", "active")}),
    ("腿上起了很痒的疹子", None, {("symptoms", "rash", "active")}),
    # said apart, the itch is its own
    ("rash on my arms and so itchy", None, {("symptoms", "rash", "active"), ("symptoms", "itching", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CASES)
def test_an_itch_by_what_it_is_said_of(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
