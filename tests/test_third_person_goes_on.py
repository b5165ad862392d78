"""An English clause that opens with a verb of the third person goes on about the person named before.

"he outgrew the egg allergy!! still has the eczema tho", "my mum has diabetes. takes metformin":
the user would say "have", "take", so "has" / "takes" with no subject is the other person's
(``segment._EN_THIRD_PERSON_OPENS``, as Russian "пьёт", "колет" already are). "has been coughing"
("it has been") and a clause naming the user ("I take aspirin") stay the user's. The sentences are
new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
CASES: list[Row] = [
    ("the allergist retested her, she outgrew the milk allergy. still has the eczema though", None, set()),
    ("my mum has diabetes. takes metformin", None, {("family_history", "diabetes", "active")}),
    ("my husband is on ramipril. also takes a statin", None, set()),
    ("my dad had a stroke. I take aspirin", None,
     {("family_history", "stroke", "active"), ("medications", "aspirin", "active")}),
    ("has been coughing for 3 days", None, {("symptoms", "cough", "active")}),
    ("у мужа гипертония. пьёт лозартан", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CASES)
def test_a_third_person_verb_goes_on_about_the_person_before(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected
