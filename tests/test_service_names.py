"""An illness word that names a nurse, a team or a clinic is who acted, not the user's illness.

"the diabetes nurse upped my metformin", "stroke nurse says that's the clopidogrel", "renal team
switched the lisinopril" (``rules/departments.py``, which reads Chinese "风湿科" the same way): the
labels give no illness for them. The illness told in its own words stays, beside the name or not.
Russian names the specialist by one word (эндокринолог), which is no illness term. The sentences
are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
CASES: list[Row] = [
    ("the diabetes nurse put my gliclazide up to 80mg", None, {("medications", "gliclazide", "active")}),
    ("asthma clinic swapped my ventolin for bricanyl", None,
     {("medications", "salbutamol", "stopped"), ("medications", "terbutaline", "active")}),
    ("my epilepsy specialist nurse says the lamotrigine can stay", None, {("medications", "lamotrigine", "active")}),
    ("风湿科把来氟米特加到20mg了", None, {("medications", "leflunomide", "active")}),
    # the illness in its own words stays
    ("i have asthma, the asthma nurse is lovely", None, {("chronic_conditions", "asthma", "active")}),
    ("type 2 diabetic, saw the diabetes team today", None, {("chronic_conditions", "type 2 diabetes", "active")}),
    ("у меня диабет, эндокринолог доволен", None, {("chronic_conditions", "diabetes", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CASES)
def test_an_illness_naming_a_service(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
