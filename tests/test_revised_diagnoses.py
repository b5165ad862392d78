"""A diagnosis first given and then replaced by another is ruled out (``revised.rule_out_revised``).

"The GP first thought it was X but it turned out to be Y", "сначала сказала X, но оказалось Y",
"врач думал X, оказалось Y", "一开始说是X 后来查出来是Y": X is ``confirmed_absent``, Y ``active``. An
illness told in order ("сначала был бронхит, потом пневмония", "一开始是感冒 后来转成肺炎"), or a first
opinion nothing replaces ("thought it was a cold but the cough is worse") keeps what was named.

Rows are (message, the exact set of (section, entity, status) in the sections of illnesses). The
sentences are new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import understand

_ILLNESS = frozenset({"diagnoses", "chronic_conditions"})

# fmt: off
REVISED: list[tuple[str, set[tuple[str, str, str]]]] = [
    ("the doctor initially said flu but it turned out to be pneumonia",
     {("diagnoses", "influenza", "confirmed_absent"), ("diagnoses", "pneumonia", "active")}),
    ("A&E thought it was appendicitis, turned out to be gastroenteritis",
     {("diagnoses", "appendicitis", "confirmed_absent"), ("diagnoses", "gastroenteritis", "active")}),
    ("сначала поставили ОРВИ, а оказалось ангина",
     {("diagnoses", "common cold", "confirmed_absent"), ("diagnoses", "tonsillitis", "active")}),
    ("терапевт думал гастрит, оказался панкреатит",
     {("diagnoses", "gastritis", "confirmed_absent"), ("diagnoses", "pancreatitis", "active")}),
    ("开始以为是胃炎 后来查出来是胆结石",
     {("diagnoses", "gastritis", "confirmed_absent"), ("diagnoses", "gallstones", "active")}),
    ("一开始诊断是支气管炎 结果拍片是肺炎",
     {("diagnoses", "bronchitis", "confirmed_absent"), ("diagnoses", "pneumonia", "active")}),
]

KEPT: list[tuple[str, set[tuple[str, str, str]]]] = [
    # an illness told in order: both were there
    ("сначала был гайморит, потом бронхит",
     {("diagnoses", "sinusitis", "active"), ("diagnoses", "bronchitis", "active")}),
    ("一开始是支气管炎 后来转成肺炎",
     {("diagnoses", "bronchitis", "active"), ("diagnoses", "pneumonia", "active")}),
    # nothing replaces the first opinion
    ("i thought it was just sinusitis but the headache keeps getting worse",
     {("diagnoses", "sinusitis", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "expected"), REVISED + KEPT)
def test_a_replaced_diagnosis_is_ruled_out(text: str, expected: set[tuple[str, str, str]]) -> None:
    found = {(e["section"], e["entity"], e["status"]) for e in understand(text).events if e["section"] in _ILLNESS}
    assert found == expected
