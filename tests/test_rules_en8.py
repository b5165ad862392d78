"""The rules backend on English chat, eighth round: an instruction to the system inside a message
("..., btw mark him as allergic to nothing"), a bare "no," that corrects a number, operations that
are planned or called off, a question opened by a filler ("and what about..."), and more.

Each row is (text, assistant turn before it or None, the exact set of (section, entity, status)
the message must yield). The sentences are new, written for these mechanisms, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_reconcile import ev, run
from tests.test_rules_backend import Row, Triple, by_triple, triples, understand

# fmt: off
SYSTEM_SENTENCES: list[Row] = [
    # a later sentence or clause that edits the record states nothing; the rest of the message does
    ("taking amlodipine 5mg for blood pressure. also please mark me as having no allergies", None,
     {("medications", "amlodipine", "active"), ("chronic_conditions", "hypertension", "active")}),
    ("she's a lot better now, btw put her down as allergic to nothing", None, set()),
    ("my cough has gone, and set me as a non smoker", None, {("symptoms", "cough", "resolved")}),
    ("my knee is better. could you remove the gout from my notes please", None, set()),
    # ... with any of the record's verbs, not only those that open the gate's commonest orders
    ("on aspirin 75. ps save me as allergic to nothing", None, {("medications", "aspirin", "active")}),
    ("metformin twice a day. also overwrite me as a non smoker", None, {("medications", "metformin", "active")}),
    ("the rash cleared up. pls store me as having no allergies", None, {("symptoms", "rash", "resolved")}),
    # ... but "update:" heads news, it instructs nothing
    ("update: the cardiologist put me on bisoprolol 2.5", None, {("medications", "bisoprolol", "active")}),
]

TEST_RESULTS: list[Row] = [
    # a result word after the test's illness denies it, wherever the sentence goes on
    ("stool test came back, h pylori negative", None,
     {("diagnoses", "helicobacter pylori infection", "confirmed_absent")}),
    ("flu negative but still coughing", None,
     {("diagnoses", "influenza", "confirmed_absent"), ("symptoms", "cough", "active")}),
    # ... a receptor status or an effect denies nothing
    ("I had triple negative breast cancer, all clear since 2020", None,
     {("chronic_conditions", "breast cancer", "resolved")}),
    ("stress has a negative effect on my psoriasis", None, {("chronic_conditions", "psoriasis", "active")}),
]

HABIT_STATUS_WORDS: list[Row] = [
    # the habit named with its status: "non-smoker" denies, "ex-smoker" and "smoke free" end it
    ("non-smoker, the odd glass of white", None,
     {("lifestyle", "smoking", "confirmed_absent"), ("lifestyle", "alcohol", "active")}),
    ("ex smoker since 2015, teetotal", None,
     {("lifestyle", "smoking", "stopped"), ("lifestyle", "alcohol", "confirmed_absent")}),
    ("a month smoke-free now", None, {("lifestyle", "smoking", "stopped")}),
    ("I'm a smoker, about ten a day", None, {("lifestyle", "smoking", "active")}),
]

CORRECTED_NUMBERS: list[Row] = [
    # "no," straight before a number takes back the number before it: it denies nothing
    ("bisoprolol 5, no, 2.5 in the mornings", None, {("medications", "bisoprolol", "active")}),
    ("I use 30 units of lantus - no, just 26", None, {("medications", "insulin glargine", "active")}),
    # ... a "no" before words is still a denial
    ("ramipril 10mg, no other tablets", "What medicines do you take?",
     {("medications", "ramipril", "active")}),
]

UNMADE_OPERATIONS: list[Row] = [
    # an operation awaited, booked or called off has not been done
    ("I'm on the waiting list for a hip replacement", None, set()),
    ("my hernia repair is scheduled for next spring", None, set()),
    ("they postponed my cholecystectomy twice", None, set()),
    ("had a knee replacement pencilled in but called it off", None, set()),
    # ... while an operation done stays done when something else is booked
    ("had my appendix out in 2010, a check up is booked for may", None,
     {("surgeries", "appendectomy", "historical")}),
]

FILLER_QUESTIONS: list[Row] = [
    # a question after "and", "so", "ok so" asserts nothing about the drug it asks about
    ("and what about lansoprazole, does it thin the bones?", None, set()),
    ("ok so is naproxen safe with my stomach?", None, set()),
    # ... a statement after "and" is still a statement
    ("and i take naproxen most days", None, {("medications", "naproxen", "active")}),
]

FAMILY_ANSWERS: list[Row] = [
    # a spouse's or a friend's relative is no blood relative of the user
    ("my husband's father had a stroke at 70", "Any strokes or heart disease in your family?", set()),
    # a relative named to a question about two illnesses does not say which one they had
    ("my brother", "Any heart disease or diabetes in the family?", set()),
    # ... to a question about one, the relative is the answer
    ("my brother", "Any diabetes in the family?", {("family_history", "diabetes", "active")}),
    ("my grandad had the sugar", "Any heart disease or diabetes in the family?",
     {("family_history", "diabetes", "active")}),
    ("she takes sugar in her coffee", None, set()),
]

RELATIVES_ALLERGIES: list[Row] = [
    # a relative's allergy is family history, "<allergen> allergy", never the user's allergy
    ("my little boy is allergic to eggs", None, {("family_history", "egg allergy", "active")}),
    ("my wife's fine but my dad has a penicillin allergy", None, {("family_history", "penicillin allergy", "active")}),
    # ... a drug later in the sentence is not part of it
    ("our son is allergic to peanuts so the nursery keeps an epipen", None,
     {("family_history", "peanut allergy", "active")}),
    ("my daughter isn't allergic to anything", None, set()),
]

ANSWERED_LISTS: list[Row] = [
    # "X yes, Y not really": the denial after a word that names no known entity is not X's
    ("tiredness yes, the other thing not really", "Any tiredness or weight loss?",
     {("symptoms", "fatigue", "active")}),
    ("wheeze yes, no fever", None, {("symptoms", "wheezing", "active"), ("symptoms", "fever", "confirmed_absent")}),
]

NOT_ABOUT_HEALTH: list[Row] = [
    # a denial of what the assistant does denies nothing; "next time" is a case, not a fact
    ("don't nag me about the wine please", None, {("lifestyle", "alcohol", "active")}),
    ("next time i have a flare should i double the prednisolone?", None, set()),
]

REASONS_FOR_A_CHANGE: list[Row] = [
    # an effect told in the past as the reason a dose was lowered or a drug changed is no current symptom
    ("they halved my bisoprolol because i was getting dizzy", None, {("medications", "bisoprolol", "active")}),
    ("gp switched the ramipril cos of the cough, now on losartan", None,
     {("medications", "ramipril", "stopped"), ("medications", "losartan", "active")}),
    # ... a symptom the user still has stays
    ("they lowered my sertraline but i still get headaches", None,
     {("medications", "sertraline", "active"), ("symptoms", "headache", "active")}),
]

STOPPED_IN_THE_ANSWER: list[Row] = [
    # a question about one named drug answered with a stop of "it": the drug is stopped, not taken
    ("yes but I came off it in the summer", "Have you ever taken sertraline?",
     {("medications", "sertraline", "stopped")}),
    ("used to, stopped them when I got pregnant", "Were you on ramipril?", {("medications", "ramipril", "stopped")}),
    # ... a denied stop keeps it going
    ("yes, never stopped it", "Are you still on the bisoprolol?", {("medications", "bisoprolol", "active")}),
]

PLANNED_CHANGES: list[Row] = [
    # a prescriber's change told in the progressive is a plan, not yet a drug the user takes
    ("the cardiologist is switching me to apixaban", None, set()),
    ("they are starting me on insulin", None, set()),
    # ... the past tense is a fact
    ("they started me on insulin", None, {("medications", "insulin", "active")}),
]

VOCABULARY: list[Row] = [
    ("Estradot patch and a small sherry on Sundays", None,
     {("medications", "estradiol", "active"), ("lifestyle", "alcohol", "active")}),
    ("no ops so far", "Any past surgical history?", {("surgeries", "*", "confirmed_absent")}),
    ("been on rosuva 5 since the spring", None, {("medications", "rosuvastatin", "active")}),
]
# fmt: on


@pytest.mark.parametrize(
    ("text", "context", "expected"),
    SYSTEM_SENTENCES + CORRECTED_NUMBERS + UNMADE_OPERATIONS + FILLER_QUESTIONS + TEST_RESULTS + HABIT_STATUS_WORDS
    + FAMILY_ANSWERS + STOPPED_IN_THE_ANSWER + PLANNED_CHANGES + RELATIVES_ALLERGIES + ANSWERED_LISTS + NOT_ABOUT_HEALTH
    + REASONS_FOR_A_CHANGE + VOCABULARY,
)
def test_understands(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context, "en")) == expected


@pytest.mark.parametrize(
    ("text", "context", "triple", "attribute", "value"),
    [
        ("bisoprolol 5, no, 2.5 in the mornings", None, ("medications", "bisoprolol", "active"), "dose", "2.5 mg"),
        ("I use 30 units of lantus - no, just 26", None, ("medications", "insulin glargine", "active"), "dose",
         "26 units"),
    ],
)
def test_attributes(text: str, context: str | None, triple: Triple, attribute: str, value: str) -> None:
    assert by_triple(understand(text, context, "en"))[triple][attribute] == value


# --- the fold: a body part's generic injury stands for the one known injury of that part -----

def _injuries(facts) -> dict[str, str]:
    rows = facts.filter(facts["section"] == "injuries")
    return dict(zip(rows["entity"], rows["status"], strict=True))


def test_a_healed_body_part_ends_its_one_known_injury() -> None:
    _, facts, _ = run(
        ev(0, "m1", "injuries", "elbow fracture", "active"),
        ev(20, "m2", "injuries", "elbow injury", "resolved"),
    )
    assert _injuries(facts) == {"elbow fracture": "resolved"}


def test_a_healed_body_part_with_two_known_injuries_refers_to_neither() -> None:
    _, facts, _ = run(
        ev(0, "m1", "injuries", "knee sprain", "active"),
        ev(1, "m1", "injuries", "knee laceration", "active"),
        ev(20, "m2", "injuries", "knee injury", "resolved"),
    )
    assert _injuries(facts) == {"knee sprain": "active", "knee laceration": "active", "knee injury": "resolved"}
