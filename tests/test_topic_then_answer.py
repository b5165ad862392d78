"""A topic put first, then its answer: "as for allergies, none" (``rules.discourse.zh_topic_de_hua``).

Chinese marks such a topic with "的话" ("过敏的话没有", "烟的话不抽"), the same word that closes a
condition ("如果疼的话就吃药", "吃二甲双胍的话能喝酒吗？"). A bare name before "的话" and a short answer
after it, up to the pause, is the topic and its answer: the denial is of the named thing. A
"的话" after a verb phrase, with "如果" before it, or with more than a short answer after it stays a
condition. English and Russian say the topic with words ("as for allergies", "что касается
аллергии", "насчёт курения"), read the same way.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
ROWS: list[Row] = [
    ("as for allergies, none that I know", "Any allergies to medicines?", {("allergies", "*", "confirmed_absent")}),
    ("smoking wise no, never have", "Do you smoke?", {("lifestyle", "smoking", "confirmed_absent")}),
    ("что касается аллергии — нет", "Есть аллергия на лекарства?", {("allergies", "*", "confirmed_absent")}),
    ("насчёт курения — нет, не курю", "Курите?", {("lifestyle", "smoking", "confirmed_absent")}),
    ("过敏的话没有", "对什么药过敏吗？", {("allergies", "*", "confirmed_absent")}),
    ("烟的话不抽，酒偶尔喝点", "抽烟喝酒吗？",
     {("lifestyle", "smoking", "confirmed_absent"), ("lifestyle", "alcohol", "active")}),
    # a condition stays a condition: no fact from it
    ("如果过敏的话怎么办", None, set()),
    ("吃布洛芬的话会不会伤胃", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_topic_then_answer(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
