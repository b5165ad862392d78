"""The rules backend on English chat, twelfth round: replies to the assistant's questions.

A denial hedged by what the user noticed, knows or thinks ("not that I noticed", "don't think
so", "not lately"), or that echoes the asked verb with what it points at ("haven't had any",
"don't get them"), is still a bare "no" to what was asked; so is a whole reply that says no in
other words ("not a thing", "nothing to report", "no and no", "I do not"), and a "no" followed by
"only" or "just" with something that was not asked ("nope, just really tired").

A reply may answer each asked thing by its place in the question ("yes the first, not the
second"). A question that only adds to the yes-or-no question right before it ("Do you have chest
pain? Any shortness of breath?") is asked with it: "no to both" denies both. The occasion a question
names after what it asks about ("...when you climb stairs?", "especially when walking?") is not
asked about.

What a question asks may be no health fact at all: an offer or the user's wish ("Would you like
tips on managing your asthma?", "Shall I add ibuprofen to your list?", "Any questions about the
warfarin?") asks nothing a "no" denies or a "yes" confirms; a question about how a named
illness goes ("Is the rash any better?", "Is the inhaler helping with the wheeze?") takes it as
present, and so does one that names it as the user's own ("Did you take your metformin this
morning?", "Was the headache sudden?"): a "no" denies nothing of it. A denial of what a medicine
does ("ibuprofen does nothing for my back pain", "the omeprazole hasn't made a difference to the
heartburn") denies neither the medicine nor what it was taken for.

An order that edits a part of the record by its name ("set my smoking status to never", "hey
assistant, add asthma to my conditions") or strikes what was said ("forget what I said about the
aspirin") is addressed to the system and yields nothing.

Each row is (text, assistant turn before it, the exact set of (section, entity, status) the
message must yield). The sentences are new, written for these kinds, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
HEDGED_DENIALS: list[Row] = [
    # how sure the user is, or what they noticed, after the denial
    ("not that I noticed", "Any nausea?", {("symptoms", "nausea", "confirmed_absent")}),
    ("don't think so", "Do you have asthma?", {("chronic_conditions", "asthma", "confirmed_absent")}),
    ("i don't believe so", "Any heart problems?", {("chronic_conditions", "heart disease", "confirmed_absent")}),
    ("not that i can tell", "Any fever?", {("symptoms", "fever", "confirmed_absent")}),
    ("nope not recently", "Any dizzy spells?", {("symptoms", "dizziness", "confirmed_absent")}),
    ("not lately", "Any palpitations?", {("symptoms", "palpitations", "confirmed_absent")}),
    # the asked verb echoed with what it points at
    ("no I haven't had any", "Any headaches?", {("symptoms", "headache", "confirmed_absent")}),
    ("no i don't get them", "Do you get migraines?", {("chronic_conditions", "migraine", "confirmed_absent")}),
    ("haven't noticed any", "Any palpitations?", {("symptoms", "palpitations", "confirmed_absent")}),
    ("never had one", "Have you had a flu jab?", {("vaccinations", "influenza vaccine", "confirmed_absent")}),
    # ... while what follows the echo still speaks for itself
    ("no i haven't had any, but my knee is swollen", "Any headaches?",
     {("symptoms", "headache", "confirmed_absent"), ("symptoms", "knee swelling", "active")}),
]

NO_IN_OTHER_WORDS: list[Row] = [
    # a whole reply that says no without the word, or says it twice
    ("not a thing", "Any nausea?", {("symptoms", "nausea", "confirmed_absent")}),
    ("nothing to report", "Any chest pain?", {("symptoms", "chest pain", "confirmed_absent")}),
    ("zero", "Any headaches this week?", {("symptoms", "headache", "confirmed_absent")}),
    ("not once", "Have you had any palpitations?", {("symptoms", "palpitations", "confirmed_absent")}),
    ("no and no", "Any fever or cough?",
     {("symptoms", "fever", "confirmed_absent"), ("symptoms", "cough", "confirmed_absent")}),
    ("none at all thankfully", "Any chest pain?", {("symptoms", "chest pain", "confirmed_absent")}),
    ("nah mate", "Do you smoke?", {("lifestyle", "smoking", "confirmed_absent")}),
    # "I do not" is no "I do"
    ("i do not", "Do you have diabetes?", {("chronic_conditions", "diabetes", "confirmed_absent")}),
    # ... while "all good" to a question about an ending says no "no"
    ("all good", "Has the rash gone?", set()),
]

ONLY_SOMETHING_ELSE: list[Row] = [
    # "only" / "just" with something that was not asked: the "no" still denies what was asked
    ("nope none of that, just really tired", "Any chest pain or shortness of breath?",
     {("symptoms", "chest pain", "confirmed_absent"), ("symptoms", "shortness of breath", "confirmed_absent"),
      ("symptoms", "fatigue", "active")}),
    ("nope, only a bit of heartburn", "Any nausea or vomiting?",
     {("symptoms", "nausea", "confirmed_absent"), ("symptoms", "vomiting", "confirmed_absent"),
      ("symptoms", "heartburn", "active")}),
    ("no, only when I climb stairs I get a bit breathless", "Any chest pain?",
     {("symptoms", "chest pain", "confirmed_absent"), ("symptoms", "shortness of breath", "active")}),
    ("no, just a sore throat", "Any fever?",
     {("symptoms", "fever", "confirmed_absent"), ("symptoms", "sore throat", "active")}),
    # ... while one of the asked things is kept and the others denied, and the asked section kept
    ("no, just the cough", "Any fever or cough?",
     {("symptoms", "cough", "active"), ("symptoms", "fever", "confirmed_absent")}),
    ("no, only metformin", "Any other medicines?", {("medications", "metformin", "active")}),
]

BY_PLACE: list[Row] = [
    # an asked thing answered by its place in the question
    ("yes the first, not the second", "Any chest pain or shortness of breath?",
     {("symptoms", "chest pain", "active"), ("symptoms", "shortness of breath", "confirmed_absent")}),
    ("first yes, second no", "Any fever or a rash?",
     {("symptoms", "fever", "active"), ("symptoms", "rash", "confirmed_absent")}),
    ("no to the first, yes to the second", "Do you have diabetes or high blood pressure?",
     {("chronic_conditions", "diabetes", "confirmed_absent"), ("chronic_conditions", "hypertension", "active")}),
    ("the latter yes", "Any headaches or dizziness?", {("symptoms", "dizziness", "active")}),
    ("the first one no, the last one yes", "Any nausea, vomiting or diarrhoea?",
     {("symptoms", "nausea", "confirmed_absent"), ("symptoms", "diarrhea", "active")}),
    # ... not "the first time", which says it happened before
    ("no, first time", "Is this the first time you have had chest pain?", set()),
]

FOLLOW_UP_QUESTIONS: list[Row] = [
    # a question that only adds to the one before it is asked with it
    ("no", "Do you have any chest pain? Any shortness of breath?",
     {("symptoms", "chest pain", "confirmed_absent"), ("symptoms", "shortness of breath", "confirmed_absent")}),
    ("no to both", "Have you had a fever? And any cough?",
     {("symptoms", "fever", "confirmed_absent"), ("symptoms", "cough", "confirmed_absent")}),
    ("nope", "Any chest pain? What about shortness of breath or palpitations?",
     {("symptoms", "chest pain", "confirmed_absent"), ("symptoms", "shortness of breath", "confirmed_absent"),
      ("symptoms", "palpitations", "confirmed_absent")}),
    # ... not one that asks how long or when, which a "no" does not answer
    ("no", "How long have you had the cough? Any fever?", {("symptoms", "fever", "confirmed_absent")}),
    # the occasion named after the asked thing is not asked about
    ("no", "Any chest pain or tightness, especially when walking?", {("symptoms", "chest pain", "confirmed_absent")}),
    ("no", "Do you get dizzy when you stand up after eating?", {("symptoms", "dizziness", "confirmed_absent")}),
    ("no", "Any noise when you cough?", set()),
    ("no", "Any wetness when you sneeze?", set()),
    # ... unless the whole names one complaint, which is then what is asked
    ("no", "Any blood when you cough?", {("symptoms", "hemoptysis", "confirmed_absent")}),
    ("no", "Any leaking when you sneeze?", {("symptoms", "urinary incontinence", "confirmed_absent")}),
    # ... not an occasion that opens the question
    ("no", "When you wake up, do you have a headache?", {("symptoms", "headache", "confirmed_absent")}),
]

NOTHING_ASKED: list[Row] = [
    # an offer or the user's wish: no health fact either way
    ("no", "Any questions about the warfarin?", set()),
    ("nope", "Anything you want to ask about your asthma?", set()),
    ("no", "Would you like a reminder to take your amlodipine?", set()),
    ("no", "Shall I add ibuprofen to your list?", set()),
    ("yes please", "Would you like some tips on managing migraines?", set()),
    ("yes", "Do you want me to add omeprazole to your medication list?", set()),
    ("sure", "Shall we go through your medicines, like metformin?", set()),
    # how a named illness goes: a "no" leaves it present
    ("no", "Is the rash getting any better?", set()),
    ("no, it didn't work", "Did the antihistamine help with the itching?", set()),
    ("no", "Is the inhaler helping with the wheeze?", set()),
    ("no", "Is the itching worse at night?", set()),
    ("no", "Does the pain get worse when you walk?", set()),
    # what the question names as the user's own ("your", "the chest pain"): a "no" leaves it
    ("no, forgot", "Did you take your metformin this morning?", set()),
    ("not yet", "Have you seen a doctor about the chest pain?", set()),
    ("no", "Are you worried about your diabetes?", set()),
    ("no", "Was the headache sudden?", set()),
    ("no", "Have you tried anything for the heartburn?", set()),
    ("no", "Is the rash itchy?", {("symptoms", "itching", "confirmed_absent")}),
    # ... while an asked ending, a presupposed drug and a thing asked with "any" still answer
    ("no", "Do you still get the headaches?", {("symptoms", "headache", "resolved")}),
    ("no", "Have you had the flu this year?", {("diagnoses", "influenza", "confirmed_absent")}),
    ("no", "Are you on the pill?", {("medications", "oral contraceptive", "confirmed_absent")}),
    ("no", "Any fever or worse breathlessness?",
     {("symptoms", "fever", "confirmed_absent"), ("symptoms", "shortness of breath", "confirmed_absent")}),
    ("no", "Has the rash gone?", {("symptoms", "rash", "active")}),
    # ... and so does a term that holds what a copula asks of its subject, a "the" after a verb of
    # having, and the alternative beside the one whose course is asked
    ("no", "Is your skin itchy?", {("symptoms", "itching", "confirmed_absent")}),
    ("no", "Are your stools black?", {("symptoms", "melena", "confirmed_absent")}),
    ("no", "Do you get the urge to pee often?", {("symptoms", "urinary urgency", "confirmed_absent")}),
    ("no", "Is the cough any different, or do you get the shakes?", {("symptoms", "tremor", "confirmed_absent")}),
    ("no", "Any change in the rash, or feeling the urge to pee at night?",
     {("symptoms", "urinary urgency", "confirmed_absent")}),
    ("yes", "Is the ibuprofen helping with the pain?", {("medications", "ibuprofen", "active")}),
]
EFFECT_DENIED: list[Row] = [
    # what a medicine does is denied: the medicine is taken, what it is for is still there
    ("paracetamol isn't touching the headache", None,
     {("medications", "paracetamol", "active"), ("symptoms", "headache", "active")}),
    ("ibuprofen does nothing for my back pain", None,
     {("medications", "ibuprofen", "active"), ("symptoms", "back pain", "active")}),
    ("omeprazole hasn't made a difference to the heartburn", None,
     {("medications", "omeprazole", "active"), ("symptoms", "heartburn", "active")}),
    ("the antibiotics didn't clear the infection", None, set()),
    # ... while a denial of its own in the clause beside it stays one
    ("the ibuprofen didn't help and I have no fever", None,
     {("medications", "ibuprofen", "active"), ("symptoms", "fever", "confirmed_absent")}),
]

ADDRESSED_TO_THE_SYSTEM: list[Row] = [
    # an edit of a part of the record named as such, after a word to the assistant or not
    ("hey assistant, add asthma to my conditions", None, set()),
    ("please set my smoking status to never", None, set()),
    ("assistant, remove diabetes from my conditions", None, set()),
    ("put down that I don't drink", None, set()),
    # what was said struck, as the whole message
    ("forget what I said about the aspirin", None, set()),
    # ... while a statement that only uses the verbs tells its facts
    ("I'd like to add that I take aspirin", None, {("medications", "aspirin", "active")}),
    ("forget what I said, I do take aspirin every day", None, {("medications", "aspirin", "active")}),
]
# fmt: on


ROWS = [
    *HEDGED_DENIALS, *NO_IN_OTHER_WORDS, *ONLY_SOMETHING_ELSE, *BY_PLACE, *FOLLOW_UP_QUESTIONS, *NOTHING_ASKED,
    *EFFECT_DENIED, *ADDRESSED_TO_THE_SYSTEM,
]


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_english_replies(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, "en")) == expected
