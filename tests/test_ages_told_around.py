"""Ages told around other things: beside another question, against an earlier age, in a Chinese
self-introduction.

- a turn that asks the age and something else ("How old are you? Do you smoke?", "Сколько вам лет? Есть
  аллергии?", "您多大了？抽烟吗？") takes the reply's lone number as the age whichever question the rest of
  the reply answers; not when the other question asks a number of its own
  (``answers._values_asked_beside``);
- an age told after the age something began ("asthma since I was 7, 33 now", "гастрит с 18 лет, сейчас
  45", "从15岁开始抽烟 现在40了") is the writer's age; a reading or a dose after "now" is none
  (``age_now``);
- a Chinese writer who introduces themself by name or as an old man or woman ("我叫李明，72了", "我是个
  65岁的老太太") gives their age and sex (``quantities``).

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import understand

# (reply, the assistant's question before it or None, the demographics it must state)
# fmt: off
CASES: list[tuple[str, str | None, dict[str, str]]] = [
    ("41, and no I don't smoke", "How old are you? Do you smoke?", {"age": "41"}),
    ("38. no allergies", "How old are you, and any allergies?", {"age": "38"}),
    ("47. аллергии нет", "Сколько вам лет? Есть аллергии?", {"age": "47"}),
    ("63, не курю", "Сколько вам лет? Курите?", {"age": "63"}),
    ("53 不抽烟", "您今年多大？抽烟吗？", {"age": "53"}),
    ("20", "How old are you? How many cigarettes a day?", {}),
    ("10", "Сколько вам лет? Сколько сигарет в день?", {}),
    ("had asthma since I was 7, 33 now, inhaler most days", None, {"age": "33"}),
    ("psoriasis from age 20 and now 52, flaring again", None, {"age": "52"}),
    ("гастрит с 18 лет, сейчас 45, изжога по ночам", None, {"age": "45"}),
    ("курю лет с 15, теперь мне 39", None, {"age": "39"}),
    ("从15岁开始抽烟 现在40了 想戒", None, {"age": "40"}),
    ("on insulin since age 12, now 40 units at night", None, {}),
    ("давление с 40 лет, сейчас 150", None, {}),
    ("从30岁开始血压高 现在血压 150", None, {}),
    ("我是个65岁的老太太，膝盖疼", None, {"age": "65", "sex": "female"}),
    ("我是一个退休的老头子 血压高", None, {"sex": "male"}),
    ("我叫李明，72了，心脏不好", None, {"age": "72"}),
    ("我姓张 58了 胃不舒服", None, {"age": "58"}),
    ("血糖 11了 怎么办", None, {}),
    ("我老公是个老头子了", None, {}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CASES)
def test_demographics_told_around(text: str, context: str | None, expected: dict[str, str]) -> None:
    told = {e["entity"]: e.get("value") for e in understand(text, context).events if e["section"] == "demographics"}
    assert told == expected
