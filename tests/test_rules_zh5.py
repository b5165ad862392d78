"""The rules backend on Chinese chat, fifth round: short answers that point or say when, negation
scope after a comma, classes of medicines named by their condition (降压药, 降糖药), and denials
of treatment or efficacy.

Each row is (text, assistant turn before it or None, the exact set of (section, entity, status)
the message must yield). The sentences are new, written for these mechanisms, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, Triple, triples, understand

LIST_QUESTION = "最近有没有心慌、气短、腿肿？"
LIST_DENIED = {
    ("symptoms", "palpitations", "confirmed_absent"),
    ("symptoms", "shortness of breath", "confirmed_absent"),
    ("symptoms", "leg swelling", "confirmed_absent"),
}

# fmt: off
SHORT_ANSWERS: list[Row] = [
    # what the answer points at, or when, may open it
    ("以上都没有", LIST_QUESTION, LIST_DENIED),
    ("这几个都没有", LIST_QUESTION, LIST_DENIED),
    ("目前没有", "有没有咳嗽？", {("symptoms", "cough", "confirmed_absent")}),
    # a denial ending in 了 says "no longer"
    ("现在没有了", "还拉肚子吗？", {("symptoms", "diarrhea", "resolved")}),
    ("已经没有了", "还有没有发烧？", {("symptoms", "fever", "resolved")}),
]

SCOPE: list[Row] = [
    # an amount after the denial's comma opens its own scope
    ("不咳嗽，有点流鼻涕", None,
     {("symptoms", "cough", "confirmed_absent"), ("symptoms", "rhinorrhea", "active")}),
    ("没有头疼，稍微有点头晕", None,
     {("symptoms", "headache", "confirmed_absent"), ("symptoms", "dizziness", "active")}),
    # a denial of the treatment or of its effect is no denial of the illness or the drug
    ("年轻时候得过痛风，一直没治疗", None, {("chronic_conditions", "gout", "active")}),
    ("奥美拉唑吃了不太管用", None, {("medications", "omeprazole", "active")}),
    # not daring to take a drug, ruling an illness out: no fact
    ("有胃溃疡，不敢吃阿司匹林", None, {("diagnoses", "peptic ulcer", "active")}),
    ("医生让抽血排除一下甲亢", None, set()),
    # not remembering is doubt, not a denial
    ("不记得小时候出没出过水痘", None, set()),
]

MEDICINE_CLASSES: list[Row] = [
    # a class of medicines named by its condition names the condition, whatever is done with it
    ("降压药一直在吃", None, {("chronic_conditions", "hypertension", "active")}),
    ("降糖的药上个月停了", None,
     {("chronic_conditions", "diabetes", "active"), ("medications", "antidiabetics", "stopped")}),
    ("调脂药吃了两年", None, {("chronic_conditions", "hyperlipidemia", "active")}),
    # a denied class says nothing of the condition, and is no denial of every medicine
    ("我没吃降压药", None, set()),
    # someone else's pills are their condition
    ("我妈每天吃降压药", None, {("family_history", "hypertension", "active")}),
    # a degree word inside 血压高 is still high blood pressure
    ("血压一直偏高", None, {("chronic_conditions", "hypertension", "active")}),
    ("没有糖尿病，血压有点高", None,
     {("chronic_conditions", "diabetes", "confirmed_absent"), ("chronic_conditions", "hypertension", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), SHORT_ANSWERS + SCOPE + MEDICINE_CLASSES)
def test_understands_chinese(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context, "zh")) == expected
