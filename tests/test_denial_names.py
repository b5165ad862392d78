"""A denial takes the name of what the talk is about, in English, Russian and Chinese.

- a bare weakness denied of the limbs (in the reply or the question) is ``muscle weakness``
  (CONVENTIONS), a weakness with no limb stays ``weakness``;
- a bare cancer denied after a biopsy the message names by its organ, or after a question that
  names the organ and asks nothing else ("Сдавали ПСА?"), is that organ's cancer;
- a pregnancy denied in words or by a negative test is ``pregnancy`` ``confirmed_absent``, but
  not in a question, a hypothetical, of someone else, or once it has ended;
- chat's "did a test, ..." with the "I" left out is a statement, not a question.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

ABSENT = "confirmed_absent"


@pytest.mark.parametrize(
    ("text", "context", "lang"),
    [
        ("bit of tingling in my toes, no weakness", "Any numbness or weakness in the leg?", "en"),
        ("no numbness, legs arent weak. just hurts", "Any numbness?", "en"),
        ("no weakness in my arms", None, "en"),
        ("слабости нет, с туалетом все ок", "Есть ли онемение или слабость в ногах?", "ru"),
        ("нога немеет немного, слабости нет", None, "ru"),
        ("没有无力", "腿有没有麻木或者无力？", "zh"),
    ],
)
def test_weakness_denied_of_the_limbs_is_muscle_weakness(text: str, context: str | None, lang: str) -> None:
    got = triples(understand(text, context, lang))
    assert ("symptoms", "muscle weakness", ABSENT) in got
    assert ("symptoms", "weakness", ABSENT) not in got


@pytest.mark.parametrize(
    ("text", "context", "lang"),
    [
        ("no weakness, just tired", "Any fever or weakness?", "en"),
        ("слабости нет", "Есть температура или слабость?", "ru"),
        ("不乏力", "有没有发烧、乏力？", "zh"),
    ],
)
def test_weakness_with_no_limb_stays_weakness(text: str, context: str | None, lang: str) -> None:
    got = triples(understand(text, context, lang))
    assert ("symptoms", "muscle weakness", ABSENT) not in got


@pytest.mark.parametrize(
    ("text", "context", "lang"),
    [
        ("biopsy clear, no cancer thank god", "Have you had a PSA test?", "en"),
        ("биопсию сделали, рака нет, слава богу", "Сдавали ПСА?", "ru"),
        ("уролог взял биопсию, рака нет. у отца был рак простаты", "Дообследование проводили?", "ru"),
        ("上礼拜做了穿刺 今天出结果了 不是癌", "好的。最近有没有查过PSA？", "zh"),
    ],
)
def test_cancer_denied_after_an_organs_biopsy_is_that_organs(text: str, context: str, lang: str) -> None:
    got = triples(understand(text, context, lang))
    assert ("diagnoses", "prostate cancer", ABSENT) in got
    assert not any(entity == "cancer" for _, entity, _ in got)


@pytest.mark.parametrize(
    ("text", "context", "lang"),
    [
        ("yes, 5.2", "Have you had a PSA test?", "en"),
        ("да, 5,2", "Сдавали ПСА?", "ru"),
    ],
)
def test_a_question_read_for_its_site_asks_nothing_else(text: str, context: str, lang: str) -> None:
    got = triples(understand(text, context, lang))
    assert not any(status == ABSENT for _, _, status in got)


@pytest.mark.parametrize(
    ("text", "context", "lang"),
    [
        ("no not pregnant", "Are you pregnant or breastfeeding?", "en"),
        ("no blood. did a test, not pregnant", "Could you be pregnant?", "en"),
        ("i'm not pregnant", None, "en"),
        ("pregnancy test was negative", None, "en"),
        ("тест на беременность отрицательный", None, "ru"),
        ("беременности нет", None, "ru"),
        ("测了没怀。", "有没有测过怀孕？", "zh"),
        ("没有怀孕", None, "zh"),
        ("验孕棒一条杠", None, "zh"),
    ],
)
def test_pregnancy_denied(text: str, context: str | None, lang: str) -> None:
    assert ("diagnoses", "pregnancy", ABSENT) in triples(understand(text, context, lang))


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("what if i'm not pregnant?", "en"),
        ("my wife isn't pregnant", "en"),
        ("not pregnant anymore, had the baby in may", "en"),
        ("если я не беременна, можно?", "ru"),
        ("如果没怀孕可以吃吗？", "zh"),
        ("我老婆没怀孕", "zh"),
        ("我没怀疑过", "zh"),
    ],
)
def test_no_pregnancy_denial_asked_supposed_or_of_another(text: str, lang: str) -> None:
    assert ("diagnoses", "pregnancy", ABSENT) not in triples(understand(text, None, lang))


@pytest.mark.parametrize(
    ("text", "context"),
    [
        ("没过敏 也没吃什么药", "有药物过敏吗？平时吃什么药？"),
        ("平时啥药都不吃，也没过敏", "平时吃什么药吗？有过敏吗？"),
    ],
)
def test_zh_taking_verb_around_the_medicines_denies_medicines_not_allergies(text: str, context: str) -> None:
    got = triples(understand(text, context, "zh"))
    assert {("medications", "*", ABSENT), ("allergies", "*", ABSENT)} <= got


def test_zh_medicines_denied_without_a_taking_verb_under_an_allergy_question_stay_allergies() -> None:
    got = triples(understand("没有，药也没有", "有过敏吗？", "zh"))
    assert ("medications", "*", ABSENT) not in got


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("I can't be sure I'm not pregnant", "en"),
        ("не знаю, может не беременна, тест не делала", "ru"),
        ("我们暂时没有怀孕的打算", "zh"),
        ("不知道有没有怀孕", "zh"),
    ],
)
def test_a_doubt_or_a_plan_denies_no_pregnancy(text: str, lang: str) -> None:
    assert not any(e == "pregnancy" for _, e, _ in triples(understand(text, None, lang)))
