"""Lifestyle words that mean something else in their place: no alcohol, no exercise.

- "пью", "drink", "喝" in a reply to questions of medicines (and of allergies beside them, one
  question each), none of alcohol, is taking: it denies or tells no drinking habit
  (``message._drinking_asked_of_else``);
- a drink measured as a medicine is, in milligrams, tablets or a count per day ("пить три раза в
  день", "drink it 3 times a day", "一天喝三次"), is no alcohol (``clause_facts._MEASURED_DRINK``);
  "пью только по выходным" to a question of alcohol still is;
- running to the toilet ("в туалет бегать перестала") is an urge, and "walking" in an aid's name
  ("still on my walking frame") no walk: neither is exercise (``occasions.without_mobility``);
  "бегаю по утрам" still is.

The sentences are new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

Triple = tuple[str, str, str]

NOT_LIFESTYLE: list[tuple[str, str | None]] = [
    ("ничего не пью на постоянной основе. аллергий нет", "Вы что-то принимаете регулярно? Есть аллергия?"),
    ("I don't drink anything regularly. no allergies", "Are you on any medications? Any allergies?"),
    ("什么都不喝 也不过敏", "平时有在吃什么药吗？有过敏吗？"),
    ("этот порошок пить три раза в день", None),
    ("have to drink it 3 times a day, its disgusting", None),
    ("冲剂一天喝三次 太苦了", None),
    ("цистит прошёл, в туалет бегать перестала", None),
    ("still on my walking frame after the hip op", None),
    ("keep running to the toilet since the antibiotics", None),
]

STILL_LIFESTYLE: list[tuple[str, str | None, Triple]] = [
    ("пью только по выходным", "Принимаете лекарства? Алкоголь пьёте?", ("lifestyle", "alcohol", "active")),
    ("I drink every day", None, ("lifestyle", "alcohol", "active")),
    ("бегаю по утрам 5 км", None, ("lifestyle", "exercise", "active")),
    ("I go walking with poles twice a week", None, ("lifestyle", "exercise", "active")),
]


@pytest.mark.parametrize(("text", "context"), NOT_LIFESTYLE)
def test_the_word_in_another_sense_is_no_lifestyle(text: str, context: str | None) -> None:
    assert {t for t in triples(understand(text, context)) if t[0] == "lifestyle"} == set()


@pytest.mark.parametrize(("text", "context", "expected"), STILL_LIFESTYLE)
def test_the_habit_is_still_read(text: str, context: str | None, expected: Triple) -> None:
    assert expected in triples(understand(text, context))
