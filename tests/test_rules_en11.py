"""The rules backend on English chat, eleventh round: failure kinds, not sentences.

A question that names a medicine and what it is for ("Are you taking Zoloft for your
depression?") asks about the medicine: "yes" confirms it and "no" denies it, never the illness. A
reply that answers the asked things one by one by a word of each name ("diabetes no, blood
pressure yes", "a bit breathless but no pain") answers each of them. A contrast right after a bare
answer word ("yes but no fever", "no but I've had diarrhoea") parts them as a comma does.

An ending said in a later message without a name ("it went away on its own", "that's settled
down now", "don't take that anymore", "finished the course") speaks of what was discussed last:
the medicine, or the illness whatever its kind (an episode, a symptom, an injury).

What the user read or was told in general ("I read that statins cause muscle pain", "the
leaflet says it can cause dizziness"), what a mate has, and what is booked for later are no facts.

A denial that lasts a while ("haven't smoked for ten years", "not had a drink in years") ends a
habit, it is no absence; what a "since" denial starts from ("no heartburn since I started the
omeprazole") is taken or given up by its own verb, it is not denied.

An order to file or strike one entry ("mark my diabetes as type 2", "remove the asthma entry") is
addressed to the system and yields nothing. A question that names a section and then examples
("Any allergies, for example to eggs?") asks about the section: "no" denies the section.

A question about a test ("Have you been tested for diabetes?") asks nothing of the illness the
test looks for. A medicine started "when" or "since" something ended is taken ("gave it up when I
started the mtx"). Thoughts of harming oneself are suicidal ideation; puffy ankles are swollen.

"The pill" and "birth control pills" are the oral contraceptive; "a daily vitamin" a multivitamin.

Each row is (text, assistant turn before it or None, the exact set of (section, entity, status)
the message must yield). The sentences are new, written for these kinds, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_reconcile import ev, run
from tests.test_rules_backend import Row, triples, understand

# fmt: off
PURPOSE_QUESTIONS: list[Row] = [
    # a named medicine asked with its purpose: the medicine is what is asked
    ("Yes.", "Are you taking Zoloft for your depression?", {("medications", "sertraline", "active")}),
    ("yes, every day", "Do you use the ventolin for your wheezing?", {("medications", "salbutamol", "active")}),
    ("no", "Do you take metformin for your diabetes?", {("medications", "metformin", "confirmed_absent")}),
    ("Nope.", "Are you on amlodipine for the blood pressure?", {("medications", "amlodipine", "confirmed_absent")}),
    # ... while a purpose with no medicine named still denies nothing
    ("no", "Are you taking anything for your headaches?", set()),
    ("nothing", "Any medication for your migraines?", set()),
]

ANSWERS_BY_PART: list[Row] = [
    # each asked thing answered by a word of its name
    ("diabetes no, blood pressure yes", "Do you have diabetes or high blood pressure?",
     {("chronic_conditions", "diabetes", "confirmed_absent"), ("chronic_conditions", "hypertension", "active")}),
    ("a bit breathless but no pain", "Any shortness of breath or chest pain?",
     {("symptoms", "shortness of breath", "active"), ("symptoms", "chest pain", "confirmed_absent")}),
    ("the pain yes, the breathing no", "Have you had chest pain or shortness of breath?",
     {("symptoms", "chest pain", "active"), ("symptoms", "shortness of breath", "confirmed_absent")}),
    # "X's fine" denies X (test_disc22)
    ("sugar's fine, no, but pressure yes", "Any high blood sugar or high blood pressure?",
     {("diagnoses", "hyperglycemia", "confirmed_absent"), ("chronic_conditions", "hypertension", "active")}),
    # ... not a word that belongs to two asked names, nor a piece with a term of its own
    ("pain no", "Any chest pain or back pain?", set()),
    ("headaches no, dizzy yes", "Any headaches or blurred vision?",
     {("symptoms", "headache", "confirmed_absent"), ("symptoms", "dizziness", "active")}),
]

CONTRAST_AFTER_ANSWER: list[Row] = [
    # "but" right after the answer word parts it from the rest as a comma does
    ("yes but no fever", "Any cough?", {("symptoms", "cough", "active"), ("symptoms", "fever", "confirmed_absent")}),
    ("yeah but no migraines", "Do you get headaches?",
     {("symptoms", "headache", "active"), ("chronic_conditions", "migraine", "confirmed_absent")}),
    ("no but i've had diarrhoea", "Any nausea?",
     {("symptoms", "nausea", "confirmed_absent"), ("symptoms", "diarrhea", "active")}),
    ("nope though my ankles swell at night", "Any chest pain?",
     {("symptoms", "chest pain", "confirmed_absent"), ("symptoms", "peripheral edema", "active")}),
]

UNNAMED_ENDINGS: list[Row] = [
    # an illness over by itself, or a medicine stopped, with no name: the one discussed last
    ("it cleared up after a few days", None, {("diagnoses", "^", "resolved")}),
    ("much better, it went away on its own", None, {("diagnoses", "^", "resolved")}),
    ("that's settled down now", None, {("diagnoses", "^", "resolved")}),
    ("it stopped after a couple of days", None, {("diagnoses", "^", "resolved")}),
    ("gone completely since friday", None, {("diagnoses", "^", "resolved")}),
    ("don't take that anymore", None, {("medications", "^", "stopped")}),
    ("not taking them any more", None, {("medications", "^", "stopped")}),
    ("finished the course yesterday", None, {("medications", "^", "stopped")}),
    ("I'm off it now", None, {("medications", "^", "stopped")}),
    # ... not a question, a hope, a plan, someone else's, or another "gone"
    ("is it gone for good?", None, set()),
    ("hope it clears up soon", None, set()),
    ("if it goes away I'll stop the cream", None, set()),
    ("my son's rash has all gone", None, set()),
    ("the pharmacy has gone all digital", None, set()),
    ("I don't know if I should take it anymore", None, set()),
]

NO_FACTS: list[Row] = [
    # general knowledge, read or heard, about no one in particular
    ("I read that statins cause muscle pain", None, set()),
    ("the leaflet says it can cause dizziness", None, set()),
    ("heard that metformin can give you diarrhoea", None, set()),
    ("ibuprofen can cause stomach ulcers apparently", None, set()),
    # a mate or a pal is someone else
    ("my mate swears by turmeric for arthritis", None, set()),
    ("my pal has just been diagnosed with diabetes", None, set()),
    # booked or due: not done yet
    ("booked in for my flu jab on friday", None, set()),
    ("scheduled for a colonoscopy in may", None, set()),
    ("I'm due for my covid booster", None, set()),
    # ... while the user's own state beside it stays
    ("I read up on it, I definitely have gout", None, {("chronic_conditions", "gout", "active")}),
    ("my mate and I both smoke", None, {("lifestyle", "smoking", "active")}),
]

EVERYDAY_MEDICINES: list[Row] = [
    ("just my birth control pills", "What medications are you taking?",
     {("medications", "oral contraceptive", "active")}),
    ("I'm on the pill", None, {("medications", "oral contraceptive", "active")}),
    ("came off the pill last year", None, {("medications", "oral contraceptive", "stopped")}),
    ("I'm not on any regular medication apart from the pill", None,
     {("medications", "oral contraceptive", "active")}),
    ("I take a daily vitamin and fish oil", None,
     {("medications", "multivitamin", "active"), ("medications", "omega-3 fatty acids", "active")}),
    # ... a pill of no name is no medicine, and vitamins denied with all else deny the section
    ("took a pill for my headache", None, {("symptoms", "headache", "active")}),
    ("nothing, not even vitamins", "Do you take any medications?", {("medications", "*", "confirmed_absent")}),
]

LASTING_DENIALS: list[Row] = [
    ("haven't smoked for ten years", None, {("lifestyle", "smoking", "stopped")}),
    ("not had a drink in years", None, {("lifestyle", "alcohol", "stopped")}),
    ("haven't touched cigarettes for twelve years", None, {("lifestyle", "smoking", "stopped")}),
    ("no palpitations for a couple of months now", None, {("symptoms", "palpitations", "resolved")}),
    ("never smoked in my life", None, {("lifestyle", "smoking", "confirmed_absent")}),
    # the starting point of a "since" denial
    ("not since i started the omeprazole", "Still getting the heartburn?",
     {("symptoms", "heartburn", "resolved"), ("medications", "omeprazole", "active")}),
    # "^": the earlier drug of its group, stopped at the fold
    ("no hypos since they switched me to gliclazide", None,
     {("symptoms", "hypoglycemia", "resolved"), ("medications", "gliclazide", "active"),
      ("medications", "^", "stopped")}),
    ("not had any palpitations since starting bisoprolol", None,
     {("symptoms", "palpitations", "resolved"), ("medications", "bisoprolol", "active")}),
    ("no reflux since I came off the naproxen", None,
     {("chronic_conditions", "gastroesophageal reflux disease", "resolved"), ("medications", "naproxen", "stopped")}),
]

SYSTEM_AND_EXAMPLES: list[Row] = [
    ("mark my diabetes as type 2 please, it's cheaper on my insurance", None, set()),
    ("please list my asthma as resolved", None, set()),
    ("remove the asthma entry", None, set()),
    ("could you flag my blood pressure as controlled", None, set()),
    # ... what a doctor filed is told, not ordered
    ("the GP marked my asthma as mild in my notes", None, {("chronic_conditions", "asthma", "active")}),
    # a section asked with examples: the section is what "no" denies
    ("nope none", "Any allergies, for example to eggs or to a previous vaccine?",
     {("allergies", "*", "confirmed_absent")}),
    ("no", "Have you had any operations, for example on the womb or ovaries?",
     {("surgeries", "*", "confirmed_absent")}),
    ("no", "Any medical conditions, such as diabetes or high blood pressure?",
     {("chronic_conditions", "*", "confirmed_absent")}),
    ("eggs yes", "Any allergies, for example to eggs or to a previous vaccine?", {("allergies", "egg", "active")}),
]

TESTS_ANCHORS_AND_NAMES: list[Row] = [
    ("no", "Have you been tested for diabetes?", set()),
    ("not yet", "Have you been screened for bowel cancer?", set()),
    ("not yet, it's booked", "Has your daughter been checked for coeliac disease?", set()),
    ("nope, gave it up when i started the mtx", "Do you drink alcohol?",
     {("lifestyle", "alcohol", "stopped"), ("medications", "methotrexate", "active")}),
    ("no, gave it up last year", "Do you drink?", {("lifestyle", "alcohol", "stopped")}),
    ("quit smoking after starting champix", None,
     {("lifestyle", "smoking", "stopped"), ("medications", "varenicline", "active")}),
    ("No.", "Are you having any thoughts of harming yourself?",
     {("symptoms", "suicidal ideation", "confirmed_absent")}),
    ("my ankles got really puffy", None, {("symptoms", "peripheral edema", "active")}),
]
# fmt: on


ROWS = [
    *PURPOSE_QUESTIONS, *ANSWERS_BY_PART, *CONTRAST_AFTER_ANSWER, *UNNAMED_ENDINGS, *NO_FACTS, *EVERYDAY_MEDICINES,
    *LASTING_DENIALS, *SYSTEM_AND_EXAMPLES, *TESTS_ANCHORS_AND_NAMES,
]


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_english_chat(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, "en")) == expected


def _talk(*messages: str) -> dict[tuple[str, str], str]:
    """The current (section, entity) → status after the user's messages, one a day, folded."""
    rows = [
        ev(day, f"m{day}", e["section"], e["entity"], e["status"])
        for day, text in enumerate(messages)
        for e in understand(text, None, "en").events
    ]
    _, facts, _ = run(*rows)
    return dict(zip(zip(facts["section"], facts["entity"], strict=True), facts["status"], strict=True))


@pytest.mark.parametrize(
    ("messages", "expected"),
    [
        (("had a horrible headache since yesterday", "it went away on its own"),
         {("symptoms", "headache"): "resolved"}),
        (("rash on my arms since sunday", "it cleared up after a few days"), {("symptoms", "rash"): "resolved"}),
        (("sprained my ankle last week", "that's settled down now"), {("injuries", "ankle sprain"): "resolved"}),
        # everything over: the infection and its complaints (the labels end both; test_whole_episode)
        (("burning when I pee", "doc says it's a UTI", "all cleared up now"),
         {("symptoms", "dysuria"): "resolved", ("diagnoses", "urinary tract infection"): "resolved"}),
        (("on naproxen for my knee", "don't take that anymore"), {("medications", "naproxen"): "stopped"}),
        # two illnesses named together: which one is over is unclear, so nothing changes
        (("sore throat and a fever", "it went away"), {("symptoms", "sore throat"): "active",
                                                       ("symptoms", "fever"): "active"}),
    ],
)
def test_an_unnamed_ending_ends_what_was_discussed_last(
    messages: tuple[str, ...], expected: dict[tuple[str, str], str]
) -> None:
    assert _talk(*messages) == expected
