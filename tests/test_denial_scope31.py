"""Denials and their scope, thirty-first round (issue 11): what a "no" governs in fresh chat.

- **An abbreviation's full stop does not end the question** ("Any allergies, e.g. to hair dye or
  nickel?", "i.e.", "напр.", "т.е."): cut there, the reply was read against the bare list, the
  allergen it named was no allergy, and "nothing else" then denied it (an allergy erased).
- **"no." before a number is "number"** ("gout flare no.3 this year"): it counts the flare, it
  denies nothing; "no gout flares" still denies.
- **No medicine "for now" is the doctor's plan** ("no meds for now", "пока без таблеток"): no
  denial of the medications section, which would stop every drug. (Chinese "先不吃药" is not read so:
  "先不吃药了" to "你还在吃降压药吗？" is the user's stop, ``test_safety_review31``.)
- **A question about a kind of medicine** ("hormonal contraception", "гормональные
  контрацептивы", "避孕药") answered "no" / "not on anything like that" / "不吃那类药" denies that
  kind, never the whole section (the sumatriptan told before stays taken).
- **A habit denied for one occasion** ("played 5 a side tonight, no drink", "сегодня вечером не
  пил", "今晚没喝酒") says nothing of the habit: no fact. Undated ("i dont drink") or dated in
  another phrase ("я не курю, сегодня был у врача") it is still denied; an ending ("quit smoking
  yesterday") still stops.
- **The user's inference from a history just told** ("gallbladder out for gallstones so its not
  that", "так что не это", "所以不是这个") rules out a cause of today's complaint; it denies nothing
  of the history (the gallstones are over, not absent).
"""

from __future__ import annotations

import pytest

from anamnesis.understanding.rules.segment import sentences
from tests.test_rules_backend import folded, triples, understand

EG_ALLERGY_EN = "Sorry to hear that. Any allergies, e.g. to hair dye chemicals or nickel?"
EG_ALLERGY_RU = "Есть аллергия, напр. на никель или краску для волос?"


@pytest.mark.parametrize(
    ("text", "split"),
    [
        ("any allergies, e.g. to nickel? ok.", ["any allergies, e.g. to nickel?", " ok."]),
        ("i.e. this one. then that", ["i.e. this one.", " then that"]),
        ("напр. на никель? т.е. нет. да", ["напр. на никель?", " т.е. нет.", " да"]),
        ("take vitamin e. it helps", ["take vitamin e.", " it helps"]),  # a letter's stop still ends
        ("the leg. ok", ["the leg.", " ok"]),
    ],
)
def test_abbreviations_do_not_end_a_sentence(text: str, split: list[str]) -> None:
    assert [text[a:b] for a, b, _ in sentences(text)] == split


@pytest.mark.parametrize(
    ("text", "context", "expected"),
    [
        (
            "nickel yes, cheap earrings make my ears go red. nothing else",
            EG_ALLERGY_EN,
            {("allergies", "nickel", "active")},
        ),
        ("nickel, nothing else", EG_ALLERGY_EN, {("allergies", "nickel", "active")}),
        ("latex yes", "Any allergies, i.e. to penicillin or latex?", {("allergies", "latex", "active")}),
        ("на никель да, больше ничего", EG_ALLERGY_RU, {("allergies", "nickel", "active")}),
        ("镍有，别的没有", "有过敏吗，比如染发剂或者镍？", {("allergies", "nickel", "active")}),
        # a bare "no" to examples of the section still denies the section
        ("no", "Any allergies, e.g. to penicillin or latex?", {("allergies", "*", "confirmed_absent")}),
    ],
)
def test_allergen_named_after_examples_is_an_allergy(text: str, context: str, expected: set) -> None:
    assert triples(understand(text, context)) == expected


def test_nothing_else_keeps_the_allergy_told_before() -> None:
    state = folded(("nickel yes, cheap earrings make my ears go red. nothing else", EG_ALLERGY_EN), lang="en")
    assert state[("allergies", "nickel")] == "active"
    assert ("allergies", "*") not in state


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("gout flare no.3 this year", ("chronic_conditions", "gout", "active")),
        ("migraine no. 2 this week, took sumatriptan", ("chronic_conditions", "migraine", "active")),
        ("no gout flares this year", ("chronic_conditions", "gout", "confirmed_absent")),
    ],
)
def test_number_sign_is_no_denial(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in triples(understand(text))


@pytest.mark.parametrize(
    "text",
    [
        "gp says borderline, no meds for now",
        "терапевт сказала начальная гипертония, пока без таблеток",
    ],
)
def test_no_medicine_for_now_denies_no_medicines(text: str) -> None:
    assert not any(s == "medications" for s, _, _ in triples(understand(text)))


def test_not_taking_medicine_now_still_denies() -> None:
    assert ("medications", "*", "confirmed_absent") in triples(understand("我现在不吃药"))


@pytest.mark.parametrize(
    ("text", "context", "kind"),
    [
        ("no, not on anything like that", "Are you on any hormonal contraception?", "hormonal contraceptive"),
        ("no", "Are you on any hormonal contraception?", "hormonal contraceptive"),
        ("нет, ничего такого не принимаю", "Принимаете гормональные контрацептивы?", "hormonal contraceptive"),
        ("没有，不吃那类药", "你在吃避孕药吗？", "oral contraceptive"),
    ],
)
def test_no_to_a_kind_of_medicine_denies_that_kind(text: str, context: str, kind: str) -> None:
    assert triples(understand(text, context)) == {("medications", kind, "confirmed_absent")}


def test_no_to_a_kind_keeps_the_drugs_told_before() -> None:
    state = folded(
        ("i take sumatriptan 50mg when a migraine starts", None),
        ("no, not on anything like that", "Are you on any hormonal contraception?"),
        lang="en",
    )
    assert state[("medications", "sumatriptan")] == "active"
    assert ("medications", "*") not in state


@pytest.mark.parametrize(
    "text",
    [
        "played 5 a side tonight, no drink",
        "had a quiet night in, no alcohol tonight",
        "сегодня вечером не пил, был за рулём",
        "今晚没喝酒，开车了",
    ],
)
def test_habit_denied_for_one_occasion_gives_no_fact(text: str) -> None:
    """The evening's denial gives no habit; a sport the same evening is still exercise."""
    assert not any(s == "lifestyle" and e == "alcohol" for s, e, _ in triples(understand(text)))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("i dont drink. went to the gym today", ("lifestyle", "alcohol", "confirmed_absent")),
        ("я не курю, сегодня был у врача", ("lifestyle", "smoking", "confirmed_absent")),
        ("我不抽烟，今天去体检了", ("lifestyle", "smoking", "confirmed_absent")),
        ("quit smoking yesterday", ("lifestyle", "smoking", "stopped")),
    ],
)
def test_habit_denied_beside_another_date_keeps_its_denial(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in triples(understand(text))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "had my gallbladder out in 2022 for gallstones so its not that",
            {("surgeries", "cholecystectomy", "historical"), ("diagnoses", "gallstones", "resolved")},
        ),
        (
            "аппендицит удалили в 2015, так что не это",
            {("surgeries", "appendectomy", "historical"), ("diagnoses", "appendicitis", "resolved")},
        ),
        ("胆囊十年前切了，所以不是这个", {("surgeries", "cholecystectomy", "historical")}),
    ],
)
def test_own_inference_from_history_denies_nothing(text: str, expected: set) -> None:
    assert triples(understand(text)) == expected
