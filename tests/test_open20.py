"""The patient's own words (issue 11, session 15): complaints told in words no row listed, or
listed under another concept than the one the labels name.

- **What stopped, and for how long**: a period missed for months is amenorrhea ("两个月没来月经",
  "no period for 3 months", "месячных нет уже три месяца"); a period late this month is delayed menstruation, and
  neither is the end of periods in the menopause. The count is a place in the data's form
  (``{N}``, :mod:`anamnesis.terminology.counts`).
- **A body part with how it feels**: "my stomach's been off" is abdominal discomfort (the body
  part alone composed "off" as a pain that ended); what gets the patient up at night to pee is
  nocturia however many times; a bitter or metallic mouth, hair coming out by the handful.
- **The labels' granularity**: 鼻炎 as patients say it is allergic rhinitis (a chronic or
  vasomotor rhinitis keeps its name), 惊恐障碍 is panic disorder, not anxiety disorder, "sick in
  the mornings" is nausea (morning sickness is the pregnancy's), 潮热出汗 is the hot flashes, not a
  sweating beside them.

Each row is (text, assistant turn before it or None, the exact set of (section, entity, status)
the message must yield). The sentences are new, written for these kinds, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from anamnesis.terminology.counts import count_forms
from tests.test_rules_backend import Row, probe_lang, triples, understand

# fmt: off
MISSED_FOR_MONTHS: list[Row] = [
    ("月经已经三个月没来了", None, {("symptoms", "amenorrhea", "active")}),
    ("已经两个月没来大姨妈了", "您好，哪里不舒服？", {("symptoms", "amenorrhea", "active")}),
    ("例假4个月没来，也没怀孕", None,
     {("symptoms", "amenorrhea", "active"), ("diagnoses", "pregnancy", "confirmed_absent")}),
    ("I haven't had a period in 4 months", None, {("symptoms", "amenorrhea", "active")}),
    ("no period for a couple of months now", "How can I help?", {("symptoms", "amenorrhea", "active")}),
    ("месячных нет уже три месяца", None, {("symptoms", "amenorrhea", "active")}),
    ("у меня не было месячных 2 месяца", None, {("symptoms", "amenorrhea", "active")}),
    # late this month is no amenorrhea, and the menopause is not either
    ("这个月月经还没来", None, {("symptoms", "delayed menstruation", "active")}),
    ("месячных нет уже год, климакс", None, {("diagnoses", "menopause", "active")}),
    ("绝经两年了", None, {("diagnoses", "menopause", "active")}),
]

PART_AND_FEELING: list[Row] = [
    ("my stomach's been off all week", "How can I help?", {("symptoms", "abdominal discomfort", "active")}),
    ("tummy has been a bit funny lately", None, {("symptoms", "abdominal discomfort", "active")}),
    ("stomach feels a bit off today", None, {("symptoms", "abdominal discomfort", "active")}),
    ("getting up twice a night to wee lately", None, {("symptoms", "nocturia", "active")}),
    ("lately I have to get up in the night to the loo", None, {("symptoms", "nocturia", "active")}),
    ("up 3 or 4 times a night to pee", "Anything else?", {("symptoms", "nocturia", "active")}),
    ("в последнее время во рту горечь", None, {("symptoms", "dysgeusia", "active")}),
    ("my mouth tastes of metal", None, {("symptoms", "dysgeusia", "active")}),
    ("最近嘴巴发苦", None, {("symptoms", "dysgeusia", "active")}),
    ("头发一把一把地掉", "这次想咨询什么？", {("symptoms", "hair loss", "active")}),
    ("волосы сильно выпадают", None, {("symptoms", "hair loss", "active")}),
    ("my hair is coming out in clumps", None, {("symptoms", "hair loss", "active")}),
    # a part that is fine says nothing new
    ("I don't get up at night to pee", None, {("symptoms", "nocturia", "confirmed_absent")}),
]

LABELS_GRANULARITY: list[Row] = [
    ("我有鼻炎，一到秋天就鼻塞", None,
     {("chronic_conditions", "allergic rhinitis", "active"), ("symptoms", "nasal congestion", "active")}),
    ("鼻炎又犯了", None, {("chronic_conditions", "allergic rhinitis", "active")}),
    ("慢性鼻炎十几年了", None, {("chronic_conditions", "rhinitis", "active")}),
    ("医生说我是惊恐障碍", None, {("chronic_conditions", "panic disorder", "active")}),
    ("惊恐症好几年了", None, {("chronic_conditions", "panic disorder", "active")}),
    ("bit sick in the mornings lately", None, {("symptoms", "nausea", "active")}),
    ("10 weeks pregnant and the morning sickness is awful", None,
     {("diagnoses", "pregnancy", "active"), ("symptoms", "morning sickness", "active")}),
    ("更年期了，潮热出汗好几个月了", None,
     {("diagnoses", "menopause", "active"), ("symptoms", "hot flashes", "active")}),
    ("潮热出汗都好了", None, {("symptoms", "hot flashes", "resolved")}),
    ("医生说是后遗神经痛", None, {("diagnoses", "postherpetic neuralgia", "active")}),
    ("got my second hpv jab today", None, {("vaccinations", "hpv vaccine", "historical")}),
    # pressure in the face or under the eyes is the facial pain the labels name, the sinuses' own pressure stays
    ("face pressure and a blocked nose for a week", None,
     {("symptoms", "facial pain", "active"), ("symptoms", "nasal congestion", "active")}),
    ("скулы ломит третий день", None, {("symptoms", "facial pain", "active")}),
    ("пазухи болят", None, {("symptoms", "sinus pressure", "active")}),
    # legs that ache are aching muscles, legs that hurt a leg pain, calves that ache on walking claudication
    ("my legs ache since starting the statin", None, {("symptoms", "muscle pain", "active")}),
    ("thighs and calves aching all the time", None, {("symptoms", "muscle pain", "active")}),
    ("legs and shoulders ache most days", None, {("symptoms", "muscle pain", "active")}),
    ("my left leg hurts", None, {("symptoms", "leg pain", "active")}),
    ("calves ache when walking", None, {("symptoms", "intermittent claudication", "active")}),
]

#: a fever by its number after a shortened word; a normal temperature is none
FEVER_BY_NUMBER: list[Row] = [
    ("темп 37,5 второй день", "Что беспокоит?", {("symptoms", "fever", "active")}),
    ("т 38,2 с утра", None, {("symptoms", "fever", "active")}),
    ("temp 38.5 since last night", "How can I help?", {("symptoms", "fever", "active")}),
    ("量了体温38度5", None, {("symptoms", "fever", "active")}),
    ("темп 36,6, всё хорошо", None, set()),
    ("temp 36.8 this morning", None, set()),
    ("体温正常36.5", None, set()),
]

#: an age in Chinese numerals without 岁, a height as "1米58", a sex word with the age glued to it;
#: "жен" opening a profile is the sex, not "of wives"; a bare height answering a question about it,
#: an age beside a diabetes type, a British weight in stones and pounds
PROFILE: list[tuple[str, str | None, dict[str, str]]] = [
    ("我今年七十三了", None, {"age": "73"}),
    ("今年六十五了，血压有点高", None, {"age": "65"}),
    ("女27，多囊", None, {"sex": "female", "age": "27"}),
    ("男45岁，高血压", None, {"sex": "male", "age": "45"}),
    ("1米7，150斤", None, {"height_cm": "170", "weight_kg": "75"}),
    ("1米58，体重52公斤", None, {"height_cm": "158", "weight_kg": "52"}),
    ("жен, 41 год, рост 160, вес 70", None, {"sex": "female", "age": "41", "height_cm": "160", "weight_kg": "70"}),
    ("180, 92 кг", "Ваш рост и вес?", {"height_cm": "180", "weight_kg": "92"}),
    ("1,58 и 60 кило", "Какой у вас рост и вес?", {"height_cm": "158", "weight_kg": "60"}),
    ("64, диабет 2 типа", "Сколько вам лет?", {"age": "64"}),
    ("I'm 5'9 and 12 stone", None, {"height_cm": "175", "weight_kg": "76"}),
    ("down 2 stone since January, 14st 2lb now", None, {"weight_kg": "90"}),
    ("F, 38, 10 st 3", None, {"sex": "female", "age": "38", "weight_kg": "65"}),
    # someone else's age, a date this year, a dose and a length in metres are no profile of the user
    ("我爸今年七十三了", None, {}),
    ("他今年五十了", None, {}),
    ("今年三月开始咳嗽", None, {}),
    ("每天走路1米都费劲", None, {}),
    ("по 2 таблетки 150 мг", "Какой у вас рост?", {}),
    ("came 1st in the 5k on saturday", None, {}),
]

#: a cut or a burn in everyday words, of the part it names (a finger named with its hand is the finger);
#: Russian burns are left as they were: "обожгла руку" would be an arm's, where the labels say a hand's
INJURY_WORDS: list[Row] = [
    ("切菜把右手中指切了个口子", None, {("injuries", "finger laceration", "active")}),
    ("干活的时候胳膊被铁皮划了一道口子", None, {("injuries", "arm laceration", "active")}),
    ("倒开水把手烫了", None, {("injuries", "hand burn", "active")}),
    ("I sliced my thumb open on a tin can", None, {("injuries", "finger laceration", "active")}),
    ("рассёк палец ножом", None, {("injuries", "finger laceration", "active")}),
    # someone else's cut is not the user's
    ("他手指划破了", None, set()),
]
# fmt: on



@pytest.mark.parametrize(("text", "context", "expected"), [*MISSED_FOR_MONTHS, *PART_AND_FEELING, *LABELS_GRANULARITY, *INJURY_WORDS, *FEVER_BY_NUMBER])
def test_open20(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, probe_lang(text))) == expected


@pytest.mark.parametrize(("text", "context", "expected"), PROFILE)
def test_profile(text: str, context: str | None, expected: dict[str, str]) -> None:
    events = understand(text, context, probe_lang(text)).events
    assert {e["entity"]: e.get("value") for e in events if e["section"] == "demographics"} == expected


def test_count_forms_fill_the_script_of_the_form() -> None:
    assert "两个月没来月经" in count_forms("{N}个月没来月经")
    assert "一个月没来月经" not in count_forms("{N}个月没来月经")  # a month late is late, not absent
    assert "no period for 3 months" in count_forms("no period for {N} months")
    assert "=месячных нет три месяца" in count_forms("=месячных нет {N} месяца")
    assert count_forms("没来月经") == []
    with pytest.raises(ValueError, match="one"):
        count_forms("{N}天{N}次")
