"""The rules backend on English chat, tenth round: names and everyday phrasing as data, and scope.

Symptoms are named by the plain English medical name the labels of every tuned set use
("irregular menstruation", "delayed menstruation", "decreased libido"), whatever lay words the
patient types; everyday phrasings of common symptoms, findings and section-wide denials are
surface forms of their terms ("blocked me up", "vivid dreams", "liver enzymes are up", "never been
under the knife"), and so are their other tenses ("liver enzymes were up", "heart keeps racing").

After a denial and a comma, a phrase with words of its own beside its term ("no itching, the rash
is just red", "never smoked, drink at weekends") is a new statement; a bare list ("no fever, cough
or chills") stays under the denial. One missed dose ("didn't take my lisinopril today") or a
medicine that does nothing is still a medicine the user takes. A message saying the illness is
over as a whole ("all cleared up", "fully recovered") and naming none proposes the end of the
diagnosis discussed last. A message that opens with a bare number of years, unasked ("58 btw,
..."), gives the writer's age. In a message that states an allergy, a reaction said beside it
("cats make me sneeze", "my hand swelled up") is that allergy's reaction, not a symptom the user
has now.

Each row is (text, assistant turn before it or None, the exact set of (section, entity, status)
the message must yield). The sentences are new, written for these kinds, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_reconcile import ev, run
from tests.test_rules_backend import Row, triples, understand

# fmt: off
MEDICAL_NAMES: list[Row] = [
    ("my cycle has been irregular since the coil came out", None,
     {("symptoms", "irregular menstruation", "active")}),
    ("periods are all over the place this year", None, {("symptoms", "irregular menstruation", "active")}),
    ("period is late and i'm worried", None, {("symptoms", "delayed menstruation", "active")}),
    ("missed my period this month", None, {("symptoms", "delayed menstruation", "active")}),
    ("no sex drive since starting the pill", None,
     {("symptoms", "decreased libido", "active"), ("medications", "oral contraceptive", "active")}),
    ("lost my sex drive on sertraline", None,
     {("symptoms", "decreased libido", "active"), ("medications", "sertraline", "active")}),
]

EVERYDAY_PHRASING: list[Row] = [
    ("having really vivid dreams since the new tablets", None, {("symptoms", "abnormal dreams", "active")}),
    ("weird dreams every night", None, {("symptoms", "abnormal dreams", "active")}),
    ("the codeine has blocked me up", None,
     {("symptoms", "constipation", "active"), ("medications", "codeine", "active")}),
    ("haven't been for a poo in four days", None, {("symptoms", "constipation", "active")}),
    ("the antihistamine makes me so drowsy", None, {("symptoms", "drowsiness", "active")}),
    ("blood test says my liver enzymes are up", None, {("diagnoses", "elevated liver enzymes", "active")}),
    ("I'm freezing all the time even in summer", None, {("symptoms", "cold intolerance", "active")}),
    ("zero libido lately", None, {("symptoms", "decreased libido", "active")}),
]

TENSES: list[Row] = [
    # a state in another tense, or with an auxiliary between the part and its verb
    ("heart keeps racing when I lie down", None, {("symptoms", "palpitations", "active")}),
    ("my ears keep ringing after the gig", None, {("symptoms", "tinnitus", "active")}),
    ("hair has been falling out in clumps", None, {("symptoms", "hair loss", "active")}),
    ("my bp was high at the pharmacy", None, {("chronic_conditions", "hypertension", "active")}),
    ("liver enzymes were raised on the last bloods", None, {("diagnoses", "elevated liver enzymes", "active")}),
]

REACTIONS: list[Row] = [
    # in a message that states an allergy, its reactions are not symptoms the user has now
    ("cats make me sneeze like mad", "Any allergies?", {("allergies", "cat dander", "active")}),
    ("allergic to pollen, runny nose and itchy eyes every june", None, {("allergies", "pollen", "active")}),
    ("a wasp got me in 2019 and my hand swelled up massively, so allergic to wasp stings", None,
     {("allergies", "wasp venom", "active")}),
    ("ate a prawn and my face swelled up, allergic to shellfish apparently", None,
     {("allergies", "shellfish", "active")}),
    # ... without an allergy they are symptoms
    ("sneezing and a runny nose since monday", None,
     {("symptoms", "sneezing", "active"), ("symptoms", "rhinorrhea", "active")}),
    ("my hand swelled up after I banged it", None, {("symptoms", "hand swelling", "active")}),
]

BARE_AGES: list[Row] = [
    # a message opening with a bare number of years, unasked, gives the writer's age
    ("62 btw and i still smoke", None, {("demographics", "age", "active"), ("lifestyle", "smoking", "active")}),
    ("33 here, asthma since school", None,
     {("demographics", "age", "active"), ("chronic_conditions", "asthma", "active")}),
    ("hi, 71, just had my flu jab", None,
     {("demographics", "age", "active"), ("vaccinations", "influenza vaccine", "historical")}),
    ("45, type 2 diabetic, on metformin", None, {("demographics", "age", "active"),
     ("chronic_conditions", "type 2 diabetes", "active"), ("medications", "metformin", "active")}),
    # ... not an answer to a question asking a number, nor a number with another in its sentence
    ("20, sometimes more", "How many cigarettes a day?", {("lifestyle", "smoking", "active")}),
    ("10, maybe 20 mg of it", None, set()),
]

DENIAL_LISTS: list[Row] = [
    # after a comma, a phrase with words of its own beside its term is a new statement, not the
    # next item of the denial's list
    ("no itching, the rash is just red and flaky", None,
     {("symptoms", "itching", "confirmed_absent"), ("symptoms", "rash", "active")}),
    ("no chest pain, my ankles are swollen though", None,
     {("symptoms", "chest pain", "confirmed_absent"), ("symptoms", "peripheral edema", "active")}),
    ("never smoked, drink at weekends", None,
     {("lifestyle", "smoking", "confirmed_absent"), ("lifestyle", "alcohol", "active")}),
    ("no fever, cough is getting worse", None,
     {("symptoms", "fever", "confirmed_absent"), ("symptoms", "cough", "active")}),
    ("no headache, dizziness comes and goes", None,
     {("symptoms", "headache", "confirmed_absent"), ("symptoms", "dizziness", "active")}),
    # ... while a bare list stays under its denial
    ("no fever, cough or chills", None, {("symptoms", "fever", "confirmed_absent"),
     ("symptoms", "cough", "confirmed_absent"), ("symptoms", "chills", "confirmed_absent")}),
    ("haven't had any nausea, vomiting, or diarrhoea", None, {("symptoms", "nausea", "confirmed_absent"),
     ("symptoms", "vomiting", "confirmed_absent"), ("symptoms", "diarrhea", "confirmed_absent")}),
    ("no rash on my arms, legs or back", None, {("symptoms", "rash", "confirmed_absent")}),
]

NOT_A_DENIAL_OF_USE: list[Row] = [
    # one missed dose, or a medicine that does not work, is still a medicine the user takes
    ("I didn't take my lisinopril today", None, {("medications", "lisinopril", "active")}),
    ("didnt have my metformin this morning", None, {("medications", "metformin", "active")}),
    ("haven't taken the bisoprolol yet today", None, {("medications", "bisoprolol", "active")}),
    ("the paracetamol does nothing", None, {("medications", "paracetamol", "active")}),
    ("codeine doesn't touch the pain", None, {("medications", "codeine", "active")}),
    ("naproxen did nothing", None, {("medications", "naproxen", "active")}),
    # ... while a denial of taking it is still one
    ("I don't take lisinopril", None, {("medications", "lisinopril", "confirmed_absent")}),
    ("never taken codeine", None, {("medications", "codeine", "confirmed_absent")}),
]

RECOVERIES: list[Row] = [
    # the illness over as a whole, naming none: the one discussed last (the fold resolves "^")
    ("finished the amoxicillin, all cleared up now", None,
     {("medications", "amoxicillin", "stopped"), ("diagnoses", "^", "resolved"), ("symptoms", "^*", "resolved")}),
    ("infection has cleared, stopped the flucloxacillin", None,
     {("medications", "flucloxacillin", "stopped"), ("diagnoses", "^", "resolved")}),
    ("done with the doxycycline and fully recovered", None,
     {("medications", "doxycycline", "stopped"), ("diagnoses", "^", "resolved")}),
    ("took the last nitrofurantoin yesterday, back to normal", None,
     {("medications", "nitrofurantoin", "stopped"), ("diagnoses", "^", "resolved")}),
    # ... not when it names what is over, asks, or is someone else's
    ("the rash has all cleared up, stopped the hydrocortisone", None,
     {("symptoms", "rash", "resolved"), ("medications", "hydrocortisone", "stopped")}),
    ("is it normal it hasn't all cleared up yet on the amoxicillin?", None, set()),
    ("my son's infection has cleared, he finished the amoxicillin", None, set()),
]

SECTION_DENIALS: list[Row] = [
    ("never been under the knife", None, {("surgeries", "*", "confirmed_absent")}),
    ("Any operations? ", None, set()),
    ("no, never gone under the knife", "Have you had any surgery?", {("surgeries", "*", "confirmed_absent")}),
]
# fmt: on


ROWS = [
    *MEDICAL_NAMES, *EVERYDAY_PHRASING, *TENSES, *REACTIONS, *BARE_AGES, *DENIAL_LISTS, *NOT_A_DENIAL_OF_USE,
    *RECOVERIES, *SECTION_DENIALS,
]


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_english_chat(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, "en")) == expected


def test_all_cleared_up_ends_the_diagnosis_discussed_last() -> None:
    _, facts, _ = run(
        ev(0, "m1", "diagnoses", "urinary tract infection", "active"),
        ev(0, "m1", "medications", "nitrofurantoin", "active"),
        ev(20, "m2", "medications", "nitrofurantoin", "stopped"),
        ev(20, "m2", "diagnoses", "^", "resolved"),
    )
    current = {(s, e): st for s, e, st in zip(facts["section"], facts["entity"], facts["status"], strict=True)}
    assert current == {
        ("diagnoses", "urinary tract infection"): "resolved",
        ("medications", "nitrofurantoin"): "stopped",
    }
