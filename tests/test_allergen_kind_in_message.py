"""The kind of pollen a message names, in any sentence of it, is the allergy hay fever states.

Hay fever states a pollen allergy by itself; the kind named after it ("hay fever is awful. its
grass pollen", "поллиноз каждую весну. это береза", "花粉症又犯了。主要是蒿草花粉") is that allergy
and the generic pollen is no fact of its own (``rules/allergic_setting.py``). A kind named of
someone else ("my son is allergic to grass pollen") leaves the user's pollen. The sentences are
new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

RHINITIS = ("chronic_conditions", "allergic rhinitis", "active")

# fmt: off
CASES: list[Row] = [
    ("hay fever is awful this june. its grass pollen, the allergist said", None,
     {RHINITIS, ("allergies", "grass pollen", "active")}),
    ("поллиноз каждую весну. это береза, сдавала пробы", None,
     {RHINITIS, ("allergies", "birch pollen", "active")}),
    ("花粉症又犯了。主要是蒿草花粉", None, {RHINITIS, ("allergies", "mugwort pollen", "active")}),
    ("hay fever again. my son is allergic to grass pollen too", None,
     {RHINITIS, ("allergies", "pollen", "active"), ("family_history", "grass pollen allergy", "active")}),
    ("hay fever, sneezing loads", None, {RHINITIS, ("allergies", "pollen", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CASES)
def test_the_kind_of_pollen_named_in_the_message_is_the_allergy(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected
