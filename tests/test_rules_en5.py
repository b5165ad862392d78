"""The rules backend on English chat, fifth round: negation scope and short answers, classes of
medicines named by their condition, denials of treatment or efficacy, and a later denial of a
fact still present (the fold ends it).

Each row is (text, assistant turn before it or None, the exact set of (section, entity, status)
the message must yield). The sentences are new, written for these mechanisms, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, Triple, folded, triples, understand

LIST_QUESTION = "Any chest pain, shortness of breath or swelling?"
LIST_DENIED = {
    ("symptoms", "chest pain", "confirmed_absent"),
    ("symptoms", "shortness of breath", "confirmed_absent"),
    ("symptoms", "swelling", "confirmed_absent"),
}

# fmt: off
SHORT_ANSWERS: list[Row] = [
    # a bare answer may say how far it reaches, or stand for the question's verb
    ("none of them", LIST_QUESTION, LIST_DENIED),
    ("no to all of those", LIST_QUESTION, LIST_DENIED),
    ("nothing like that", LIST_QUESTION, LIST_DENIED),
    ("never have", "Do you smoke?", {("lifestyle", "smoking", "confirmed_absent")}),
    # a bare ending with its time answers "no longer"
    ("packed it in about 3 years ago", "Do you smoke?", {("lifestyle", "smoking", "stopped")}),
    ("quit last summer", "Do you smoke?", {("lifestyle", "smoking", "stopped")}),
    ("gave up for good", "Do you drink?", {("lifestyle", "alcohol", "stopped")}),
    # "not much" is an amount, which answers yes
    ("not much, maybe a glass of wine on fridays", "Do you drink alcohol?", {("lifestyle", "alcohol", "active")}),
    ("not that im aware of", "Any drug allergies?", {("allergies", "*", "confirmed_absent")}),
    # an answer that says more than yes or no is no bare answer
    ("no i take something else", "Are you on aspirin?", {("medications", "aspirin", "confirmed_absent")}),
]

SCOPE: list[Row] = [
    # an amount after the denial's comma opens its own scope; a plain list stays under the denial
    ("no sore throat, a bit of a cough", None,
     {("symptoms", "sore throat", "confirmed_absent"), ("symptoms", "cough", "active")}),
    ("no nausea, slight headache tho", None,
     {("symptoms", "nausea", "confirmed_absent"), ("symptoms", "headache", "active")}),
    ("no nausea, vomiting or diarrhoea", None,
     {("symptoms", "nausea", "confirmed_absent"), ("symptoms", "vomiting", "confirmed_absent"),
      ("symptoms", "diarrhea", "confirmed_absent")}),
    # a denial of the treatment or of its effect is no denial of the illness or of the drug
    ("had asthma growing up but it was never treated", None, {("chronic_conditions", "asthma", "active")}),
    ("the omeprazole doesnt really help", None, {("medications", "omeprazole", "active")}),
    ("sertraline didn't work for me", None, {("medications", "sertraline", "active")}),
    # not remembering is doubt, not a denial
    ("i dont remember ever having measles", None, set()),
]

OCCASIONS_AND_INTENT: list[Row] = [
    # an activity after "when" is a trigger, not a habit; a symptom after "when" with a medicine
    # before it says when the medicine is taken
    ("get really breathless when i jog", None, {("symptoms", "shortness of breath", "active")}),
    ("no chest pain when i do the stairs", None, {("symptoms", "chest pain", "confirmed_absent")}),
    ("salbutamol puffer only when i go running", None, {("medications", "salbutamol", "active")}),
    ("naproxen whenever my knees flare up", None, {("medications", "naproxen", "active")}),
    # avoiding a drug, hoping, ruling out: no fact
    ("i steer clear of aspirin these days", None, set()),
    ("fingers crossed, hoping its not shingles", None, set()),
    ("gp is sending bloods to rule out anaemia", None, set()),
]

MEDICINE_CLASSES: list[Row] = [
    # a class of medicines named by its condition names the condition, whatever is done with it
    ("been on bp meds for years", None, {("chronic_conditions", "hypertension", "active")}),
    ("ran out of my diabetes tablets on friday", None, {("chronic_conditions", "diabetes", "active")}),
    # a stopped class is no denial of the whole medications section
    ("i stopped my cholesterol pills in may", None,
     {("chronic_conditions", "hypercholesterolemia", "active"), ("medications", "lipid modifying agents", "stopped")}),
    # a denied class says nothing of the condition
    ("no blood pressure tablets for me", None, set()),
    # someone else's pills are their condition, not the user's
    ("my dad takes blood pressure pills", None, {("family_history", "hypertension", "active")}),
]
# fmt: on


@pytest.mark.parametrize(
    ("text", "context", "expected"), SHORT_ANSWERS + SCOPE + OCCASIONS_AND_INTENT + MEDICINE_CLASSES
)
def test_understands_english(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context, "en")) == expected



def test_a_later_denial_of_a_present_symptom_or_drug_ends_it() -> None:
    facts = folded(
        ("bad headache since monday and im taking ibuprofen for it", None),
        ("no headache today", None),
        ("Are you still on the ibuprofen?", None),
        ("i dont take ibuprofen now", None),
        lang="en",
    )
    assert facts[("symptoms", "headache")] == "resolved"
    assert facts[("medications", "ibuprofen")] == "stopped"


def test_a_denial_of_what_was_never_said_stays_a_denial() -> None:
    facts = folded(("i have a cough", None), ("no fever", None), lang="en")
    assert facts[("symptoms", "fever")] == "confirmed_absent"
    assert facts[("symptoms", "cough")] == "active"


def test_a_shorter_name_later_is_the_fact_named_before() -> None:
    facts = folded(("type 2 diabetes for 6 yrs", None), ("the diabetes yes", None), lang="en")
    assert ("chronic_conditions", "diabetes") not in facts
    assert facts[("chronic_conditions", "type 2 diabetes")] == "active"
