"""A pregnancy told by the week it has reached is the diagnosis ``pregnancy`` (``rules/gestation.py``).

- "I'm 30 weeks pregnant", "positive pregnancy test today!! 6 weeks", "беременность 8 нед", "на 16 неделе
  беременности", "怀孕24周", "孕20周了" tell a pregnancy that is there;
- a question ("is ibuprofen ok at 12 weeks pregnant?"), someone else's ("my wife is 20 weeks
  pregnant", "жена на 12 неделе беременности", "老婆怀孕三个月了"), a plan ("备孕3个月了") or a past or
  lost pregnancy ("в прошлую беременность на 20 неделе", "上次怀孕7个月的时候", "lost the baby at
  10 weeks") is no pregnancy of the user's now.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

_PREGNANT = ("diagnoses", "pregnancy", "active")

TOLD: list[str] = [
    "I'm 30 weeks pregnant and my back aches",
    "positive pregnancy test today!! 6 weeks",
    "беременность 8 нед, пью фолиевую",
    "я на 16 неделе беременности, изжога замучила",
    "怀孕24周 腿有点肿",
    "孕20周了 最近睡不好",
]

NOT_TOLD: list[str] = [
    "is ibuprofen ok at 12 weeks pregnant?",
    "my wife is 20 weeks pregnant",
    "жена на 12 неделе беременности",
    "в прошлую беременность на 20 неделе был отёк",
    "老婆怀孕三个月了",
    "上次怀孕7个月的时候血压高",
    "备孕3个月了",
    "lost the baby at 10 weeks last year",
]


@pytest.mark.parametrize("text", TOLD)
def test_a_week_of_pregnancy_tells_one(text: str) -> None:
    assert _PREGNANT in triples(understand(text))


@pytest.mark.parametrize("text", NOT_TOLD)
def test_no_pregnancy_now(text: str) -> None:
    assert not any(entity == "pregnancy" and status == "active" for _, entity, status in triples(understand(text)))
