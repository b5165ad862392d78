"""A Chinese topic and the comment after its comma are one statement (issue 11, lead27).

Chinese names a thing and then, after a comma, says what of it: "烟，早就不抽了". Read as two
clauses, the bare topic became a present fact and the comment a denial of nothing. Three cases:

- a list that runs over several commas, ended by one denial ("阿司匹林和华法林，还有氯吡格雷，都没吃",
  "…、还有第三个，都没有"): every item is denied, none is taken (a safety error before); an asked item
  named by its place in such a list ("the third one") takes the list's status, not a bare yes;
- a denial with an ending that echoes the topic's own word ("头疼，不疼了", "烟，早就不抽了"): it has
  ended; an unrelated verb ("胃痛，不吃辣了") does not end the topic;
- a topic denied by its own verb ("酒，从来不喝"): never, not stopped — the bare topic said nothing of
  its own to be stopped.

The sentences are written for these tests, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

Row = tuple[str, str | None, set[tuple[str, str, str]]]

ASKED = "您在吃阿司匹林、华法林或者氯吡格雷吗？"

# fmt: off
ROWS: list[Row] = [
    ("阿司匹林和华法林，还有氯吡格雷，都没吃", None,
     {("medications", "aspirin", "confirmed_absent"), ("medications", "warfarin", "confirmed_absent"),
      ("medications", "clopidogrel", "confirmed_absent")}),
    ("阿司匹林、华法林、还有第三个，都没有", ASKED,
     {("medications", "aspirin", "confirmed_absent"), ("medications", "warfarin", "confirmed_absent"),
      ("medications", "clopidogrel", "confirmed_absent")}),
    ("aspirin, warfarin, and the third one, none of them", "Are you taking aspirin, warfarin or clopidogrel?",
     {("medications", "aspirin", "confirmed_absent"), ("medications", "warfarin", "confirmed_absent"),
      ("medications", "clopidogrel", "confirmed_absent")}),
    ("the third one, yes", "Are you taking aspirin, warfarin or clopidogrel?",
     {("medications", "clopidogrel", "active")}),
    ("二甲双胍，还有那个药，都不吃了", None, {("medications", "metformin", "stopped")}),
    ("烟，早就不抽了", None, {("lifestyle", "smoking", "stopped")}),
    ("咳嗽，早就不咳了", None, {("symptoms", "cough", "resolved")}),
    ("发烧，已经不烧了", None, {("symptoms", "fever", "resolved")}),
    ("酒，从来不喝", "您喝酒吗？", {("lifestyle", "alcohol", "confirmed_absent")}),
    ("酒嘛，一口都不喝", None, {("lifestyle", "alcohol", "confirmed_absent")}),
    ("烟，从来不抽", None, {("lifestyle", "smoking", "confirmed_absent")}),
    # what the topic mechanism must leave alone
    ("阿司匹林吃着，还有氯吡格雷，都是医生开的", None,
     {("medications", "aspirin", "active"), ("medications", "clopidogrel", "active")}),
    ("头疼，还有点咳嗽", None, {("symptoms", "headache", "active"), ("symptoms", "cough", "active")}),
    ("我爸爸，还有我叔叔，都有高血压", None, {("family_history", "hypertension", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_a_chinese_topic_takes_the_comment_after_its_comma(
    text: str, context: str | None, expected: set[tuple[str, str, str]]
) -> None:
    assert triples(understand(text, context)) == expected


def test_an_unrelated_verb_with_an_ending_does_not_end_the_topic() -> None:
    """ "胃痛，不吃辣了": the stomach ache is still there; the diet is what changed."""
    got = triples(understand("胃痛，不吃辣了"))
    assert ("symptoms", "epigastric pain", "active") in got
