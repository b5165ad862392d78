"""The rules backend on episodic diagnoses and injuries (issue 11, dx21).

An episode dated years back ("pneumonia in 2019", "язва лет десять назад", "去年胃出血住了一次院",
"tore a ligament at 20") is over: resolved, unless its phrase says it goes on ("since", "до сих
пор", "还") or dates a finding that may last ("fatty liver found in 2019", "去年查出脂肪肝").

An illness is over, without its name, when a control test comes back negative or clear ("repeat
swab came back negative", "контрольный тест отрицательный", "已经转阴了"), the stone has passed
("камень вышел", "石头排出来了") or the bone has knit ("кость срослась", "bone has healed"): the
illness discussed last (the fold finds it); a finding that turned negative ("蛋白尿也转阴了") is
over by its own name.

The user's own illness told beside a relative's: "same here", "и у меня", "у меня тоже
давление" (also after a question about the family) is the user's, besides the relative's.

An abnormal blood chemistry named as such is an episodic finding (CONTRACT §2: diagnoses hold
abnormal lab results), as the terminology's other "elevated ..." rows already are: high uric acid
and high triglycerides too.

In an English message about jabs, "the pneumonia one" is the pneumonia jab, as "打了带状疱疹的" and
"привита от кори" already are the vaccines in Chinese and Russian.

Each row is (text, assistant turn before it, the exact set of (section, entity, status) the
message must yield). The sentences are new, written for these kinds, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
LONG_AGO: list[Row] = [
    ("pneumonia in 2019, was in hospital for 5 days", None, {("diagnoses", "pneumonia", "resolved")}),
    ("got covid back in 2022", None, {("diagnoses", "covid-19", "resolved")}),
    ("mumps as a kid", None, {("diagnoses", "mumps", "resolved")}),
    ("meningitis at 8, nothing since", None, {("diagnoses", "meningitis", "resolved")}),
    ("broke my leg skiing at 19", None, {("injuries", "leg fracture", "resolved")}),
    ("пневмония была лет пять назад", None, {("diagnoses", "pneumonia", "resolved")}),
    ("гепатит А в детстве", None, {("diagnoses", "hepatitis a", "resolved")}),
    ("язва желудка лет десять назад", None, {("diagnoses", "peptic ulcer", "resolved")}),
    ("去年得了一次肺炎", None, {("diagnoses", "pneumonia", "resolved")}),
    ("三年前胃溃疡，现在没事", None, {("diagnoses", "peptic ulcer", "resolved")}),
    ("2019年胃出血住了一周院", None, {("diagnoses", "upper gastrointestinal bleeding", "resolved")}),
    ("去年冬天摔断了手腕", None, {("injuries", "wrist fracture", "resolved")}),
    # what goes on, what is recent, and a finding dated when found stay active
    ("pneumonia last week, still coughing", None,
     {("diagnoses", "pneumonia", "active"), ("symptoms", "cough", "active")}),
    ("fatty liver found on a scan in 2019", None, {("diagnoses", "fatty liver disease", "active")}),
    ("гастрит с 2015 года до сих пор беспокоит", None, {("diagnoses", "gastritis", "active")}),
    ("去年查出脂肪肝", None, {("diagnoses", "fatty liver disease", "active")}),
    ("从去年开始一直胃炎", None, {("diagnoses", "gastritis", "active")}),
    ("I've got pneumonia", None, {("diagnoses", "pneumonia", "active")}),
    ("twisted my ankle at 10 this morning", None, {("injuries", "ankle sprain", "active")}),
    ("fell off my bike at 6 tonight and broke my wrist", None, {("injuries", "wrist fracture", "active")}),
]
RECOVERED_BY_TEST: list[Row] = [
    ("repeat swab came back negative", None, {("diagnoses", "^", "resolved")}),
    ("the follow-up x-ray was clear", None, {("diagnoses", "^", "resolved")}),
    ("passed the stone last night, what a relief", None, {("diagnoses", "^", "resolved")}),
    ("cast came off today, the bone has healed", None, {("injuries", "^", "resolved")}),
    ("Эрадикацию закончила, контрольный дыхательный тест отрицательный", None, {("diagnoses", "^", "resolved")}),
    ("повторный мазок чистый", None, {("diagnoses", "^", "resolved")}),
    ("камень вышел сам", None, {("diagnoses", "^", "resolved")}),
    ("гипс сняли, кость срослась", None, {("injuries", "^", "resolved")}),
    ("已经转阴了", None, {("diagnoses", "^", "resolved")}),
    ("复查片子也干净了", None, {("diagnoses", "^", "resolved")}),
    ("石头排出来了，腰也不疼了", None, {("diagnoses", "^", "resolved"), ("symptoms", "low back pain", "resolved")}),
    ("蛋白尿也转阴了", None, {("diagnoses", "proteinuria", "resolved")}),
    # a test of something else, or one that names what it rules out, ends nothing discussed
    ("pregnancy test negative", None, {("diagnoses", "pregnancy", "confirmed_absent")}),
    ("skin test was negative", None, {("allergies", "*", "confirmed_absent")}),
    ("tested negative for covid", None, {("diagnoses", "covid-19", "confirmed_absent")}),
    ("тест на беременность отрицательный", None, {("diagnoses", "pregnancy", "confirmed_absent")}),
]
ME_TOO: list[Row] = [
    ("my brother's got asthma. same here", None,
     {("family_history", "asthma", "active"), ("chronic_conditions", "asthma", "active")}),
    ("dad has gout, same here", None, {("family_history", "gout", "active"), ("chronic_conditions", "gout", "active")}),
    ("у мамы гипертония, и у меня", None,
     {("family_history", "hypertension", "active"), ("chronic_conditions", "hypertension", "active")}),
    ("у отца подагра, и у меня", None,
     {("family_history", "gout", "active"), ("chronic_conditions", "gout", "active")}),
    ("у меня тоже давление с 40 лет", "Были ли в семье сердечно-сосудистые заболевания?",
     {("chronic_conditions", "hypertension", "active")}),
    ("давление у меня тоже", None, {("chronic_conditions", "hypertension", "active")}),
    ("у мамы инсульт был, у меня тоже давление", None,
     {("family_history", "stroke", "active"), ("chronic_conditions", "hypertension", "active")}),
    ("我爸痛风，我也一样", None, {("family_history", "gout", "active"), ("chronic_conditions", "gout", "active")}),
    # a relative's illness alone, or the user's with a reading, stays so
    ("my mum has high blood pressure", None, {("family_history", "hypertension", "active")}),
    ("давление у меня 150 на 90", None, set()),
    ("у отца подагра, и у меня болит колено", None,
     {("family_history", "gout", "active"), ("symptoms", "knee pain", "active")}),
]
LAB_FINDINGS: list[Row] = [
    ("the rheumatologist says my uric acid is high", None, {("diagnoses", "elevated uric acid", "active")}),
    ("bloods showed high triglycerides", None, {("diagnoses", "elevated triglycerides", "active")}),
    ("врач сказал гиперурикемия", None, {("diagnoses", "hyperuricemia", "active")}),
    ("体检查出高尿酸血症", None, {("diagnoses", "hyperuricemia", "active")}),
    ("体检说是高甘油三酯血症", None, {("diagnoses", "hypertriglyceridemia", "active")}),
]
JAB_BY_ITS_DISEASE: list[Row] = [
    ("had my flu jab and the pneumonia one", None,
     {("vaccinations", "influenza vaccine", "historical"), ("vaccinations", "pneumococcal vaccine", "historical")}),
    ("covid booster in may, the shingles one in june", None,
     {("vaccinations", "covid-19 vaccine", "historical"), ("vaccinations", "herpes zoster vaccine", "historical")}),
    ("two hpv shots so far, the hep b ones were at school", None,
     {("vaccinations", "hpv vaccine", "historical"), ("vaccinations", "hepatitis b vaccine", "historical")}),
    ("got the flu one at the pharmacy after my covid jab", None,
     {("vaccinations", "influenza vaccine", "historical"), ("vaccinations", "covid-19 vaccine", "historical")}),
    ("привита от кори в детстве", None, {("vaccinations", "measles vaccine", "historical")}),
    ("去年打了带状疱疹的", None, {("vaccinations", "herpes zoster vaccine", "historical")}),
    # with no jab spoken of, "one" is no vaccine
    ("two chest infections this winter, the pneumonia one was worst", None,
     {("diagnoses", "lower respiratory tract infection", "active"), ("diagnoses", "pneumonia", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), LONG_AGO)
def test_an_episode_of_years_ago_is_over(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), RECOVERED_BY_TEST)
def test_a_clear_control_test_a_passed_stone_a_knit_bone_end_the_illness(
    text: str, context: str | None, expected: set[tuple[str, str, str]]
) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), ME_TOO)
def test_the_users_own_illness_beside_a_relatives(
    text: str, context: str | None, expected: set[tuple[str, str, str]]
) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), LAB_FINDINGS)
def test_abnormal_blood_chemistry_is_a_finding(
    text: str, context: str | None, expected: set[tuple[str, str, str]]
) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), JAB_BY_ITS_DISEASE)
def test_a_jab_named_by_its_disease(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
