"""Age, sex and weight told the compact ways patients write them.

- a sex-age pair set off by a comma inside a sentence ("retired teacher, 71M", "大夫好，女，38"), and
  with "yr old" spelled short ("58 yr old female");
- words a patient calls themself by as an item of their own ("мне 31, девушка.", "42, мужик.",
  "19岁女生"), never when the word goes on as a subject ("мне 30, парень говорит...");
- a comma of a list before a diabetes type is no decimal comma ("男，57，2型糖尿病");
- Russian years as an item of their own ("70 лет.", "ИБС, 68 лет, ...", "47 мне"), never a duration
  ("астма уже 15 лет"); Chinese "N了" opening a reply and "我自己也N了";
- a bare age answer skips counts and times ("cough 2 weeks. 44" is 44) and takes the number opening
  a reply that also gives the weight ("29, вешу 60");
- the weight a change ends at ("lost 5 kilos, 88 now", "скинула до 67", "набрал, 92 уже"), and
  pounds in whole kilograms.

Each row is (message, the assistant's question before it, the demographics values it must give). The
sentences are new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import understand

# fmt: off
ROWS: list[tuple[str, str | None, dict[str, str]]] = [
    ("retired teacher, 71M. knees are killing me", None, {"age": "71", "sex": "male"}),
    ("58 yr old female, on amlodipine", None, {"age": "58", "sex": "female"}),
    ("大夫好，女，38，最近老失眠", None, {"age": "38", "sex": "female"}),
    ("男，57，2型糖尿病十年了", None, {"age": "57", "sex": "male"}),
    ("我没事 男 40 就是有点咳", None, {"age": "40", "sex": "male"}),
    ("19岁女生，月经不规律", None, {"age": "19", "sex": "female"}),
    ("мне 31, девушка. голова болит часто", None, {"age": "31", "sex": "female"}),
    ("42, мужик. давление скачет", None, {"age": "42", "sex": "male"}),
    ("70 лет. гипертония давно", None, {"age": "70"}),
    ("ИБС, 68 лет, пью кардиомагнил", None, {"age": "68"}),
    ("колено болит уже месяц. 47 мне", None, {"age": "47"}),
    ("61了，最近血压高", None, {"age": "61"}),
    ("我自己也60了，要不要查骨密度？", None, {"age": "60"}),
    ("cough 2 weeks now. 44", "What's the problem, and how old are you?", {"age": "44"}),
    ("29, вешу 60", "Сколько вам лет и какой вес?", {"age": "29", "weight_kg": "60"}),
    ("52. прививку от гриппа делала 2 раза", "Сколько вам лет?", {"age": "52"}),
    ("lost 5 kilos, 88 now", None, {"weight_kg": "88"}),
    ("lost 9 kilos since sept, 109 now!", None, {"weight_kg": "109"}),
    ("lost 5 kg in 3 weeks, 90 now", None, {"weight_kg": "90"}),
    ("скинула до 67", "Вес изменился?", {"weight_kg": "67"}),
    ("набрал, 92 уже", None, {"weight_kg": "92"}),
    ("I weigh 150 lbs", None, {"weight_kg": "68"}),
]

# the everyday word goes on as the subject of a clause: a boyfriend, no sex of the writer
NO_SEX: list[tuple[str, str | None]] = [
    ("мне 30, парень говорит что я много работаю", None),
]

# a duration is no age
NO_AGE: list[tuple[str, str | None]] = [
    ("астма уже 15 лет, пользуюсь беротеком", None),
    ("диабет 2 типа, на метформине 12 лет", None),
]
# fmt: on


def _values(text: str, context: str | None) -> dict[str, str]:
    return {e["entity"]: e["value"] for e in understand(text, context).events if e["section"] == "demographics"}


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_compact_forms_give_the_values(text: str, context: str | None, expected: dict[str, str]) -> None:
    got = _values(text, context)
    assert {k: got.get(k) for k in expected} == expected


@pytest.mark.parametrize(("text", "context"), NO_SEX)
def test_an_everyday_word_going_on_as_a_subject_gives_no_sex(text: str, context: str | None) -> None:
    assert "sex" not in _values(text, context)


@pytest.mark.parametrize(("text", "context"), NO_AGE)
def test_a_duration_is_no_age(text: str, context: str | None) -> None:
    assert "age" not in _values(text, context)
