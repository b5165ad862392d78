"""A pronoun a limb's verb governs refers to no drug, jab or illness the assistant named before it.

"...a tetanus booster may be needed. Can you put weight on it?" — "yes, limping but can walk": the
"it" one puts weight on, walks on or bends is the injured limb, so the "yes" says nothing of the
booster (``answers._OF_A_LIMB``), and the limp is told as ``limp``, the labels' name. "Are you still
taking it?" keeps its referent. The sentences are new, written for this test; none is from the
gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
CASES: list[Row] = [
    ("yes, but limping", "A tetanus booster is worth having after a dirty cut. Can you bear weight on it?",
     {("symptoms", "limp", "active")}),
    ("yes", "The hepatitis B jab is due next month. Can you put weight on it yet?", set()),
    ("да", "Если рана грязная, нужна прививка от столбняка. Можете на неё наступать?", set()),
    # a pronoun a taking verb governs is the drug named before it
    ("yes", "Last time you mentioned metoprolol. Are you still taking it?", {("medications", "metoprolol", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CASES)
def test_a_limb_pronoun(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
