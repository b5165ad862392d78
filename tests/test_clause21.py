"""The rules backend on whose complaint it is and where a clause ends (issue 11, clause21).

A plan's scope ends at a comma that opens a complaint ("хочу к врачу, голова болит", "want to see a
dentist, my tooth aches"): the complaint after it is the user's, as a new subject after a comma
opens a clause of its own.

"so do I", "and so am I" after a relative's illness is the user's "me too" (as "и у меня тоже" and
"我也有" are), never a question; "so did I" tells it in the past.

A child named by a colloquial word ("сынишка", "малец", "the little one", "娃", "小家伙") or a pet ("our pup",
"наш пёс", "我家狗狗") is someone else: their complaints are not the user's.

Chinese injury verbs compose with the body part they hurt ("扭到脚", "闪了腰", "切到手", "磕到头"),
as "twisted my ankle" and "подвернула ногу" do.

A "yes" to the assistant's guess ("Could it be gastritis?", "Может, это гастрит?", "会不会是胃炎？")
agrees with an opinion: no diagnosis was made, so no fact.

Each row is (text, assistant turn before it, the exact set of (section, entity, status) the
message must yield). The sentences are new, written for these kinds, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
COMPLAINT_AFTER_PLAN: list[Row] = [
    ("хочу к врачу, голова болит", None, {("symptoms", "headache", "active")}),
    ("хотела бы записаться к неврологу, голова кружится", None, {("symptoms", "dizziness", "active")}),
    ("нужно сходить к лору, горло болит", None, {("symptoms", "sore throat", "active")}),
    ("want to see a dentist, my tooth aches", None, {("symptoms", "toothache", "active")}),
    ("I need to book a GP appointment, my back is killing me", None, {("symptoms", "back pain", "active")}),
    ("planning to see an ENT, throat is sore", None, {("symptoms", "sore throat", "active")}),
    ("想去看看医生，胃疼", None, {("symptoms", "epigastric pain", "active")}),
    ("打算去医院，一直咳嗽", None, {("symptoms", "cough", "active")}),
    ("хочу к врачу, болит голова", None, {("symptoms", "headache", "active")}),
    ("gonna see the doc, got a rash", None, {("symptoms", "rash", "active")}),
    ("want to get an appointment, the cough won't go away", None, {("symptoms", "cough", "active")}),
    # a plan's objects after its comma stay planned
    ("I want to try ibuprofen, paracetamol", None, set()),
    ("хочу бросить курить, пить", None, set()),
]
SO_DO_I: list[Row] = [
    ("my dad has gout. so do I", None,
     {("family_history", "gout", "active"), ("chronic_conditions", "gout", "active")}),
    ("mum's diabetic and so am I", None,
     {("family_history", "diabetes", "active"), ("chronic_conditions", "diabetes", "active")}),
    ("my mother had hypertension and so do I", None,
     {("family_history", "hypertension", "active"), ("chronic_conditions", "hypertension", "active")}),
    ("my brother has asthma, and so have I", None,
     {("family_history", "asthma", "active"), ("chronic_conditions", "asthma", "active")}),
    ("у папы подагра, и у меня тоже", None,
     {("family_history", "gout", "active"), ("chronic_conditions", "gout", "active")}),
    ("爸爸有痛风，我也有", None, {("family_history", "gout", "active"), ("chronic_conditions", "gout", "active")}),
    # a real question after "so do I" asks; another person's "so is my wife" is not the user's
    ("my dad has gout. so do I need to worry?", None, {("family_history", "gout", "active")}),
    ("I'm tired and so is my wife", None, {("symptoms", "fatigue", "active")}),
]
SOMEONE_ELSE: list[Row] = [
    ("у мальца температура", None, set()),
    ("сынишка кашляет", None, set()),
    ("дочурка температурит", None, set()),
    ("младшенький чихает третий день", None, set()),
    ("the little one has a rash", None, set()),
    ("the kiddo has a fever", None, set()),
    ("娃发烧了", None, set()),
    ("小家伙咳嗽", None, set()),
    ("our pup is vomiting", None, set()),
    ("наш пес хромает", None, set()),
    ("我家狗狗拉肚子", None, set()),
    # the user's own beside them, and a pet allergen, stay the user's
    ("у меня мелкая сыпь на руках", None, {("symptoms", "rash", "active")}),
    ("у меня мелкий тремор рук", None, {("symptoms", "tremor", "active")}),
    ("пью бисопролол в малой дозе", None, {("medications", "bisoprolol", "active")}),
    ("I'm allergic to the cat", None, {("allergies", "cat dander", "active")}),
    ("对猫咪过敏", None, {("allergies", "cat dander", "active")}),
    ("had my baby 6 weeks ago by c section", None, {("surgeries", "cesarean section", "historical")}),
]
ZH_INJURIES: list[Row] = [
    ("扭到脚了", None, {("injuries", "ankle sprain", "active")}),
    ("打球扭到脚踝", None, {("injuries", "ankle sprain", "active")}),
    ("昨天搬东西闪到腰了", None, {("injuries", "back strain", "active")}),
    ("闪了腰", None, {("injuries", "back strain", "active")}),
    ("切到手了", None, {("injuries", "hand laceration", "active")}),
    ("做饭时切到手指，流了很多血", None, {("injuries", "finger laceration", "active")}),
    ("磕到头了", None, {("injuries", "head injury", "active")}),
    ("摔伤了膝盖", None, {("injuries", "knee injury", "active")}),
    ("烫到手了", None, {("injuries", "hand burn", "active")}),
    ("眼前闪了一下", None, set()),
]
GUESS_AGREED: list[Row] = [
    ("yes", "Could it be gastritis?", set()),
    ("yes", "Do you think it's a migraine?", set()),
    ("yeah maybe", "Might this be an allergy?", set()),
    ("да", "Может, это гастрит?", set()),
    ("да, наверное", "Как думаете, это аллергия?", set()),
    ("是的", "会不会是胃炎？", set()),
    ("对", "可能是偏头痛吗？", set()),
    ("嗯，很像", "您觉得像是湿疹吗？", set()),
    ("yes", "Is it possible that it's gastritis?", set()),
    ("yes", "Maybe reflux?", set()),
    ("да", "Не гастрит ли это?", set()),
    ("да", "Возможно, это гастрит?", set()),
    ("是的", "有没有可能是胃炎？", set()),
    # a question about the user's history is answered
    ("yes", "Have you been diagnosed with gastritis?", {("diagnoses", "gastritis", "active")}),
    ("да", "У вас гастрит?", {("diagnoses", "gastritis", "active")}),
    ("是的", "您有胃炎吗？", {("diagnoses", "gastritis", "active")}),
    ("yes", "Thanks. Do you maybe have a fever?", {("symptoms", "fever", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), COMPLAINT_AFTER_PLAN)
def test_a_complaint_after_a_plans_comma_is_the_users(
    text: str, context: str | None, expected: set[tuple[str, str, str]]
) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), SO_DO_I)
def test_so_do_i_after_a_relatives_illness_is_the_users_own(
    text: str, context: str | None, expected: set[tuple[str, str, str]]
) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), SOMEONE_ELSE)
def test_a_child_by_a_colloquial_word_or_a_pet_is_someone_else(
    text: str, context: str | None, expected: set[tuple[str, str, str]]
) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), ZH_INJURIES)
def test_a_chinese_injury_verb_composes_with_its_body_part(
    text: str, context: str | None, expected: set[tuple[str, str, str]]
) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), GUESS_AGREED)
def test_a_yes_to_the_assistants_guess_makes_no_diagnosis(
    text: str, context: str | None, expected: set[tuple[str, str, str]]
) -> None:
    assert triples(understand(text, context)) == expected
