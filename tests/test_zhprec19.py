"""The rules backend's precision on Chinese, nineteenth round (issue 11): facts kept that nobody
said the user has.

- **An episode told with the experiential 过 and a count of times** ("得过一次带状疱疹", "出过一次
  水痘") is over, as "得过肺炎" already was: the count between 过 and the name must not hide it.
  A chronic condition ("犯过几次痛风") stays, and so does what goes on in the same phrase.
- **An illness feared, not had**: "我怕得糖尿病", "有点怕中风", "I'm scared of getting diabetes",
  "опасаюсь инсульта" state no fact; 怕 inside a symptom's own name ("怕冷", "怕光") still does.
- **A prohibition is advice, not a habit**: "医生说我不能喝酒", "不能吃辣", "Мне нельзя пить
  алкоголь", "I can't drink alcohol on these tablets" say nothing of whether the user drinks
  (neither a denial nor a habit), while "我不喝酒" still denies it.

Each row is (text, assistant turn before it or None, the exact set of (section, entity, status)
the message must yield). The sentences are new, written for these kinds, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
EPISODE_WITH_A_COUNT: list[Row] = [
    ("去年得过一次带状疱疹", None, {("diagnoses", "herpes zoster", "resolved")}),
    ("前年得过一次肺炎，现在没事了", None, {("diagnoses", "pneumonia", "resolved")}),
    ("小时候出过一次水痘", None, {("diagnoses", "chickenpox", "resolved")}),
    ("三年前得过两次肾结石", None, {("diagnoses", "kidney stones", "resolved")}),
    ("十年前得过一回带状疱疹，现在还疼", None, {("diagnoses", "herpes zoster", "resolved")}),
    # a chronic condition is no episode, whatever the count
    ("之前犯过几次痛风", None, {("chronic_conditions", "gout", "active")}),
]

FEARED: list[Row] = [
    ("我怕得糖尿病", None, set()),
    ("我有点怕中风", None, set()),
    ("很怕会得老年痴呆", None, set()),
    ("最近总担忧自己有冠心病", None, set()),
    ("I'm scared of getting diabetes", None, set()),
    ("Я опасаюсь инсульта", None, set()),
    # 怕 inside a symptom's own name is the symptom
    ("我怕冷", None, {("symptoms", "cold intolerance", "active")}),
    ("有点怕光", None, {("symptoms", "photophobia", "active")}),
    # ... and an illness had is still had
    ("我有糖尿病", None, {("chronic_conditions", "diabetes", "active")}),
]

PROHIBITED: list[Row] = [
    ("医生说我不能喝酒", None, set()),
    ("胃不好，不能吃辣", None, set()),
    ("吃这个药期间不能喝酒", None, set()),
    ("我现在不可以抽烟", None, set()),
    ("医生交代别喝酒", None, set()),
    ("I can't drink alcohol on these tablets", None, set()),
    ("Мне нельзя пить алкоголь", None, set()),
    ("Врач запретил курить", None, set()),
    # a habit denied is still denied, and a quit habit still quit
    ("我不喝酒", None, {("lifestyle", "alcohol", "confirmed_absent")}),
    ("I don't drink alcohol", None, {("lifestyle", "alcohol", "confirmed_absent")}),
    ("Я не пью алкоголь", None, {("lifestyle", "alcohol", "confirmed_absent")}),
    ("戒烟了，医生说以后也不准抽", None, {("lifestyle", "smoking", "stopped")}),
    # ... and "不能" that says what the body cannot do is a complaint
    ("晚上不能平躺", None, {("symptoms", "orthopnea", "active")}),
]
# fmt: on


def _lang(text: str) -> str:
    """The language of a probe: English, Russian or Chinese."""
    if text.isascii():
        return "en"
    return "ru" if any("а" <= ch.lower() <= "я" for ch in text) else "zh"


@pytest.mark.parametrize(("text", "context", "expected"), EPISODE_WITH_A_COUNT + FEARED + PROHIBITED)
def test_zhprec19(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, _lang(text))) == expected
