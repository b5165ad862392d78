"""The rules backend on doctor–patient history-taking (MTS-Dialog kinds), nineteenth round (issue 11).

- The register of a clinician asking for the past medical history as a whole ("Any medical
  problems?", "Any significant past medical history?", "Any health issues?"): a "no" is a
  section-wide absence of chronic conditions, as "Any medical conditions?" already was.
- A clinician's statement of the user's history read from the record ("I see here in your
  reports you have...", "It's mentioned here that you have...", "I also see that you had..."):
  an assent confirms it, as "Your chart says you have diabetes." — "That's right." already did.
- Names a clinic's medication list and history use that the vocabulary lacked: US brands
  ("Soma", "Skelaxin", "Suboxone", "Fioricet"), prenatal vitamins, a defibrillator put in, a bypass said alone.
- An operation said of a pronoun ("I broke my wrist and had surgery on it", "had a hernia and had
  it repaired", "they took it out"): the operation of the body part or illness named before it.
- An assent whose whole rest is a bare denial ("Yes, none.", "Yes, sir. None.") to a question
  put as a denial ("No allergies?"): it agrees with the denial, so it is a "no".
- The medicines asked beside the allergies ("Any medications or allergies?"), not tied to them by a
  preposition or the allergy word ("allergic to any medications", "medication allergies"): a "no"
  denies both sections.
- A drug given to the user for a complaint ("My doctor gave me prednisone for the rash"): the
  giving comes before the drug, so it is a treatment, not the cause of a reaction ("Codeine gave
  me a rash" names the drug first).
- A question that takes a condition as the user's and asks how it goes or how long it has lasted
  ("How's your asthma?", "How long have you had the high blood pressure?"): a reply that neither
  denies it nor says it is over confirms the condition, as a question about a named drug's course
  already confirmed the drug (tests/test_rules_mts10.py).

Each row is (text, assistant turn before it, the exact set of (section, entity, status) the message
must yield). The sentences are new, written for these kinds, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
HISTORY_REGISTER: list[Row] = [
    ("No, nothing.", "Any medical problems?", {("chronic_conditions", "*", "confirmed_absent")}),
    ("No, I've always been healthy.", "Any significant past medical history?",
     {("chronic_conditions", "*", "confirmed_absent")}),
    ("Not really, no.", "Have you had any medical issues in the past?",
     {("chronic_conditions", "*", "confirmed_absent")}),
    ("Nothing.", "Any prior medical history I should know about?", {("chronic_conditions", "*", "confirmed_absent")}),
    ("None at all.", "Do you have any health issues?", {("chronic_conditions", "*", "confirmed_absent")}),
    ("None.", "Just to double check, no past medical history?", {("chronic_conditions", "*", "confirmed_absent")}),
    # ... a named condition answers it, and "other" asks of a part, so its "no" denies nothing
    ("Just high cholesterol.", "Any medical problems?", {("chronic_conditions", "hypercholesterolemia", "active")}),
    ("No, that's it.", "Besides the asthma, any other medical problems?", set()),
]

STATED_FROM_THE_RECORD: list[Row] = [
    ("Yes.", "So, I see here in your reports you have arthritis in both knees.",
     {("chronic_conditions", "arthritis", "active")}),
    ("That's correct.", "Also, it's mentioned here that you have atrial fibrillation.",
     {("chronic_conditions", "atrial fibrillation", "active")}),
    ("Yeah, that's right.", "I also see that you had your gallbladder removed.",
     {("surgeries", "cholecystectomy", "historical")}),
    ("Correct.", "It is noted in your file that you have hypothyroidism.",
     {("chronic_conditions", "hypothyroidism", "active")}),
    ("Yes.", "I noticed in your records that you take metformin.", {("medications", "metformin", "active")}),
    # ... an acknowledgement confirms nothing, a denial nothing either
    ("Okay.", "It's mentioned here that you have atrial fibrillation.", set()),
    ("No, that's wrong.", "I also see that you have asthma.", set()),
]

PRESUPPOSED_CONDITIONS: list[Row] = [
    ("Much better lately.", "How's your asthma these days?", {("chronic_conditions", "asthma", "active")}),
    ("Not too bad.", "How is your diabetes doing?", {("chronic_conditions", "diabetes", "active")}),
    ("About ten years.", "How long have you had the high blood pressure?",
     {("chronic_conditions", "hypertension", "active")}),
    ("Up and down, honestly.", "How has your gout been since we changed the dose?",
     {("chronic_conditions", "gout", "active")}),
    ("It's been fine.", "And how are you managing your epilepsy?", {("chronic_conditions", "epilepsy", "active")}),
    # ... not a denial, a question back, nor another person's
    ("I don't have asthma.", "How's your asthma these days?", {("chronic_conditions", "asthma", "confirmed_absent")}),
    ("What do you mean?", "How is your diabetes doing?", set()),
    ("About ten years.", "How long has your mother had high blood pressure?", set()),
]

#: names of a clinic's medication list and devices the vocabulary lacked (terminology data)
NAMES: list[Row] = [
    ("Just Soma and Skelaxin for my back.", "What do you take for the spasms?",
     {("medications", "carisoprodol", "active"), ("medications", "metaxalone", "active")}),
    ("Suboxone, every morning.", "What medications are you on?", {("medications", "buprenorphine/naloxone", "active")}),
    ("Fioricet for the headaches.", "Any medications?",
     {("medications", "butalbital/paracetamol/caffeine", "active"), ("symptoms", "headache", "active")}),
    ("Aggrenox, twice a day.", "Are you on any blood thinners?", {("medications", "aspirin/dipyridamole", "active")}),
    ("Only Prempro.", "Do you take any hormones?",
     {("medications", "conjugated estrogens/medroxyprogesterone", "active")}),
    ("Just my prenatal vitamins.", "Any medications?", {("medications", "multivitamin", "active")}),
    ("Yes, they put a defibrillator in two years ago.", "Any surgeries?",
     {("surgeries", "implantable cardioverter defibrillator", "historical")}),
    ("I had a bypass in 2015.", "Any surgeries?", {("surgeries", "coronary artery bypass grafting", "historical")}),
    ("Gastric bypass in 2012.", "Any surgeries?", {("surgeries", "gastric bypass", "historical")}),
    ("An AICD in 2019.", "Any procedures on your heart?",
     {("surgeries", "implantable cardioverter defibrillator", "historical")}),
]

#: an operation said of a pronoun is the operation of what the sentence named last before it
OPERATED_ON_IT: list[Row] = [
    ("I broke my wrist and had surgery on it.", "Any surgeries?",
     {("injuries", "wrist fracture", "active"), ("surgeries", "wrist surgery", "historical")}),
    ("I had a hernia and had it repaired.", "Any operations?", {("surgeries", "hernia repair", "historical")}),
    ("My appendix burst so they took it out.", "Have you had any surgeries?",
     {("surgeries", "appendectomy", "historical")}),
    ("I fractured my ankle and needed surgery on it.", None,
     {("injuries", "ankle fracture", "active"), ("surgeries", "ankle surgery", "historical")}),
    # ... not a plan, nor an illness with no operation of its own
    ("I have a hernia and I'm going to have it repaired.", None, {("diagnoses", "hernia", "active")}),
    ("I had tonsillitis all the time, so they removed them.", "Any surgeries?",
     {("diagnoses", "tonsillitis", "active")}),
]

#: an assent whose whole rest is a bare denial agrees with a question put as a denial
AGREED_DENIALS: list[Row] = [
    ("Yes, none.", "No allergies?", {("allergies", "*", "confirmed_absent")}),
    ("Yes, sir. None.", "And no past medical history?", {("chronic_conditions", "*", "confirmed_absent")}),
    ("Yeah, none at all.", "So no surgeries in the past?", {("surgeries", "*", "confirmed_absent")}),
    ("Correct, nothing.", "And no medications at the moment?", {("medications", "*", "confirmed_absent")}),
    ("Yep, never.", "You've never had an operation?", {("surgeries", "*", "confirmed_absent")}),
    # ... while a denial that says more is no bare one
    ("Yes, no problem.", "Could you bring your medicine list next time?", set()),
]

#: a medicines noun beside the allergies, not tied to them, is a section asked of its own
SECTIONS_ASKED_TOGETHER: list[Row] = [
    ("No.", "Any medications or allergies?",
     {("medications", "*", "confirmed_absent"), ("allergies", "*", "confirmed_absent")}),
    ("No and no.", "Do you take any medications, and do you have any allergies?",
     {("medications", "*", "confirmed_absent"), ("allergies", "*", "confirmed_absent")}),
    ("None.", "Allergies, medications?",
     {("medications", "*", "confirmed_absent"), ("allergies", "*", "confirmed_absent")}),
    ("Nope, neither.", "Are you on any medicines or have any allergies?",
     {("medications", "*", "confirmed_absent"), ("allergies", "*", "confirmed_absent")}),
    # ... while medicines the allergy is to are the allergy's
    ("No.", "Are you allergic to any medications?", {("allergies", "*", "confirmed_absent")}),
    ("No.", "Any allergies to medications or foods?", {("allergies", "*", "confirmed_absent")}),
    ("No.", "Any medication allergies?", {("allergies", "*", "confirmed_absent")}),
    ("No.", "Are you allergic to any foods, pets or medicines?", {("allergies", "*", "confirmed_absent")}),
    ("None.", "Do you have any drug allergies or intolerances?", {("allergies", "*", "confirmed_absent")}),
]

#: a drug given to the user for a complaint is a treatment, not the cause of a reaction
GIVEN_FOR: list[Row] = [
    ("My doctor gave me prednisone for the rash.", None,
     {("medications", "prednisone", "active"), ("symptoms", "rash", "active")}),
    ("They gave me amoxicillin for the hives.", None,
     {("medications", "amoxicillin", "active"), ("symptoms", "urticaria", "active")}),
    ("My GP gives me cetirizine for the itching.", None,
     {("medications", "cetirizine", "active"), ("symptoms", "itching", "active")}),
    ("Urgent care gave me Benadryl for the swelling.", None,
     {("medications", "diphenhydramine", "active"), ("symptoms", "swelling", "active")}),
    # ... while a drug named before "gave me" is what caused it
    ("Codeine gave me a rash.", None, {("allergies", "codeine", "active")}),
    ("Sulfa drugs give me hives.", None, {("allergies", "sulfonamides", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), HISTORY_REGISTER)
def test_history_register(text: str, context: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, "en")) == expected


@pytest.mark.parametrize(("text", "context", "expected"), STATED_FROM_THE_RECORD)
def test_stated_from_the_record(text: str, context: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, "en")) == expected


@pytest.mark.parametrize(("text", "context", "expected"), PRESUPPOSED_CONDITIONS)
def test_presupposed_conditions(text: str, context: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, "en")) == expected


@pytest.mark.parametrize(("text", "context", "expected"), NAMES)
def test_names(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, "en")) == expected


@pytest.mark.parametrize(("text", "context", "expected"), OPERATED_ON_IT)
def test_operated_on_it(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, "en")) == expected


@pytest.mark.parametrize(("text", "context", "expected"), AGREED_DENIALS)
def test_agreed_denials(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, "en")) == expected


@pytest.mark.parametrize(("text", "context", "expected"), SECTIONS_ASKED_TOGETHER)
def test_sections_asked_together(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, "en")) == expected


@pytest.mark.parametrize(("text", "context", "expected"), GIVEN_FOR)
def test_given_for(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, "en")) == expected
