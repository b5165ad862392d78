"""The rules backend on doctor–patient history-taking (MTS-Dialog kinds), tenth round: a question
that takes a named drug as the user's ("How long have you been on X?", "What do you take X
for?") answered with anything but a denial.

Each row is (text, assistant turn before it or None, the exact set of (section, entity, status)
the message must yield). The sentences are new, written for these mechanisms, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, Triple, triples, understand

# fmt: off
PRESUPPOSED_DRUGS: list[Row] = [
    # a question that takes the drug as the user's: any answer that does not deny it confirms it
    ("Two years, give or take.", "How long have you been on lisinopril?", {("medications", "lisinopril", "active")}),
    ("It varies quite a bit.", "How much prednisone are you taking these days?",
     {("medications", "prednisone", "active")}),
    ("My cardiologist told me to.", "What are you taking the clopidogrel for?",
     {("medications", "clopidogrel", "active")}),
    ("Last spring, I believe.", "When did you start the sertraline?", {("medications", "sertraline", "active")}),
    ("A lot better, honestly.", "How have you been feeling since you started the metformin?",
     {("medications", "metformin", "active")}),
    ("Oh, I just adjust that myself.", "And what about your insulin dose?", {("medications", "insulin", "active")}),
    ("Pretty well so far.", "How are you getting on with the Symbicort?", {("medications", "budesonide/formoterol", "active")}),
    ("Only a little, like I said.", "How much of the tramadol are you using?", {("medications", "tramadol", "active")}),
    # ... not a question back, not another drug, not someone else's, not a denial
    ("What's that?", "How long have you been on metoprolol?", set()),
    ("I switched to losartan last year.", "How long have you been on lisinopril?",
     {("medications", "losartan", "active")}),
    ("Ten years or so.", "How long has your mother been on warfarin?", set()),
    ("I don't take that.", "How much ibuprofen do you take in a day?", {("medications", "ibuprofen", "confirmed_absent")}),
]

PRESCRIPTIONS: list[Row] = [
    # the clinician's own prescription, however the first person puts it, is accepted by an "okay"
    ("Okay.", "I would also like to add amlodipine, five milligrams once a day.", {("medications", "amlodipine", "active")}),
    ("Sounds good.", "I've prescribed a course of doxycycline.", {("medications", "doxycycline", "active")}),
    ("Sure.", "I'm also going to prescribe ondansetron for the nausea.", {("medications", "ondansetron", "active")}),
    ("Alright.", "I have prescribed you some gabapentin for the nerve pain.", {("medications", "gabapentin", "active")}),
    ("Okay.", "We are adding spironolactone today.", {("medications", "spironolactone", "active")}),
    # ... not someone else's, not a refusal, not a question back
    ("Okay.", "Your neurologist would like to add topiramate.", set()),
    ("Okay.", "I would not prescribe antibiotics for a cold.", set()),
    ("What is that for?", "I've prescribed sumatriptan.", set()),
]

STATEMENTS_CONFIRMED: list[Row] = [
    # an assent that adds something of its own confirms the clinician's statement as well
    ("Yeah, and the cardiologist also put me on aspirin.", "So you had a stent placed last year.",
     {("surgeries", "coronary stent placement", "historical"), ("medications", "aspirin", "active")}),
    ("Yes, that was back in 2010, and I also had my appendix out.", "I see you had your gallbladder removed.",
     {("surgeries", "cholecystectomy", "historical"), ("surgeries", "appendectomy", "historical")}),
    # the user's treatment told by who gave it, or after "according to your chart" / "okay yes,"
    ("Yes, it helped my reflux a lot.", "I see they gave you omeprazole.",
     {("medications", "omeprazole", "active"), ("chronic_conditions", "gastroesophageal reflux disease", "active")}),
    ("Yep, and I get the flu shot every fall.", "According to your chart you had a tonsillectomy as a child.",
     {("surgeries", "tonsillectomy", "historical"), ("vaccinations", "influenza vaccine", "historical")}),
    ("Correct.", "We started you on lisinopril at your last visit.", {("medications", "lisinopril", "active")}),
    ("That's right.", "Okay yes, you're on sertraline.", {("medications", "sertraline", "active")}),
    # ... never someone else's, never an acknowledgement, never a reply that takes it back
    ("Yes, I had the flu shot.", "Your husband had a knee replacement.", {("vaccinations", "influenza vaccine", "historical")}),
    ("Okay, and I take aspirin.", "We started you on lisinopril at your last visit.", {("medications", "aspirin", "active")}),
    ("Yes, but my doctor took me off the metformin.", "I see they gave you lisinopril.",
     {("medications", "metformin", "stopped")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), PRESUPPOSED_DRUGS + PRESCRIPTIONS + STATEMENTS_CONFIRMED)
def test_mts10_cases(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context, "en")) == expected
