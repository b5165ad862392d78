"""The rules backend on English chat and history-taking, seventh round: the clinicians' impersonal
"they", a body part or illness answering a question about operations, a question about a part of
a section ("any herbal remedies?"), an amount or a reaction given to a question about a named
drug, a clinician's statement of the user's history confirmed, "can't take" as an intolerance, someone else acting on the user, compact ages ("41 yo"),
and canonical names kept as data.

Each row is (text, assistant turn before it or None, the exact set of (section, entity, status)
the message must yield). The sentences are new, written for these mechanisms, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, Triple, by_triple, triples, understand

# fmt: off
CLINICIANS_THEY: list[Row] = [
    # with nobody else named, "they" are the hospital: what they did was done to the user
    ("they took my appendix out when i was 15", None, {("surgeries", "appendectomy", "historical")}),
    ("they put two stents in after the heart attack", None,
     {("surgeries", "coronary stent placement", "historical"), ("diagnoses", "myocardial infarction", "resolved")}),
    ("they diagnosed me with asthma at school", None, {("chronic_conditions", "asthma", "active")}),
    # ... but a "they" after a person is that person, and "they say" is common opinion
    ("my uncle had a bypass, they put a stent in too", None, set()),
    ("they say coffee causes palpitations", None, set()),
]

OPERATION_ANSWERS: list[Row] = [
    # a bare organ answering "any operations?" names its removal, an illness its operation
    ("only my tonsils as a teenager", "Have you ever had an operation?", {("surgeries", "tonsillectomy", "historical")}),
    ("appendix, years ago", "Any surgical history?", {("surgeries", "appendectomy", "historical")}),
    ("appendicitis when I was nine", "Any previous surgeries?", {("surgeries", "appendectomy", "historical")}),
    ("hip replaced in 2018 and my tonsils as a teenager", "Any operations in the past?",
     {("surgeries", "hip replacement", "historical"), ("surgeries", "tonsillectomy", "historical")}),
    ("cataracts done in both eyes in 2022", "Have you had any surgeries?",
     {("surgeries", "cataract surgery", "historical")}),
    # without the question the organ is no operation
    ("my appendix, years ago", None, set()),
]

PART_OF_A_SECTION: list[Row] = [
    # "no" to a part of a section denies that part, never the whole section
    ("No.", "Do you take any herbal remedies?", set()),
    ("nope", "Are you on any other medications?", set()),
    ("no, only what my doctor gave me", "Any over-the-counter drugs?", set()),
    ("No.", "Any other allergies I should know about?", set()),
    ("No.", "Do you use any recreational drugs?", set()),
    ("no, I don't take anything like that", "Any vitamins or supplements?", set()),
    # ... while what the answer names still answers the question, the family's or an allergy
    ("Diabetes.", "Any other health problems in your family?", {("family_history", "diabetes", "active")}),
    ("latex", "Any other allergies?", {("allergies", "latex", "active")}),
    # the whole section is still denied when it is asked about as a whole
    ("No.", "Are you taking any medications?", {("medications", "*", "confirmed_absent")}),
]

ASKED_ABOUT_A_DRUG: list[Row] = [
    # an amount to "what dose of your X?" confirms X (the dose is checked below)
    ("20 mg in the morning", "What dose of atorvastatin are you taking?", {("medications", "atorvastatin", "active")}),
    ("twice a day", "How often do you use your inhaler, the Symbicort?",
     {("medications", "budesonide/formoterol", "active")}),
    ("none at all", "How much ibuprofen do you take?", {("medications", "ibuprofen", "confirmed_absent")}),
    # a reaction to "what happens when you take X?" is an allergy to X, not a symptom now
    ("I break out in hives", "What happens when you take penicillin?", {("allergies", "penicillin", "active")}),
    ("a nasty rash on my chest", "What kind of reaction did you have to the codeine?",
     {("allergies", "codeine", "active")}),
    ("nothing really", "What happens when you take aspirin?", {("allergies", "aspirin", "confirmed_absent")}),
]

CONFIRMED_STATEMENTS: list[Row] = [
    # a clinician's statement of the user's history, confirmed, is the user's; acknowledged, nothing
    ("That's right.", "I can see you had your gallbladder taken out in 2012.",
     {("surgeries", "cholecystectomy", "historical")}),
    ("yes", "Looks like you're taking lisinopril 20 mg.", {("medications", "lisinopril", "active")}),
    ("Yes, that's right.", "It says here you have no known allergies. Is that correct?",
     {("allergies", "*", "confirmed_absent")}),
    ("yep", "You've been on warfarin for two years, right?", {("medications", "warfarin", "active")}),
    ("ok", "I can see you had your gallbladder taken out in 2012.", set()),
    ("yes", "Lisinopril can cause a dry cough.", set()),
    ("yes", "You should try ibuprofen for that.", set()),
]

INTOLERANCE: list[Row] = [
    # "can't take X" is an intolerance, never a medicine taken
    ("I can't take morphine", "Any drug allergies?", {("allergies", "morphine", "active")}),
    ("i cannot tolerate metformin, it wrecks my stomach", None, {("allergies", "metformin", "active")}),
]

DONE_TO_ME: list[Row] = [
    # someone who gets the user doing something is the agent, the habit is the user's
    ("my husband got me swimming twice a week", None, {("lifestyle", "exercise", "active")}),
    ("my daughter has me on a low salt diet now", None, {("lifestyle", "diet", "active")}),
    # ... but her own facts stay hers
    ("my daughter has a low salt diet", None, set()),
]

ASSERTED_BEFORE_A_QUESTION: list[Row] = [
    # what the user states before a dash is no part of the question after it
    ("i have gout - is beer ok?", None, {("chronic_conditions", "gout", "active")}),
    ("can i take naproxen - is it safe?", None, set()),
    # a counted dose after "yes" still answers yes
    ("yes 2 doses, the last one in march", "Have you had the HPV vaccine?",
     {("vaccinations", "hpv vaccine", "historical")}),
]

ALLERGY_LISTS: list[Row] = [
    # an allergen that "makes me" react is an allergy; the drug the user carries is a medicine
    ("dogs make me wheeze", None, {("allergies", "dog dander", "active")}),
    ("latex, I carry an epipen", "Any allergies?",
     {("allergies", "latex", "active"), ("medications", "epinephrine", "active")}),
]

AND_NO: list[Row] = [
    # "and no ..." opens its own denial: it neither undoes the ending before it nor takes its term
    ("the cough cleared up and no fever now", None,
     {("symptoms", "cough", "resolved"), ("symptoms", "fever", "confirmed_absent")}),
    ("I have eczema and no other allergies", None,
     {("chronic_conditions", "atopic dermatitis", "active")}),
    ("no nausea and no vomiting", None,
     {("symptoms", "nausea", "confirmed_absent"), ("symptoms", "vomiting", "confirmed_absent")}),
    # a test that came back negative denies what it tested for
    ("my flu test came back negative", None, {("diagnoses", "influenza", "confirmed_absent")}),
]

LASTING_STOPS: list[Row] = [
    # a denial that still holds says an earlier stop lasts; a symptom's is only absent
    ("three months on, still not drinking", None, {("lifestyle", "alcohol", "stopped")}),
    ("still no headaches this week", None, {("symptoms", "headache", "confirmed_absent")}),
    # a lab's "fasting" is no diet (the reading over its range is a finding, CONTRACT §2)
    ("my fasting sugar was 6.1 this morning", None, {("diagnoses", "elevated fasting glucose", "active")}),
    # one in range ends the finding only if the user holds it (the fold drops it otherwise)
    ("my fasting sugar was 5.1 this morning", None, {("diagnoses", "^elevated fasting glucose", "resolved")}),
]

DEMOGRAPHICS: list[Row] = [
    ("62 yo female with COPD", None,
     {("demographics", "age", "active"), ("demographics", "sex", "active"), ("chronic_conditions", "chronic obstructive pulmonary disease", "active")}),
    ("about 70kg and 1.65m, 38 y/o male", None,
     {("demographics", "age", "active"), ("demographics", "sex", "active"), ("demographics", "weight_kg", "active"),
      ("demographics", "height_cm", "active")}),
    # an age something began at is no age now
    ("asthma since age 9", None, {("chronic_conditions", "asthma", "active")}),
]

CANONICAL_NAMES: list[Row] = [
    # variants map onto one canonical name (gold README: plain English medical names)
    ("constant tingling in my fingers, like pins and needles", None, {("symptoms", "paresthesia", "active")}),
    ("the swab came back positive for strep", None, {("diagnoses", "streptococcal pharyngitis", "active")}),
    ("allergic to wasp stings, I carry an epipen", None,
     {("allergies", "wasp venom", "active"), ("medications", "epinephrine", "active")}),
    ("had a knee scope in 2019", None, {("surgeries", "knee arthroscopy", "historical")}),
    ("diagnosed with generalised anxiety last year", None,
     {("chronic_conditions", "generalized anxiety disorder", "active")}),
    ("my son has ADHD", None, {("family_history", "attention deficit hyperactivity disorder", "active")}),
    ("eczema on my hands since I was a kid", None, {("chronic_conditions", "atopic dermatitis", "active")}),
    ("had a seizure last month", None, {("symptoms", "seizure", "resolved")}),
    ("bright light hurts my eyes with these headaches", None,
     {("symptoms", "photophobia", "active"), ("symptoms", "headache", "active")}),
    ("cut out fizzy drinks and eating smaller meals", None, {("lifestyle", "diet", "active")}),
    # an illness of one pregnancy is an episode, not a chronic condition
    ("the gp said postnatal depression and started me on sertraline", None,
     {("diagnoses", "postpartum depression", "active"), ("medications", "sertraline", "active")}),
]
# fmt: on


@pytest.mark.parametrize(
    ("text", "context", "expected"),
    CLINICIANS_THEY + OPERATION_ANSWERS + PART_OF_A_SECTION + ASKED_ABOUT_A_DRUG + CONFIRMED_STATEMENTS + INTOLERANCE
    + DONE_TO_ME
    + ASSERTED_BEFORE_A_QUESTION + ALLERGY_LISTS + AND_NO + LASTING_STOPS
    + DEMOGRAPHICS + CANONICAL_NAMES,
)
def test_understands(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context, "en")) == expected


@pytest.mark.parametrize(
    ("text", "context", "triple", "attribute", "value"),
    [
        ("It's 40 mg, once a day.", "What is the strength of your omeprazole?",
         ("medications", "omeprazole", "active"), "dose", "40 mg"),
        ("I break out in hives", "What happens when you take penicillin?",
         ("allergies", "penicillin", "active"), "reaction", "urticaria"),
        ("38 y/o male", None, ("demographics", "age", "active"), "value", "38"),
    ],
)
def test_attributes(text: str, context: str | None, triple: Triple, attribute: str, value: str) -> None:
    assert by_triple(understand(text, context, "en"))[triple][attribute] == value
