"""The rules backend on English chat, sixth round: what a stop ends and what it leaves, the
scope of a doubt, amounts that answer a habit question, fillers and denials of a whole section, and chat
vocabulary kept as data (``anamnesis/terminology/data/chat_forms_en.tsv``), misspelt names.

Each row is (text, assistant turn before it or None, the exact set of (section, entity, status)
the message must yield). The sentences are new, written for these mechanisms, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, Triple, triples, understand

# fmt: off
STOPS: list[Row] = [
    # a stop with an object pronoun ends what was taken, not the symptom named in between
    ("the naproxen made me nauseous so they stopped it", None, {("medications", "naproxen", "stopped")}),
    ("the sertraline made me sweaty so the gp took me off it", None, {("medications", "sertraline", "stopped")}),
    # ... and a "they" stopping "it" is someone else's course only when someone else was named
    ("my wife was on naproxen but they stopped it", None, set()),
    # an ending does not carry over a pause to a thing of another kind
    ("came off the citalopram in march, still getting headaches", None,
     {("medications", "citalopram", "stopped"), ("symptoms", "headache", "active")}),
    ("stopped the amlodipine, ramipril too", None,
     {("medications", "amlodipine", "stopped"), ("medications", "ramipril", "stopped")}),
    # an ending with an object of its own does not reach the next verb's entity
    ("fell off the ladder on friday and sprained my ankle", None, {("injuries", "ankle sprain", "active")}),
    ("came off the statin and the cramps went", None,
     {("medications", "statins", "stopped"),
      ("symptoms", "muscle cramps", "resolved")}),
]

SIDE_EFFECTS: list[Row] = [
    # an effect told in the past beside the stop ended with the drug
    ("came off the citalopram in march, the nightmares were horrendous", None,
     {("medications", "citalopram", "stopped")}),
    # an illness the drug gave is its effect; one told before the drug is the reason, and stays
    ("the empagliflozin gave me thrush so they stopped it", None, {("medications", "empagliflozin", "stopped")}),
    ("got pneumonia so i came off the methotrexate", None,
     {("diagnoses", "pneumonia", "active"), ("medications", "methotrexate", "stopped")}),
    # an effect said to be gone is still a past side effect: the drug stopped, no symptom (CONVENTIONS)
    ("the ramipril was giving me a cough so she stopped it, the cough has gone", None,
     {("medications", "ramipril", "stopped")}),
]

DOUBT_SCOPE: list[Row] = [
    # a doubt after a comma covers its own phrase; a hedge before a name is a guess at it
    ("rash on my arms, probably eczema", None, {("symptoms", "rash", "active")}),
    ("started omeprazole last week, might be an ulcer", None, {("medications", "omeprazole", "active")}),
    ("tired all the time, probably anaemia", None, {("symptoms", "fatigue", "active")}),
]

AMOUNT_ANSWERS: list[Row] = [
    # an amount per period answers a habit question yes
    ("about 15 a day", "Do you smoke?", {("lifestyle", "smoking", "active")}),
    ("rubbish, 5 hours a night", "How's your sleep?", {("lifestyle", "sleep", "active")}),
    ("yeah maybe 3 pints a week, less than before", "Do you drink?", {("lifestyle", "alcohol", "active")}),
    # ... and says nothing to a question about something else
    ("2 a day", "Any allergies?", set()),
    # a reply that has the asked thing by a pronoun, or a "yes" with only its circumstances
    ("got one at the surgery in october", "Have you had a flu jab this year?",
     {("vaccinations", "influenza vaccine", "historical")}),
    ("yes on sunday after church", "Have you had a flu jab this year?",
     {("vaccinations", "influenza vaccine", "historical")}),
    ("yes my dad does", "Do you have diabetes?", set()),
]

HEALED: list[Row] = [
    # an injury dated to a past year has healed; one of last week has not
    ("fractured my collarbone falling off a horse in 2011", None, {("injuries", "clavicle fracture", "resolved")}),
    ("sprained my wrist last week", None, {("injuries", "wrist sprain", "active")}),
    # an episode the user "had" at a past time is over, unless the phrase says it goes on
    ("had shingles in the autumn, the pain took ages to settle", None, {("diagnoses", "herpes zoster", "resolved")}),
    ("had a chest infection a few weeks ago", None, {("diagnoses", "lower respiratory tract infection", "resolved")}),
    ("i have had a uti for a week now", None, {("diagnoses", "urinary tract infection", "active")}),
    ("had a nosebleed last night, none since", None, {("symptoms", "epistaxis", "resolved")}),
]

SECTION_DENIALS: list[Row] = [
    ("none whatsoever", "Any drug allergies?", {("allergies", "*", "confirmed_absent")}),
    ("nothing that i know of", "Are you on any regular medicines?", {("medications", "*", "confirmed_absent")}),
    ("i do not think so", "Do you have any allergies?", {("allergies", "*", "confirmed_absent")}),
    # a filler only opens the answer; a bad reaction to a medicine is an allergy question
    ("erm, well, no", "Any allergies?", {("allergies", "*", "confirmed_absent")}),
    ("hmm no never", "Have you ever reacted badly to a medicine?", {("allergies", "*", "confirmed_absent")}),
    # an ending word with its intensifier answers a question about a symptom
    ("gone completely", "And the pounding heartbeat?", {("symptoms", "palpitations", "resolved")}),
]

BODY: list[Row] = [
    # "im 6 ft" opens like an age and is a height
    ("im 5 ft 4 and about 140 lbs", None,
     {("demographics", "height_cm", "active"), ("demographics", "weight_kg", "active")}),
    ("im 1.82 m, weigh 90 kg", None,
     {("demographics", "height_cm", "active"), ("demographics", "weight_kg", "active")}),
]

TYPOS: list[Row] = [
    # a long word one edit from one name is that name; a dictionary word never is
    ("been on metfromin for years", None, {("medications", "metformin", "active")}),
    ("the rash came back after the cefalexn", None,
     {("symptoms", "rash", "active"), ("medications", "cefalexin", "active")}),
    ("my ashtma is worse in winter", None, {("chronic_conditions", "asthma", "active")}),
    ("aspiring to be healthier this year", None, set()),
]

CHAT_VOCABULARY: list[Row] = [
    # a condition named by its finding, a symptom as an everyday predicate, a clipped course name
    ("my blood pressure has been high since my forties", None, {("chronic_conditions", "hypertension", "active")}),
    ("thyroid is underactive, the gp says", None, {("chronic_conditions", "hypothyroidism", "active")}),
    ("hands are shaky in the mornings", None, {("symptoms", "tremor", "active")}),
    ("finished the clarithro on monday", None, {("medications", "clarithromycin", "stopped")}),
    ("AF diagnosed in the spring, on bisoprolol", None,
     {("chronic_conditions", "atrial fibrillation", "active"), ("medications", "bisoprolol", "active")}),
]

COMPOSED_NAMES: list[Row] = [
    # a body part with a surgery word composes "<part> surgery"; the vocabulary's entity when it lists that name
    ("had surgery on my back after the accident", None, {("surgeries", "spine surgery", "historical")}),
    ("I had surgery on my back and shoulder years ago", None,
     {("surgeries", "spine surgery", "historical"), ("surgeries", "shoulder surgery", "historical")}),
]
# fmt: on


@pytest.mark.parametrize(
    ("text", "context", "expected"),
    STOPS + SIDE_EFFECTS + DOUBT_SCOPE + AMOUNT_ANSWERS + HEALED + SECTION_DENIALS + BODY + TYPOS + CHAT_VOCABULARY
    + COMPOSED_NAMES,
)
def test_understands(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context, "en")) == expected
