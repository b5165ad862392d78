"""Vocabulary as data: co-codamol, team sports and everyday eating.

Co-codamol names the codeine first on its package ("co-codamol 30/500"), so it is
``codeine/paracetamol`` (CONVENTIONS: a combination in its package's order), while Tylenol 3 stays
``paracetamol/codeine``. Five-a-side, rugby or netball are exercise, said of oneself; "eat pretty
healthy", "mostly veggie", "a lot of red meat" are the diet; "cut out fried stuff" is a diet kept,
not one stopped. Another person's sport or a question gives nothing. The sentences are new, written
for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
CASES: list[Row] = [
    ("co-codamol 8/500 two at night", None, {("medications", "codeine/paracetamol", "active")}),
    ("came off the co-codamol last week", None, {("medications", "codeine/paracetamol", "stopped")}),
    ("tylenol 3 after the wisdom teeth", None, {("medications", "paracetamol/codeine", "active")}),
    ("i play five a side on thursdays", None, {("lifestyle", "exercise", "active")}),
    ("netball twice a week", None, {("lifestyle", "exercise", "active")}),
    ("i eat pretty healthy, mostly veggie", None, {("lifestyle", "diet", "active")}),
    ("cut out the fried stuff since the gallstones", None,
     {("lifestyle", "diet", "active"), ("diagnoses", "gallstones", "active")}),
    ("my son plays rugby", None, set()),
    ("is rugby ok with my asthma?", None, {("chronic_conditions", "asthma", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CASES)
def test_chat_vocabulary(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
