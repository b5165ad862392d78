"""A reply that the whole family is well denies the family history as a whole (``rules.family_well``).

"Any heart trouble or cancer in the family?" — "no, everyone's healthy", "нет, в роду ничего
подобного", "没有，家里人都很健康": the answer speaks of the whole family, so it is the section-wide
denial alone, never one denial per listed illness. A bare "no" still denies the asked illnesses one by
one, and a relative's illness told beside "the rest are fine" stays, with no denial of all.

Each row is (text, assistant turn before it, the exact set of (section, entity, status) the message
must yield). The sentences are new, written for this test, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
ROWS: list[Row] = [
    ("no, everyone's healthy", "Any heart disease or cancer in your family?",
     {("family_history", "*", "confirmed_absent")}),
    ("nope, nothing in my family that I know of", "Does anyone in your family have diabetes or gout?",
     {("family_history", "*", "confirmed_absent")}),
    ("нет, в роду ничего подобного", "У родственников были инсульты или диабет?",
     {("family_history", "*", "confirmed_absent")}),
    ("нет, все здоровы", "Есть ли в семье гипертония или диабет?", {("family_history", "*", "confirmed_absent")}),
    ("没有，家里人都很健康", "家里人有没有高血压或者糖尿病？", {("family_history", "*", "confirmed_absent")}),
    # ... while a bare "no" denies the asked illness, and a relative's illness stands
    ("no", "Does anyone in your family have gout?", {("family_history", "gout", "confirmed_absent")}),
    ("нет", "В семье был диабет?", {("family_history", "diabetes", "confirmed_absent")}),
    ("my mum has diabetes, the rest are all healthy", "Any diabetes or heart disease in your family?",
     {("family_history", "diabetes", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_a_well_family_is_denied_as_a_whole(text: str, context: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
