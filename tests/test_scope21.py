"""The reach of a denial in the rules backend (issue 11, scope21).

- A negated degree says how much, it denies nothing: "голова не очень болит", "头不太疼", "my
  knee is not very swollen", "my head doesn't hurt very much" say the complaint is mild; "не
  очень, голова кружится" answers how the user feels and leaves the dizziness stated.
- A negated effect is no denial of taking the drug: "нурофен не особо помогает", "ventolin
  doesn't help much", "布洛芬不太管用".
- A negated liking is an attitude: "I don't really like taking pills", "не очень люблю таблетки
  пить", "我不喜欢吃药" deny no medicines.
- A question about a drink that is not alcohol ("Do you drink milk?", "你喝牛奶吗？") is answered
  with no reading of alcohol, even when the reply repeats the verb ("不喝", "не пью").
- A list of section-wide denials ("no allergies, no meds") denies each section; bare answers in a
  row ("no and no") answer the turn's questions in order; a denied verb ("never smoked") does not
  reach a habit told with its manner after the comma ("..., drink socially").

Each row is (text, assistant turn before it, the exact set of (section, entity, status) the
message must yield). The sentences are new, written for these kinds, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
DENIED_DEGREE: list[Row] = [
    ("голова не очень болит", None, {("symptoms", "headache", "active")}),
    ("горло не особо болит", None, {("symptoms", "sore throat", "active")}),
    ("не очень, голова кружится", "Как самочувствие?", {("symptoms", "dizziness", "active")}),
    ("не особо, спина болит", "Как дела?", {("symptoms", "back pain", "active")}),
    ("не очень, тошнит с утра", "Как вы себя чувствуете?", {("symptoms", "nausea", "active")}),
    ("头不太疼", None, {("symptoms", "headache", "active")}),
    # with the change-of-state 了 the complaint is over, as the dev labels read "现在不太痒了"
    ("肚子不太疼了", None, {("symptoms", "abdominal pain", "resolved")}),
    ("不太好，头晕", "感觉怎么样？", {("symptoms", "dizziness", "active")}),
    ("my head doesn't hurt very much", None, {("symptoms", "headache", "active")}),
    ("my knee is not very swollen", None, {("symptoms", "knee swelling", "active")}),
    ("my cough is not too bad", None, {("symptoms", "cough", "active")}),
    ("кашель не очень сильный", None, {("symptoms", "cough", "active")}),
    ("咳嗽不太厉害", None, {("symptoms", "cough", "active")}),
]

DENIED_EFFECT: list[Row] = [
    ("нурофен не особо помогает", None, {("medications", "ibuprofen", "active")}),
    ("капли не очень помогают, нос заложен", None, {("symptoms", "nasal congestion", "active")}),
    ("ventolin doesn't help much", None, {("medications", "salbutamol", "active")}),
    ("布洛芬不太管用", None, {("medications", "ibuprofen", "active")}),
    ("布洛芬没什么效果", None, {("medications", "ibuprofen", "active")}),
    ("panadol doesn't do much for my back", None, {("medications", "paracetamol", "active")}),
    ("омепразол не особо помогает от изжоги", None,
     {("medications", "omeprazole", "active"), ("symptoms", "heartburn", "active")}),
]

DENIED_LIKING: list[Row] = [
    ("не очень люблю таблетки пить", None, set()),
    ("I don't really like taking pills", None, set()),
    ("I hate taking tablets", None, set()),
    ("我不喜欢吃药", None, set()),
    ("不太喜欢吃西药", None, set()),
    ("我不爱吃药", None, set()),
    ("не люблю лекарства, стараюсь без них", None, set()),
    ("I'm not a fan of pills", None, set()),
]

OTHER_DRINK: list[Row] = [
    ("not really", "Do you drink milk?", set()),
    ("I don't drink it", "Do you drink coffee?", set()),
    ("не особо", "Пьёте молоко?", set()),
    ("не пью", "Пьёте молоко?", set()),
    ("нет, не пью", "Кофе пьёте?", set()),
    ("不太喝", "你喝牛奶吗？", set()),
    ("不喝", "平时喝咖啡吗？", set()),
    # the habit itself asked of is still denied
    ("不喝", "喝酒吗？", {("lifestyle", "alcohol", "confirmed_absent")}),
    ("no", "Do you drink?", {("lifestyle", "alcohol", "confirmed_absent")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), DENIED_DEGREE + DENIED_EFFECT + DENIED_LIKING + OTHER_DRINK)
def test_reach_of_a_denial(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected


# fmt: off
SECTION_DENIALS: list[Row] = [
    ("no allergies, no meds", None,
     {("allergies", "*", "confirmed_absent"), ("medications", "*", "confirmed_absent")}),
    ("no allergies, no regular medications", None,
     {("allergies", "*", "confirmed_absent"), ("medications", "*", "confirmed_absent")}),
    ("nope, no allergies and no medications", "Anything else I should know?",
     {("allergies", "*", "confirmed_absent"), ("medications", "*", "confirmed_absent")}),
    ("аллергии нет, лекарства не принимаю", None,
     {("allergies", "*", "confirmed_absent"), ("medications", "*", "confirmed_absent")}),
    ("аллергий нет, лекарств не пью", None,
     {("allergies", "*", "confirmed_absent"), ("medications", "*", "confirmed_absent")}),
    ("没有过敏，也不吃药", None,
     {("allergies", "*", "confirmed_absent"), ("medications", "*", "confirmed_absent")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), SECTION_DENIALS)
def test_each_section_denied_on_its_own(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    """A list of section-wide denials denies each section; the allergy of the first never takes in the medicines."""
    assert triples(understand(text, context)) == expected


_ALLERGY_AND_MEDS = "Any allergies? And are you taking any medications?"
# fmt: off
IN_ORDER: list[Row] = [
    ("no and no", _ALLERGY_AND_MEDS,
     {("allergies", "*", "confirmed_absent"), ("medications", "*", "confirmed_absent")}),
    ("no, yes", "Any allergies? Are you taking any medications?", {("allergies", "*", "confirmed_absent")}),
    ("yes, no", "Do you smoke? Do you drink alcohol?",
     {("lifestyle", "smoking", "active"), ("lifestyle", "alcohol", "confirmed_absent")}),
    ("нет и нет", "Есть аллергия? И принимаете ли какие-то лекарства?",
     {("allergies", "*", "confirmed_absent"), ("medications", "*", "confirmed_absent")}),
    ("нет, да", "Курите? Алкоголь употребляете?",
     {("lifestyle", "smoking", "confirmed_absent"), ("lifestyle", "alcohol", "active")}),
    ("没有，没有", "有过敏吗？平时吃什么药吗？",
     {("allergies", "*", "confirmed_absent"), ("medications", "*", "confirmed_absent")}),
    ("没有，有", "抽烟吗？喝酒吗？",
     {("lifestyle", "smoking", "confirmed_absent"), ("lifestyle", "alcohol", "active")}),
    # one bare answer to several questions keeps its old reading: the last question's
    ("no", _ALLERGY_AND_MEDS, {("medications", "*", "confirmed_absent")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), IN_ORDER)
def test_bare_answers_in_order(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    """As many bare answers as the turn has questions answer them one by one, in order."""
    assert triples(understand(text, context)) == expected


# fmt: off
VERB_DENIAL_THEN_HABIT: list[Row] = [
    ("never smoked, drink socially", None,
     {("lifestyle", "smoking", "confirmed_absent"), ("lifestyle", "alcohol", "active")}),
    ("don't smoke, social drinker", None,
     {("lifestyle", "smoking", "confirmed_absent"), ("lifestyle", "alcohol", "active")}),
    ("never smoked, binge drink sometimes", None,
     {("lifestyle", "smoking", "confirmed_absent"), ("lifestyle", "alcohol", "active")}),
    ("не курю, выпиваю по праздникам", None,
     {("lifestyle", "smoking", "confirmed_absent"), ("lifestyle", "alcohol", "active")}),
    ("从不抽烟，偶尔喝酒", None,
     {("lifestyle", "smoking", "confirmed_absent"), ("lifestyle", "alcohol", "active")}),
    # a bare item after the comma is still under the denial
    ("I don't drink, smoke", None,
     {("lifestyle", "smoking", "confirmed_absent"), ("lifestyle", "alcohol", "confirmed_absent")}),
    ("no fever, cough or chills", None,
     {("symptoms", "fever", "confirmed_absent"), ("symptoms", "cough", "confirmed_absent"),
      ("symptoms", "chills", "confirmed_absent")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), VERB_DENIAL_THEN_HABIT)
def test_verb_denial_stops_at_its_comma(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    """A denied verb ("never smoked") does not reach a habit told with its manner after the comma."""
    assert triples(understand(text, context)) == expected
