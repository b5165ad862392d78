"""An illness a test or a clinician ruled out is a diagnosis ruled out (``rules/ruled_out.py``).

- a denial in a sentence that names a test or its result ("УЗИ сделали, эндометриоза нет"), or a
  "not" set right before the name as one diagnosis against another ("fibromyalgia, not lupus", "а не
  подагра", "不是房颤"), or a clinician's exclusion ("диабет исключила", "排除了克罗恩病") is
  ``diagnoses`` ``confirmed_absent``, whatever section the illness has when the user has it;
- the verdict after "tested for X" ("..., and it was negative", "всё отрицательно", "阴性") is of X
  and what is listed with it, not of an illness or complaint named in passing before the verdict;
- a denial with no test or verdict, or an answer to the assistant's question about the illness,
  stays a chronic condition denied (a history);
- in Chinese the move is not made: the Chinese labels keep "医生说不是X", "排除了X" the chronic
  denial the illness's section names (dev zh negation fell with it), while the verdict after
  "查了X" still denies X.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
RULED_OUT: list[Row] = [
    ("the stool test came back negative for crohns, so it's just a bug", None,
     {("diagnoses", "crohn's disease", "confirmed_absent")}),
    ("rheumatologist says it's fibromyalgia, not lupus", None,
     {("chronic_conditions", "fibromyalgia", "active"), ("diagnoses", "lupus", "confirmed_absent")}),
    ("УЗИ сделали, эндометриоза нет", None, {("diagnoses", "endometriosis", "confirmed_absent")}),
    ("ревматолог сказал, что это артроз, а не подагра", None,
     {("chronic_conditions", "osteoarthritis", "active"), ("diagnoses", "gout", "confirmed_absent")}),
    ("эндокринолог диабет исключила", None, {("diagnoses", "diabetes", "confirmed_absent")}),
    ("做了肠镜 排除了克罗恩病", None,
     {("chronic_conditions", "crohn's disease", "confirmed_absent"), ("surgeries", "colonoscopy", "historical")}),
    ("医生说是房性早搏 不是房颤", None,
     {("diagnoses", "premature atrial contractions", "active"),
      ("chronic_conditions", "atrial fibrillation", "confirmed_absent")}),
]

# the verdict is of what the test looked for, and of what is listed with it
TESTED_FOR: list[Row] = [
    ("they checked me for lupus because of the rash and it was negative", None,
     {("diagnoses", "lupus", "confirmed_absent"), ("symptoms", "rash", "active")}),
    ("сдал анализ на целиакию и лямблии, всё отрицательно", None,
     {("diagnoses", "celiac disease", "confirmed_absent"), ("diagnoses", "giardiasis", "confirmed_absent")}),
    ("查了乙肝 阴性", None, {("chronic_conditions", "chronic hepatitis b", "confirmed_absent")}),
]

# a denial with no test or verdict, or a history answer, stays a chronic condition denied
HISTORY_DENIAL: list[Row] = [
    ("no diabetes, just asthma", "Any long-term conditions, like asthma or diabetes?",
     {("chronic_conditions", "asthma", "active"), ("chronic_conditions", "diabetes", "confirmed_absent")}),
    ("I don't have diabetes or asthma", None,
     {("chronic_conditions", "diabetes", "confirmed_absent"), ("chronic_conditions", "asthma", "confirmed_absent")}),
    ("у меня нет диабета", None, {("chronic_conditions", "diabetes", "confirmed_absent")}),
    ("没有糖尿病", "有没有慢性病？", {("chronic_conditions", "diabetes", "confirmed_absent")}),
    ("我没有高血压", None, {("chronic_conditions", "hypertension", "confirmed_absent")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), RULED_OUT + TESTED_FOR + HISTORY_DENIAL)
def test_a_ruled_out_illness_is_a_diagnosis(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected
