"""A drug named as what caused an allergic reaction is the allergy's occasion, not a medication.

- with an allergy told in the message, a drug named before the reaction it caused ("以前吃X全身起
  疹子", "used to take X and came out in hives", "X раньше пила, от него сыпь была") is no stopped
  medication (``rules.reaction_drugs``);
- a stop or switch after the reaction ("..., 就换成开浦兰了") keeps the drug stopped, and a drug taken
  before with no reaction stays a stopped medication.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
OCCASION_ONLY: list[Row] = [
    ("磺胺过敏，以前吃复方新诺明全身起疹子", "有药物过敏吗？", {("allergies", "sulfonamides", "active")}),
    ("以前吃复方新诺明全身起疹子，医生说是过敏", None,
     {("allergies", "sulfamethoxazole/trimethoprim", "active")}),
    ("allergic to penicillin, used to take amoxicillin and came out in hives", None,
     {("allergies", "penicillin", "active"), ("allergies", "amoxicillin", "active")}),
    ("на сульфаниламиды аллергия, бисептол раньше пила, от него сыпь была", None,
     {("allergies", "sulfonamides", "active")}),
]

STOPPED_ALL_THE_SAME: list[Row] = [
    ("对青霉素过敏，以前吃过阿莫西林，现在不吃了", None,
     {("allergies", "penicillin", "active"), ("medications", "amoxicillin", "stopped")}),
    ("以前吃过阿莫西林，现在不吃了", None, {("medications", "amoxicillin", "stopped")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), [*OCCASION_ONLY, *STOPPED_ALL_THE_SAME])
def test_a_drug_that_showed_an_allergy_is_no_medication(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


def test_a_switch_after_the_reaction_keeps_the_drug_stopped() -> None:
    got = triples(understand("以前吃过拉莫三嗪，起了一身皮疹，医生说是药物过敏，就换成开浦兰了"))
    assert {("medications", "lamotrigine", "stopped"), ("medications", "levetiracetam", "active")} <= got
