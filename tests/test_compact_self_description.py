"""Compact self-descriptions of the writer (issue 11): age and sex said in passing.

- an age opening a sentence as an item of its own ("44, builder", "alright. 55, taxi driver"),
  "мне 48, ..."; a number answering a question about a reading or a count is no age;
- the word a writer calls themself by ("bloke", "老太太我...", "老头一个");
- a sex-age pair after a colon that announces it ("health check results: M, 47").

The sentences are written for these tests, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import understand


def _value(text: str, entity: str, context: str | None = None) -> str | None:
    events = understand(text, context).events
    return next((e.get("value") for e in events if e["section"] == "demographics" and e["entity"] == entity), None)


# fmt: off
AGES: list[tuple[str, str | None, str]] = [
    ("morning. 52, plumber, my knee has been giving way on the stairs", "Morning, how can I help?", "52"),
    ("ok. 37, teacher. asthma since school, on a blue inhaler", "Hi, what can I help with?", "37"),
    ("rough week again. 63, retired, type 2 diabetic", None, "63"),
    ("добрый день. мне 52, вроде давление скачет", None, "52"),
    ("мне 45, кажется аллергия на кошку", None, "45"),
]
NO_AGE: list[tuple[str, str | None]] = [
    ("76, regular", "Pulse?"),
    ("64, fairly steady these days", "What's your resting heart rate?"),
    ("20, sometimes more at weekends", "How many do you smoke a day?"),
    ("58, above target", "What was your last HbA1c?"),
    ("мне 30 минут до поликлиники ехать", None),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "age"), AGES)
def test_an_age_opening_a_sentence_as_an_item_is_the_writers(text: str, context: str | None, age: str) -> None:
    assert _value(text, "age", context) == age


@pytest.mark.parametrize(("text", "context"), NO_AGE)
def test_a_number_answering_a_question_or_counting_is_no_age(text: str, context: str | None) -> None:
    assert _value(text, "age", context) is None


@pytest.mark.parametrize(
    ("text", "sex"),
    [
        ("hi, 58 yr old bloke, electrician", "male"),
        ("老太太我今年八十了，腿脚不好", "female"),
        ("我81了，老头一个，血压高", "male"),
    ],
)
def test_a_word_the_writer_calls_themself_by_is_their_sex(text: str, sex: str) -> None:
    assert _value(text, "sex") == sex


@pytest.mark.parametrize(
    ("text", "sex", "age"),
    [
        ("work health check results: M, 47, 1.80m, 96 kg", "male", "47"),
        ("итоги диспансеризации: ж, 52, давление 130 на 85", "female", "52"),
        ("体检结果：女，38，血脂偏高", "female", "38"),
    ],
)
def test_a_sex_age_pair_after_a_colon_is_the_writers(text: str, sex: str, age: str) -> None:
    assert (_value(text, "sex"), _value(text, "age")) == (sex, age)
