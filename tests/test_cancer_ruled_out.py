"""A cancer ruled out is named by its organ and filed as a diagnosis ruled out (``rules.cancer_site``).

- a bare "no cancer" / "рака нет" / "不是癌" in a message that names the organ tested (a biopsy of the
  prostate, a mammogram, a colonoscopy) denies that organ's cancer, under ``diagnoses``;
- with no organ in the message, the assistant's question may name it ("Any history of breast
  cancer?" — "no cancer");
- a message naming no organ, or two, keeps the bare name and its section; an organ named of a
  relative ("my dad had bowel cancer") names nothing of the user's;
- only denials move: a cancer the user has stays in the section its row files it under (breast
  cancer, a chronic condition).

Each row is (message, the assistant's question before it, the exact set of (section, entity,
status) it must yield). The sentences are new, written for this test; none is from the gold, dev,
validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
ROWS: list[Row] = [
    # the organ in the message
    ("the mammogram was clear, no cancer", None, {("diagnoses", "breast cancer", "confirmed_absent")}),
    ("маммографию сделала, рака нет", None, {("diagnoses", "breast cancer", "confirmed_absent")}),
    ("钼靶查了 没有癌", None, {("diagnoses", "breast cancer", "confirmed_absent")}),
    ("colonoscopy done, they said no cancer", None,
     {("diagnoses", "colorectal cancer", "confirmed_absent"), ("surgeries", "colonoscopy", "historical")}),
    ("колоноскопию прошел, рака нет", None,
     {("diagnoses", "colorectal cancer", "confirmed_absent"), ("surgeries", "colonoscopy", "historical")}),
    ("肠镜做完了 医生说不是癌", None,
     {("diagnoses", "colorectal cancer", "confirmed_absent"), ("surgeries", "colonoscopy", "historical")}),
    ("the prostate biopsy showed no cancer", None, {("diagnoses", "prostate cancer", "confirmed_absent")}),
    ("биопсия простаты: рака нет", None,
     {("diagnoses", "prostate cancer", "confirmed_absent"), ("surgeries", "prostate biopsy", "historical")}),
    ("前列腺穿刺结果出来了 没有癌", None,
     {("diagnoses", "prostate cancer", "confirmed_absent"), ("surgeries", "prostate biopsy", "historical")}),
    # the organ in the question
    ("no cancer", "Has anyone checked you for lung cancer?",
     {("diagnoses", "lung cancer", "confirmed_absent")}),
    ("рака нет", "Был ли у вас рак щитовидной железы?",
     {("diagnoses", "thyroid cancer", "confirmed_absent")}),
    # no organ, or two: the bare name stays
    ("no cancer, no heart problems", None,
     {("chronic_conditions", "cancer", "confirmed_absent"), ("chronic_conditions", "heart disease", "confirmed_absent")}),
    ("рака нет, сердце здоровое", None, {("chronic_conditions", "cancer", "confirmed_absent")}),
    ("没有癌症", None, {("chronic_conditions", "cancer", "confirmed_absent")}),
    ("they checked my bowel and my prostate, no cancer", None, {("chronic_conditions", "cancer", "confirmed_absent")}),
    # an organ said of a relative is not the user's
    ("my mum had breast cancer, but i never had cancer", None,
     {("family_history", "breast cancer", "active"), ("chronic_conditions", "cancer", "confirmed_absent")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_a_ruled_out_cancer_is_named_by_its_organ(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(
    "text",
    ["I have breast cancer, on tamoxifen", "у меня рак молочной железы, пью тамоксифен", "我有乳腺癌，在吃他莫昔芬"],
)
def test_a_cancer_the_user_has_stays_a_chronic_condition(text: str) -> None:
    assert ("chronic_conditions", "breast cancer", "active") in triples(understand(text))
