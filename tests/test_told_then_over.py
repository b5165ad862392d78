"""Complaints told and then said over in one message, and attacks that only ease with rest.

- a complaint told and closed, in the same message, by a bare ending of its own ("烧了一天，浑身酸疼，
  现在好了", "吃了胃里难受，停了就好了"; in English and Russian by a pronoun or verb, "all gone now",
  "сейчас прошло") is over; one told after the ending ("现在好了，就是还咳嗽") goes on
  (``rules.zh_over_after``);
- relief that comes with rest, time or again ("歇一会儿又好了", "坐下几分钟就没了") tells how each
  attack ends: the complaint goes on (``endings._ZH_ATTACK_EASES``); advice that it "would be fine"
  ("吃点药就好了？") ends nothing.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
TOLD_THEN_OVER: list[Row] = [
    ("had a fever for a day and aches all over, all gone now", None,
     {("symptoms", "fever", "resolved"), ("symptoms", "muscle pain", "resolved")}),
    ("температура была день, сейчас прошло", None, {("symptoms", "fever", "resolved")}),
    ("发烧了一天，浑身酸疼，现在好了", None,
     {("symptoms", "fever", "resolved"), ("symptoms", "muscle pain", "resolved")}),
    ("拉肚子拉了两天，现在没事了", None, {("symptoms", "diarrhea", "resolved")}),
    ("胃里难受了两天，现在好了", None, {("symptoms", "dyspepsia", "resolved")}),
]

# what is told after the ending goes on
AFTER_THE_ENDING: list[Row] = [
    ("发烧了三天，现在好了，就是还咳嗽", None, {("symptoms", "fever", "resolved"), ("symptoms", "cough", "active")}),
]

# relief with rest or time, again, or a question whether it would help: the complaint goes on
EASES_WITH_REST: list[Row] = [
    ("走快了胸口就发紧，歇一会儿又好了", None, {("symptoms", "chest tightness", "active")}),
    ("上楼就心慌，坐下几分钟就没了", None, {("symptoms", "palpitations", "active")}),
    ("头疼，吃点药就好了吗？", None, {("symptoms", "headache", "active")}),
    ("my chest gets tight on the stairs, it goes away after a few minutes rest", None, set()),
    ("в груди давит при ходьбе, посижу пару минут и проходит", None, {("symptoms", "chest pain", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), TOLD_THEN_OVER + AFTER_THE_ENDING + EASES_WITH_REST)
def test_told_then_over(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    got = {t for t in triples(understand(text, context)) if t[0] == "symptoms"}
    assert got == expected
