"""The rules backend on Chinese consultations, ninth round: general mechanisms, each with new
sentences written for it (none copied from an evaluation set).

- answers to a question that puts a denial ("您不抽烟吧？", "还是没打疫苗吧？"): an agreeing
  "对" / "是的" / "嗯" agrees with the denial, "还是不…" is "still not" (a "不抽" is never had,
  not stopped), a bare "不是" disagrees; A-not-A questions ("抽不抽烟？", "有没有…") deny nothing;
- a question that names a condition by its medicine ("降压药", "降糖的"): a "no" denies the
  medicine only, never the condition;
- a Chinese answer word fused with one of several asked things ("没有发烧", "不烧", "有咳嗽")
  answers for that thing only; "都" / "也" answer for all;
- short denials: recollection and habit before the answer word ("应该没有吧", "印象中没有",
  "一般不喝", "基本不吃"), an emphatic count ("一根都不抽", "一口也不喝"), 木有 / 冇;
- vocabulary: suicidal thoughts and self-harm in their everyday forms (伤害自己的想法, 轻生,
  不想活, 结束自己生命; 割腕, 伤害过自己), hyperbole (疼得想死) left alone;
- a body part said once for several predicates ("头不疼也不晕", "肚子又疼又胀") is each one's part.
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
ANSWERS_ONE_OF_SEVERAL: list[Row] = [
    ("没有发烧", "有没有发烧、咳嗽？", {("symptoms", "fever", "confirmed_absent")}),
    ("不烧", "发烧、咳嗽有吗？", {("symptoms", "fever", "confirmed_absent")}),
    ("有咳嗽", "有没有发烧、咳嗽？", {("symptoms", "cough", "active")}),
    ("没有糖尿病", "有高血压、糖尿病吗？", {("chronic_conditions", "diabetes", "confirmed_absent")}),
    ("高血压有，十多年了", "有高血压、糖尿病吗？", {("chronic_conditions", "hypertension", "active")}),
    ("胸痛没有 气短有一点", "胸痛、气短有吗", {("symptoms", "chest pain", "confirmed_absent"),
                                      ("symptoms", "shortness of breath", "active")}),
    # answering for all of them
    ("都没有", "有没有发烧、咳嗽？", {("symptoms", "fever", "confirmed_absent"), ("symptoms", "cough", "confirmed_absent")}),
    ("没有，发烧也没有", "有没有发烧、咳嗽？",
     {("symptoms", "fever", "confirmed_absent"), ("symptoms", "cough", "confirmed_absent")}),
    ("高血压、糖尿病都没有", "有高血压、糖尿病吗？",
     {("chronic_conditions", "hypertension", "confirmed_absent"), ("chronic_conditions", "diabetes", "confirmed_absent")}),
]

SHORT_DENIALS: list[Row] = [
    ("木有", "有过敏吗？", {("allergies", "*", "confirmed_absent")}),
    ("应该没有吧", "对什么药过敏吗？", {("allergies", "*", "confirmed_absent")}),
    ("印象中没有", "以前做过手术吗？", {("surgeries", "*", "confirmed_absent")}),
    ("一根都不抽", "平时抽烟吗？", {("lifestyle", "smoking", "confirmed_absent")}),
    ("一口也不喝", "喝酒吗？", {("lifestyle", "alcohol", "confirmed_absent")}),
    ("一般不疼", "最近头疼吗？", {("symptoms", "headache", "confirmed_absent")}),
    ("基本不吃", "平常吃什么药吗？", {("medications", "*", "confirmed_absent")}),
    # doubt before a bare denial only softens it (round twelve); not knowing states nothing; an
    # ending stays an ending
    ("好像没有", "有过敏吗？", {("allergies", "*", "confirmed_absent")}),
    ("不知道有没有", "有过敏吗？", set()),
    ("基本不抽了", "平时抽烟吗？", {("lifestyle", "smoking", "stopped")}),
]

VOCABULARY: list[Row] = [
    ("没有 放心吧", "最近情绪怎么样？有没有伤害自己的想法？", {("symptoms", "suicidal ideation", "confirmed_absent")}),
    ("没有", "有没有轻生的念头？", {("symptoms", "suicidal ideation", "confirmed_absent")}),
    ("有时候真不想活", None, {("symptoms", "suicidal ideation", "active")}),
    ("压力太大了，有过结束自己生命的想法", None, {("symptoms", "suicidal ideation", "active")}),
    ("没有", "有没有伤害过自己？", {("symptoms", "self-harm", "confirmed_absent")}),
    ("以前割腕过", None, {("symptoms", "self-harm", "resolved")}),
    ("疼得想死", None, set()),
]
SHARED_PART: list[Row] = [
    ("头不疼也不晕", None, {("symptoms", "headache", "confirmed_absent"), ("symptoms", "dizziness", "confirmed_absent")}),
    ("肚子不疼也不胀", None, {("symptoms", "abdominal pain", "confirmed_absent"), ("symptoms", "bloating", "confirmed_absent")}),
    ("眼睛不红也不痒", None, {("symptoms", "eye redness", "confirmed_absent"), ("symptoms", "itchy eyes", "confirmed_absent")}),
    ("腿不麻也不疼", None, {("symptoms", "leg numbness", "confirmed_absent"), ("symptoms", "leg pain", "confirmed_absent")}),
    ("肚子又疼又胀", None, {("symptoms", "abdominal pain", "active"), ("symptoms", "bloating", "active")}),
    ("头不晕不疼了", None, {("symptoms", "dizziness", "resolved"), ("symptoms", "headache", "resolved")}),
    # a predicate with a part or a term of its own keeps it
    ("头疼，晕车", None, {("symptoms", "headache", "active"), ("symptoms", "motion sickness", "active")}),
    ("头晕也不恶心", None, {("symptoms", "dizziness", "active"), ("symptoms", "nausea", "confirmed_absent")}),
]
# fmt: on

ROUND_NINE = NEGATED_QUESTIONS + BY_ITS_MEDICINE + ANSWERS_ONE_OF_SEVERAL + SHORT_DENIALS + VOCABULARY + SHARED_PART


@pytest.mark.parametrize(("text", "context", "expected"), ROUND_NINE)
def test_understands_chinese_consultations_round_nine(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context, "zh")) == expected
