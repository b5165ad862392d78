"""Chinese as patients type it (issue 11): their own words for known concepts, and kinship words.

- verb–object and topic–comment complaints with a degree or aspect word inside (把腰闪了, 见不得光,
  大姨妈又推迟了, 白细胞有点低, 体重明显下降) are the concepts they name
  (``data/chat_forms_zh.tsv``, ``terminology/zh_degree.py``);
- 老慢支 (慢性支气管炎) is chronic bronchitis, its own concept beside COPD (慢阻肺), as in English
  and Russian (``conditions_respiratory.tsv``);
- 烧 is a fever only as a complaint: 烧烤, 火烧火燎 and 大姨妈 (the period) are other words
  (``rules/data/cues.tsv``);
- an aunt or uncle by the mother's or the father's side (小姨, 二姨, 姑妈, 大舅) and a half-sibling
  are blood relatives, whose illnesses are family history; a spouse's sister (小姨子, 大姑子) is
  not, as a sister-in-law or a золовка is not (``relatives.tsv``).

Each row is (message, the assistant turn before it, the exact set of (section, entity, status) it
must yield). The sentences are new, written for this test; none is from the gold, dev, validation
or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
OWN_WORDS: list[Row] = [
    ("搬花盆的时候把腰闪了，现在弯不下去", None, {("injuries", "back strain", "active")}),
    ("头疼起来见不得光，只能拉上窗帘躺着", None,
     {("symptoms", "headache", "active"), ("symptoms", "photophobia", "active")}),
    ("这两天嗓子跟刀割一样，喝水都难受", None, {("symptoms", "sore throat", "active")}),
    ("大姨妈又推迟了十来天", None, {("symptoms", "delayed menstruation", "active")}),
    ("化疗以后白细胞一直偏低", None, {("diagnoses", "low white blood cell count", "active")}),
    ("嘴里长泡好几天了，吃饭都疼", None, {("symptoms", "mouth ulcers", "active")}),
    ("最近老觉得饿，饭量也变大了", None, {("symptoms", "increased appetite", "active")}),
    ("解小便有点疼，尿的时候火辣辣的", None, {("symptoms", "dysuria", "active")}),
    ("这阵子干什么都没意思，脑子像一团浆糊", None,
     {("symptoms", "low mood", "active"), ("symptoms", "brain fog", "active")}),
    ("我有老慢支，冬天咳得厉害", None,
     {("chronic_conditions", "chronic bronchitis", "active"), ("symptoms", "cough", "active")}),
    ("I've had chronic bronchitis for years.", None, {("chronic_conditions", "chronic bronchitis", "active")}),
    ("У меня хронический бронхит.", None, {("chronic_conditions", "chronic bronchitis", "active")}),
    ("前年右边膝关节换过", None, {("surgeries", "knee replacement", "historical")}),
    ("体重有没有明显下降？", None, set()),
    ("都没有", "有没有发烧或者体重明显下降？",
     {("symptoms", "fever", "confirmed_absent"), ("symptoms", "weight loss", "confirmed_absent")}),
]

# 烧 inside a dish or a manner word is no fever
NO_FEVER: list[Row] = [
    ("昨晚吃了烧烤喝了点啤酒，今天胃疼", None,
     {("lifestyle", "alcohol", "active"), ("symptoms", "epigastric pain", "active")}),
    ("心里火烧火燎的着急，孩子还没回来", None, set()),
]

KIN: list[Row] = [
    ("我小姨有糖尿病", None, {("family_history", "diabetes", "active")}),
    ("我姑妈得过乳腺癌", None, {("family_history", "breast cancer", "active")}),
    ("我同父异母的哥哥有高血压", None, {("family_history", "hypertension", "active")}),
    ("My aunt has diabetes.", None, {("family_history", "diabetes", "active")}),
    ("У тёти диабет.", None, {("family_history", "diabetes", "active")}),
    # a spouse's sister is no blood relative, and not the user
    ("我小姨子有糖尿病", None, set()),
    ("我大姑子高血压好多年了", None, set()),
    ("My sister-in-law has diabetes.", None, set()),
    ("У золовки диабет.", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), OWN_WORDS + NO_FEVER + KIN)
def test_chinese_patient_words(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


def test_the_period_is_no_aunt() -> None:
    """大姨妈 holds 大姨 and 姨妈 (aunts): the period is the user's own, never family history."""
    found = triples(understand("这个月大姨妈一直没来，有点担心"))
    assert ("symptoms", "delayed menstruation", "active") in found
    assert not any(section == "family_history" for section, _, _ in found)
