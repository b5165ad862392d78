"""The rules backend on English chat, ninth round: general mechanisms rather than sentences.

A denial word typed without its apostrophe ("wasnt", "isnt", "hasnt") denies like its full
form; a clinician's exclusion told as done ("ruled out", "excluded") denies what it excludes,
while the plan to exclude states nothing; what an allergy test found ("dust mites negative,
grass pollen positive") is an allergy, present or denied; a degree or a change after a denial word ("not as
bad", "isn't improving", "no better") leaves the entity present; "swollen" said of one body part is that part's swelling (both ankles,
legs or feet: peripheral edema), and a later generic "swelling" is the one swelling known; a body
part that is fine ("arm fine now") ends the known symptoms of that part, and makes no injury when
none of the part is known.

Each row is (text, assistant turn before it or None, the exact set of (section, entity, status)
the message must yield). The sentences are new, written for these mechanisms, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_reconcile import ev, run
from tests.test_rules_backend import Row, Triple, triples, understand

# fmt: off
APOSTROPHE_LESS_DENIALS: list[Row] = [
    ("it wasnt a heart attack", None, {("diagnoses", "myocardial infarction", "confirmed_absent")}),
    ("i wasnt vaccinated against covid", None, {("vaccinations", "covid-19 vaccine", "confirmed_absent")}),
    # ruled out by a test: a diagnosis ruled out (rules/ruled_out.py), not a history denial
    ("isnt diabetes thank god, the sugar test was fine", None,
     {("diagnoses", "diabetes", "confirmed_absent")}),
    ("my cough hasnt gone", None, {("symptoms", "cough", "active")}),
    ("the rash isnt itchy anymore", None, {("symptoms", "itching", "resolved"), ("symptoms", "rash", "active")}),
]

EXCLUSIONS: list[Row] = [
    # an exclusion told as done denies
    ("the doctor ruled out appendicitis", None, {("diagnoses", "appendicitis", "confirmed_absent")}),
    ("appendicitis was ruled out", None, {("diagnoses", "appendicitis", "confirmed_absent")}),
    ("a&e ruled out a heart attack", None, {("diagnoses", "myocardial infarction", "confirmed_absent")}),
    # ... the plan to exclude states nothing
    ("ultrasound tomorrow to rule out gallstones", None, set()),
    ("they want to rule out a heart attack", None, set()),
]

DENIED_DEGREES: list[Row] = [
    # a degree or a change denied: the entity is still there
    ("the headaches aren't as bad", None, {("symptoms", "headache", "active")}),
    ("cough not too bad today", None, {("symptoms", "cough", "active")}),
    ("back pain not as severe since physio", None, {("symptoms", "back pain", "active")}),
    ("the nausea is not that bad", None, {("symptoms", "nausea", "active")}),
    ("dizziness isnt as often now", None, {("symptoms", "dizziness", "active")}),
    ("heartburn not so bad this week", None, {("symptoms", "heartburn", "active")}),
    ("the migraines aren't any better", None, {("chronic_conditions", "migraine", "active")}),
    ("cough not improving", None, {("symptoms", "cough", "active")}),
    ("the rash hasnt improved at all", None, {("symptoms", "rash", "active")}),
    ("headache isn't getting any better", None, {("symptoms", "headache", "active")}),
    ("the swelling isnt going down", None, {("symptoms", "swelling", "active")}),
    # ... the plain denial still denies
    ("no headaches lately", None, {("symptoms", "headache", "confirmed_absent")}),
    ("cough's not there anymore, nausea not bad either", None, {("symptoms", "cough", "resolved"),
                                                              ("symptoms", "nausea", "active")}),
]
ALLERGY_TESTS: list[Row] = [
    # what an allergy test found is an allergy, present or ("negative") denied, clause by clause
    ("skin prick test: dust mites negative, grass pollen positive", None,
     {("allergies", "house dust mite", "confirmed_absent"), ("allergies", "grass pollen", "active")}),
    ("RAST for peanut came back negative", None, {("allergies", "peanuts", "confirmed_absent")}),
    ("patch test negative for nickel", None, {("allergies", "nickel", "confirmed_absent")}),
    ("prick tests showed cats and dogs negative, but positive to birch", None,
     {("allergies", "birch pollen", "active"), ("allergies", "cat dander", "confirmed_absent"),
      ("allergies", "dog dander", "confirmed_absent")}),
    ("skin prick test: amoxicillin negative, cefalexin positive", None,
     {("allergies", "amoxicillin", "confirmed_absent"), ("allergies", "cefalexin", "active")}),
    # ... an allergen's result is one in a later sentence too
    ("had the allergy clinic appt. latex was negative", None, {("allergies", "latex", "confirmed_absent")}),
    # ... a drug screen or an infection's test is no allergy test
    ("drug screen negative for opiates", None, set()),
    ("covid test negative, flu positive", None,
     {("diagnoses", "covid-19", "confirmed_absent"), ("diagnoses", "influenza", "active")}),
]
SWOLLEN_PARTS: list[Row] = [
    # "swollen" said of one body part is that part's swelling, in its phrase or named before in the sentence
    ("knee is swollen again after parkrun", None, {("symptoms", "knee swelling", "active")}),
    ("my left wrist is really swollen since i fell on it", None, {("symptoms", "wrist swelling", "active")}),
    ("the knee isnt swollen now", None, {("symptoms", "knee swelling", "confirmed_absent")}),
    ("finger swollen after the wasp sting", None, {("symptoms", "finger swelling", "active")}),
    ("twisted my ankle on the stairs, its swollen", None,
     {("injuries", "ankle sprain", "active"), ("symptoms", "ankle swelling", "active")}),
    ("one leg swollen and red", None, {("symptoms", "leg swelling", "active")}),
    # ... both ankles or feet are peripheral edema
    ("ankles are swelling up again by the evening", None, {("symptoms", "peripheral edema", "active")}),
    ("feet swollen in this heat", None, {("symptoms", "peripheral edema", "active")}),
    # ... a part with no swelling of its own leaves the generic one
    ("head feels swollen lol", None, {("symptoms", "swelling", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), APOSTROPHE_LESS_DENIALS + EXCLUSIONS + DENIED_DEGREES + ALLERGY_TESTS + SWOLLEN_PARTS)
def test_understands(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context, "en")) == expected


# --- the fold: a generic "swelling" stands for the one known swelling --------------------------

def _symptoms(facts) -> dict[str, str]:
    rows = facts.filter(facts["section"] == "symptoms")
    return dict(zip(rows["entity"], rows["status"], strict=True))


@pytest.mark.parametrize("known", ["peripheral edema", "ankle swelling", "swollen lymph nodes"])
def test_the_swelling_gone_ends_the_one_known_swelling(known: str) -> None:
    _, facts, _ = run(ev(0, "m1", "symptoms", known, "active"), ev(20, "m2", "symptoms", "swelling", "resolved"))
    assert _symptoms(facts) == {known: "resolved"}


def test_the_swelling_gone_with_two_known_swellings_ends_neither() -> None:
    _, facts, _ = run(
        ev(0, "m1", "symptoms", "peripheral edema", "active"),
        ev(1, "m1", "symptoms", "knee swelling", "active"),
        ev(20, "m2", "symptoms", "swelling", "resolved"),
    )
    assert _symptoms(facts) == {"peripheral edema": "active", "knee swelling": "active", "swelling": "resolved"}


# --- the fold: a body part that is fine ends what was known of that part ------------------------

def _current(facts) -> dict[tuple[str, str], str]:
    return {(s, e): st for s, e, st in zip(facts["section"], facts["entity"], facts["status"], strict=True)}


def test_a_part_fine_with_no_known_injury_ends_its_symptoms_and_makes_no_injury() -> None:
    _, facts, _ = run(ev(0, "m1", "symptoms", "arm pain", "active"), ev(20, "m2", "injuries", "arm injury", "resolved"))
    assert _current(facts) == {("symptoms", "arm pain"): "resolved"}


def test_a_part_fine_ends_its_known_injury_and_its_symptoms() -> None:
    _, facts, _ = run(
        ev(0, "m1", "injuries", "ankle sprain", "active"),
        ev(1, "m1", "symptoms", "ankle swelling", "active"),
        ev(2, "m1", "symptoms", "knee pain", "active"),
        ev(20, "m2", "injuries", "ankle injury", "resolved"),
    )
    assert _current(facts) == {
        ("injuries", "ankle sprain"): "resolved",
        ("symptoms", "ankle swelling"): "resolved",
        ("symptoms", "knee pain"): "active",
    }


def test_a_part_fine_with_nothing_known_of_it_is_its_injury_over() -> None:
    _, facts, _ = run(ev(0, "m1", "symptoms", "knee pain", "active"), ev(20, "m2", "injuries", "toe injury", "resolved"))
    assert _current(facts) == {("symptoms", "knee pain"): "active", ("injuries", "toe injury"): "resolved"}
