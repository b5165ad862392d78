"""The rules backend on Chinese consultations, ninth round: general mechanisms, each with new
sentences written for it (none copied from an evaluation set).

- answers to a question that puts a denial ("您不抽烟吧？", "还是没打疫苗吧？"): an agreeing
  "对" / "是的" / "嗯" agrees with the denial, "还是不…" is "still not" (a "不抽" is never had,
  not stopped), a bare "不是" disagrees; A-not-A questions ("抽不抽烟？", "有没有…") deny nothing;
- a question that names a condition by its medicine ("降压药", "降糖的"): a "no" denies the
  medicine only, never the condition;
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, Triple, triples, understand

# fmt: off
NEGATED_QUESTIONS: list[Row] = [
    ("对", "您不抽烟，对吧？", {("lifestyle", "smoking", "confirmed_absent")}),
    ("嗯嗯", "平时不喝酒吧？", {("lifestyle", "alcohol", "confirmed_absent")}),
    ("不抽", "那现在还是不抽烟吧？", {("lifestyle", "smoking", "confirmed_absent")}),
    ("对 不抽的", "还是不抽烟吧?", {("lifestyle", "smoking", "confirmed_absent")}),
    ("是的", "您没有糖尿病吧？", {("chronic_conditions", "diabetes", "confirmed_absent")}),
    ("没有", "您没有糖尿病吧？", {("chronic_conditions", "diabetes", "confirmed_absent")}),
    ("对的", "应该没有药物过敏吧？", {("allergies", "*", "confirmed_absent")}),
    ("嗯", "最近没有胸痛吧？", {("symptoms", "chest pain", "confirmed_absent")}),
    ("没错", "以前没做过手术吧？", {("surgeries", "*", "confirmed_absent")}),
    # an ending put to confirm: agreeing says it ended
    ("对", "烟已经不抽了吧？", {("lifestyle", "smoking", "stopped")}),
    # the answer says otherwise, by its verb or a bare disagreement
    ("抽", "您不抽烟吧？", {("lifestyle", "smoking", "active")}),
    ("不是，我抽", "您不抽烟吧？", {("lifestyle", "smoking", "active")}),
    ("吃过", "没吃过阿司匹林吧？", {("medications", "aspirin", "active")}),
    # A-not-A and 有没有 ask; they deny nothing
    ("对", "抽不抽烟？", {("lifestyle", "smoking", "active")}),
    ("是的", "有没有糖尿病？", {("chronic_conditions", "diabetes", "active")}),
    ("是", "是不是抽烟？", {("lifestyle", "smoking", "active")}),
    # "还抽烟吗？" — "不抽了" is still an ending
    ("不抽了", "还抽烟吗？", {("lifestyle", "smoking", "stopped")}),
]

BY_ITS_MEDICINE: list[Row] = [
    ("不吃", "平时吃降压药吗？", set()),
    ("没吃", "降糖药吃了吗", set()),
    ("是的", "还是不吃降压药吗？", set()),
    ("吃", "平时吃降压药吗？", {("chronic_conditions", "hypertension", "active")}),
    ("是的", "是降糖的吗？", {("chronic_conditions", "diabetes", "active")}),
]
# fmt: on

ROUND_NINE = NEGATED_QUESTIONS + BY_ITS_MEDICINE


@pytest.mark.parametrize(("text", "context", "expected"), ROUND_NINE)
def test_understands_chinese_consultations_round_nine(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context, "zh")) == expected
