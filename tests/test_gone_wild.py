""" "my eczema has gone crazy" is a flare, not an ending; "tummy is a bit loose" is diarrhea.

"gone" ends a complaint ("the rash has gone"), but "gone crazy / mad / haywire / through the roof"
says it became worse: those phrases are no cue (``none`` in cues.tsv), so the eczema stays active and
no "hand injury" healed. A loose tummy or bowels is diarrhea (anatomy.tsv's ``loose`` column, the
``loose`` quality); a loose tooth is nothing. The sentences are new, written for this test; none is
from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
CASES: list[Row] = [
    ("my psoriasis has gone mad on my elbows", None, {("chronic_conditions", "psoriasis", "active")}),
    ("eczema's gone haywire on my hands since the new job", None,
     {("chronic_conditions", "atopic dermatitis", "active")}),
    ("the rash has gone", None, {("symptoms", "rash", "resolved")}),
    ("eczema has gone now, cream worked", None, {("chronic_conditions", "atopic dermatitis", "resolved")}),
    ("my tummy has been loose since the antibiotics", None, {("symptoms", "diarrhea", "active")}),
    ("bowels a bit loose on the metformin", None,
     {("symptoms", "diarrhea", "active"), ("medications", "metformin", "active")}),
    ("my front tooth is loose", None, set()),
    ("tummy isn't loose any more", None, {("symptoms", "diarrhea", "resolved")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CASES)
def test_gone_wild_and_loose(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
