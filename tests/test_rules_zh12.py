"""The rules backend in Chinese, twelfth round (issue 11): replies to the assistant's questions
and denials nobody said, as general mechanisms, each with new sentences written for it (none
copied from an evaluation set).

- a question that asks something of a thing it takes as the user's (how bad, how long, when,
  what comes with it, whether a drug helps, how it is taken: "咳嗽严重吗？", "胰岛素打了多久了？",
  "头晕的时候会恶心吗？", "布洛芬有用吗？") gets a "no" that denies that, never the thing;
- an assistant's question without its question mark ("有胸闷吗", "有没有发烧") still asks;
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, Triple, triples, understand

# fmt: off
#: a "no" to what a question asks of a thing it presupposes denies nothing of the thing
ASPECT_OF_A_PRESUPPOSED_THING: list[Row] = [
    ("没用", "吃了布洛芬有用吗？", set()),
    ("不太管用", "硝酸甘油含了管用吗？", set()),
    ("没有", "吃了药以后好点了吗？", set()),
    ("没有，还是疼", "吃了药以后头疼好点了吗？", set()),
    ("没有按时，经常忘", "阿司匹林每天按时吃吗？", set()),
    ("不严重", "咳嗽严重吗？", set()),
    ("不是，一阵一阵的", "胸痛是一直疼吗？", set()),
    ("不会", "胸痛会往左胳膊放射吗？", set()),
    ("没多久", "胰岛素打了多久了？", set()),
    ("不是", "肚子疼是饭后疼吗？", set()),
    # what the question asks of it is denied
    ("不会", "头晕的时候会恶心吗？", {("symptoms", "nausea", "confirmed_absent")}),
    ("没有", "咳嗽有痰吗？", {("symptoms", "sputum", "confirmed_absent")}),
    # a question that only asks whether it is so still asks of the thing
    ("不是", "您有高血压是吗？", {("chronic_conditions", "hypertension", "confirmed_absent")}),
    ("没有", "有没有胸痛？", {("symptoms", "chest pain", "confirmed_absent")}),
    ("没有", "二甲双胍还在吃吗？", {("medications", "metformin", "stopped")}),
]

#: an assistant's question without its question mark
UNMARKED_QUESTION: list[Row] = [
    ("偶尔", "有胸闷吗", {("symptoms", "chest tightness", "active")}),
    ("没有", "有没有发烧", {("symptoms", "fever", "confirmed_absent")}),
    ("不会", "最近会不会头晕", {("symptoms", "dizziness", "confirmed_absent")}),
    ("也没有", "那咳嗽呢", {("symptoms", "cough", "confirmed_absent")}),
    # advice is no question
    ("好的", "记得按时吃降压药。", set()),
]
# fmt: on

ROUND_TWELVE = [*ASPECT_OF_A_PRESUPPOSED_THING, *UNMARKED_QUESTION]


@pytest.mark.parametrize(("text", "context", "expected"), ROUND_TWELVE)
def test_understands_chinese_round_twelve(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context, "zh")) == expected
