"""A drug named as the one that showed a class allergy adds no allergy of its own (``rules.class_allergies``).

"allergic to sulfa, septrin gave me a rash", "на сульфаниламиды аллергия, от бисептола сыпь была",
"对磺胺类过敏，复方新诺明出过疹子": the allergy is the class's (sulfonamides); the drug is its
occasion. A drug of another class stays its own allergy, and a drug alone is still one.

Each row is (text, assistant turn before it or None, the exact set of (section, entity, status) the
message must yield). The sentences are new, written for this test, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
ROWS: list[Row] = [
    ("allergic to sulfa, septrin gave me a rash", None, {("allergies", "sulfonamides", "active")}),
    ("на сульфаниламиды аллергия, от бисептола сыпь была", None, {("allergies", "sulfonamides", "active")}),
    ("对磺胺类过敏，复方新诺明出过疹子", None, {("allergies", "sulfonamides", "active")}),
    # ... while another class's drug, or a drug alone, is an allergy of its own
    ("allergic to sulfa drugs and to codeine", None,
     {("allergies", "sulfonamides", "active"), ("allergies", "codeine", "active")}),
    ("septrin gave me a rash", None, {("allergies", "sulfamethoxazole/trimethoprim", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_a_class_allergy_takes_its_drug(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
