"""A Chinese clinician's "must not" is a rule the user was given, not a habit of theirs.

"医生说三个月不能打球", "大夫说别喝酒": what the doctor says the user must not do states no habit,
neither denied nor done (as "医生让我多运动" states none); the user's own "我不打球" still denies it.
(English "the doctor said I can't play football" and Russian "врач сказал нельзя" are read by the
advice rules of those languages, unchanged here.)
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand


@pytest.mark.parametrize("text", ["医生说三个月不能打球", "大夫说别喝酒", "医生说半年内不要剧烈运动"])
def test_a_rule_states_no_habit(text: str) -> None:
    assert not any(e["section"] == "lifestyle" for e in understand(text, None, "zh").events)


def test_ones_own_denial_still_denies() -> None:
    assert ("lifestyle", "exercise", "confirmed_absent") in triples(understand("我不打球", None, "zh"))


def test_the_russian_rule_states_no_denial() -> None:
    events = understand("врач сказал три месяца нельзя играть в футбол", None, "ru").events
    assert not any(e["status"] == "confirmed_absent" for e in events)
