"""A family question answered for the whole family (``rules.family_whole``).

"Any heart disease, diabetes or cancer in the family?" — "no, nothing like that runs in the family",
"нет, в роду ничего подобного", "没有，家里人身体都很健康": the reply denies the family's illnesses as a
whole, beyond the question's examples: one section-wide denial, no denial of each named item. A
family said to be healthy ("everyone's healthy", "все здоровы", "家里人都很健康") is such a denial.
A reply that tells of a relative's illness is no whole-family denial; a bare "no" still denies the
asked items one by one.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

WHOLE = {("family_history", "*", "confirmed_absent")}

# fmt: off
ROWS: list[Row] = [
    ("no, nothing like that runs in the family", "Any heart disease, diabetes or cancer in your family?", WHOLE),
    ("not as far as I know, they're all pretty healthy", "Does anyone in your family have asthma or eczema?", WHOLE),
    ("нет, в роду ничего подобного нет", "Были ли в семье инфаркты, инсульты, диабет?", WHOLE),
    ("нет, все здоровы", "Есть ли у родных гипертония или диабет?", WHOLE),
    ("没有，家里人都很健康", "家里有人得过高血压、糖尿病或者中风吗？", WHOLE),
    ("家里人都没什么病", "家里人有没有哮喘、过敏性鼻炎？", WHOLE),
    ("no, everyone's healthy", "Any heart disease or cancer in your family?", WHOLE),
    ("nope, nothing in my family that I know of", "Does anyone in your family have diabetes or gout?", WHOLE),
    ("нет, в роду ничего подобного", "У родственников были инсульты или диабет?", WHOLE),
    ("нет, все здоровы", "Есть ли в семье гипертония или диабет?", WHOLE),
    ("没有，家里人都很健康", "家里人有没有高血压或者糖尿病？", WHOLE),
    # a bare "no" denies the asked items one by one
    ("no", "Any diabetes or heart disease in your family?",
     {("family_history", "diabetes", "confirmed_absent"), ("family_history", "heart disease", "confirmed_absent")}),
    ("нет", "Есть ли у родных гипертония или диабет?",
     {("family_history", "hypertension", "confirmed_absent"), ("family_history", "diabetes", "confirmed_absent")}),
    ("没有", "家里人有没有高血压、糖尿病？",
     {("family_history", "hypertension", "confirmed_absent"), ("family_history", "diabetes", "confirmed_absent")}),
    ("no", "Does anyone in your family have gout?", {("family_history", "gout", "confirmed_absent")}),
    ("нет", "В семье был диабет?", {("family_history", "diabetes", "confirmed_absent")}),
    # a relative's illness told beside "the rest are healthy" stands, with no denial of all
    ("my mum has diabetes, the rest are all healthy", "Any diabetes or heart disease in your family?",
     {("family_history", "diabetes", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_whole_family_denial(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected


def test_a_relatives_illness_is_no_whole_family_denial() -> None:
    reply = "my mum had a stroke, otherwise everyone is healthy"
    found = triples(understand(reply, "Any stroke or diabetes in the family?"))
    assert ("family_history", "*", "confirmed_absent") not in found
    assert ("family_history", "stroke", "active") in found
