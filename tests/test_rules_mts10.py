"""The rules backend on doctor–patient history-taking (MTS-Dialog kinds), tenth round: a question
that takes a named drug as the user's ("How long have you been on X?", "What do you take X
for?") answered with anything but a denial.

Each row is (text, assistant turn before it or None, the exact set of (section, entity, status)
the message must yield). The sentences are new, written for these mechanisms, not copied from any
evaluation set.
"""

from __future__ import annotations

from datetime import UTC, datetime

import polars as pl
import pytest

from anamnesis.understanding.fragments import build_fragments
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
    ("Oh, I just adjust that myself.", "And what about your insulin dose?", {("medications", "insulin", "active")}),
    ("Only a little, like I said.", "How much of the tramadol are you using?", {("medications", "tramadol", "active")}),
    # ... not a question back, not another drug, not someone else's, not a denial
    ("What's that?", "How long have you been on metoprolol?", set()),
    # ... but how the user gets on with it asks its effects, which the gold labels never make a
    # taking of the drug (answers25): the reply says how the drug suits, not that it is taken
    ("A lot better, honestly.", "How have you been feeling since you started the metformin?", set()),
    ("Pretty well so far.", "How are you getting on with the Symbicort?", set()),
    # a switch naming only the new drug also stops, at the fold, the drug of its group told before ("^")
    ("I switched to losartan last year.", "How long have you been on lisinopril?",
     {("medications", "losartan", "active"), ("medications", "^", "stopped")}),
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

#: A context of two assistant turns, joined by build_fragments when the user asked back in between.
CLARIFIED: list[Row] = [
    # the assistant's reply to the user's question back asks nothing: the answer is to the question before
    ("No, I'm not.", "Do you have any allergies to medicines?\nYes, you.", {("allergies", "*", "confirmed_absent")}),
    ("Nope, nothing at all.", "Are you on any regular medications?\nBoth kinds, yes.",
     {("medications", "*", "confirmed_absent")}),
    ("None.", "Have you had any operations?\nAny kind at all.", {("surgeries", "*", "confirmed_absent")}),
    ("Yes, every day.", "Are you taking the lisinopril?\nThat's right, the blood pressure one.",
     {("medications", "lisinopril", "active")}),
    ("No.", "Do you smoke?\nCigarettes, yes.", {("lifestyle", "smoking", "confirmed_absent")}),
    # ... while a reply that asks or states something of its own is what the answer is about
    ("Yep.", "Are you on metformin?\nNo worries. And you're still using the albuterol inhaler.",
     {("medications", "salbutamol", "active")}),
    ("No.", "Do you smoke?\nOkay. Do you drink alcohol?", {("lifestyle", "alcohol", "confirmed_absent")}),
]

SPELLED_LETTERS: list[Row] = [
    # an abbreviation spelled out letter by letter, as a transcript of speech writes it
    ("I have G E R D and C O P D.", None,
     {("chronic_conditions", "gastroesophageal reflux disease", "active"),
      ("chronic_conditions", "chronic obstructive pulmonary disease", "active")}),
    ("Yes, a C A B G in 2015.", "Any surgeries?", {("surgeries", "coronary artery bypass grafting", "historical")}),
    ("They did an O R I F on my wrist.", None, {("surgeries", "open reduction and internal fixation", "historical")}),
    ("No.", "Any history of D V T?", {("diagnoses", "deep vein thrombosis", "confirmed_absent")}),
    # ... a lone capital before a hyphenated word stays itself
    ("A C-section, back in 2012.", "Any surgeries?", {("surgeries", "cesarean section", "historical")}),
]

TOLD_BEFORE_A_QUESTION: list[Row] = [
    # the clinician states the user's history, then asks on: a reply that goes along confirms it
    ("Yes, I have high blood pressure too.", "I see you take insulin. Do you have high blood pressure?",
     {("medications", "insulin", "active"), ("chronic_conditions", "hypertension", "active")}),
    ("Yes, since I was a teenager.", "So you've been on levothyroxine for a while. Do you also have asthma?",
     {("medications", "levothyroxine", "active"), ("chronic_conditions", "asthma", "active")}),
    ("Much better, thank you for asking.", "It looks like you had a knee replacement last year. How is that going?",
     {("surgeries", "knee replacement", "historical")}),
    ("Yes, my mother had it.", "I see you had a hysterectomy. Any family history of breast cancer?",
     {("surgeries", "hysterectomy", "historical"), ("family_history", "breast cancer", "active")}),
    # ... a denial, a question back or a bare acknowledgement confirms nothing stated
    ("No.", "I see you're on metformin. Any side effects?", set()),
    ("What do you mean?", "I see you take insulin. Do you check your sugars?", set()),
    ("Okay.", "I see you take insulin. Let's check your sugars.", set()),
]
# fmt: on


@pytest.mark.parametrize(
    ("text", "context", "expected"),
    PRESUPPOSED_DRUGS + PRESCRIPTIONS + STATEMENTS_CONFIRMED + CLARIFIED + SPELLED_LETTERS + TOLD_BEFORE_A_QUESTION,
)
def test_mts10_cases(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context, "en")) == expected


def _messages(turns: list[tuple[str, str]]) -> pl.DataFrame:
    return pl.DataFrame(
        {
            "message_id": [f"m{i}" for i in range(len(turns))],
            "user_id": ["u"] * len(turns),
            "session_id": ["s"] * len(turns),
            "ts": [datetime(2026, 3, 1, 9, i, tzinfo=UTC) for i in range(len(turns))],
            "role": [role for role, _ in turns],
            "text": [text for _, text in turns],
            "lang": ["en"] * len(turns),
            "content_hash": [f"h{i}" for i in range(len(turns))],
        }
    )


def test_a_question_back_keeps_the_question_it_asked_about_in_the_context() -> None:
    turns = [
        ("assistant", "Are you allergic to any medicines?"),
        ("user", "Me?"),
        ("assistant", "Yes."),
        ("user", "No, I am not."),
        ("assistant", "Any operations?"),
        ("user", "Yes, my appendix."),
        ("assistant", "When was that?"),
        ("user", "In 2010."),
    ]
    fragments = build_fragments(_messages(turns))
    contexts = dict(zip(fragments["message_id"], fragments["context"], strict=True))
    keys = dict(zip(fragments["message_id"], fragments["fragment_key"], strict=True))
    assert contexts["m1"] == "Are you allergic to any medicines?"
    assert contexts["m3"] == "Are you allergic to any medicines?\nYes."
    assert contexts["m7"] == "When was that?"  # the turn before was no question back
    assert keys["m3"] != "h3:h2"  # the joined context has its own key
