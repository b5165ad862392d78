"""The rules backend on doctor–patient history-taking (MTS-Dialog kinds), eighth round: a reply
that dates what a "when" question asked (years said aloud, "it was in ...", "... years ago"),
"your last X?" as a question about when, "I'm not sure" as uncertainty rather than a denial,
"none known" as a denial, "none to medications" under an allergy question as a denial of drug
allergies, and a clinician's "you were prescribed X" / "you're allergic to X" confirmed by the user.

Each row is (text, assistant turn before it or None, the exact set of (section, entity, status)
the message must yield). The sentences are new, written for these mechanisms, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, Triple, triples, understand

# fmt: off
DATED_REPLIES: list[Row] = [
    # a date said to "when was your last X?" says the user had X
    ("I think it was in two thousand and twelve.", "When did you last get a tetanus booster?",
     {("vaccinations", "tetanus vaccine", "historical")}),
    ("Can't recall the exact day, but that was in nineteen eighty seven.", "When was your last flu shot?",
     {("vaccinations", "influenza vaccine", "historical")}),
    ("Hmm, it was about four years ago.", "Do you know when you had your last flu shot?",
     {("vaccinations", "influenza vaccine", "historical")}),
    ("In 2016.", "When was your last tetanus shot?", {("vaccinations", "tetanus vaccine", "historical")}),
    # "your last X?" asks when even without "when"
    ("Let me check, it was in twenty nineteen.", "And your last tetanus shot?",
     {("vaccinations", "tetanus vaccine", "historical")}),
    # a denial of having it is no date (it denies the vaccine); another person's date, or a date
    # with no "when" question, says nothing of the kind
    ("I never had one, my husband had it in 2019.", "When was your last flu shot?",
     {("vaccinations", "influenza vaccine", "confirmed_absent")}),
    ("It was in 2019.", "Are you taking any medications?", set()),
    ("it was in nineteen ninety nine", None, set()),
]

UNSURE_IS_NO_DENIAL: list[Row] = [
    # "I'm not sure" holds "sure" but answers neither yes nor no
    ("I'm not sure.", "Do you have any allergies?", set()),
    ("I am not sure.", "Have you ever had the shingles vaccine?", set()),
    ("Not really sure, to be honest.", "Any drug allergies?", set()),
    # a plain "no, I'm not" still denies
    ("No, I'm not.", "Are you allergic to anything?", {("allergies", "*", "confirmed_absent")}),
]

PRESCRIBED_STATEMENTS: list[Row] = [
    # a clinician's "you were prescribed X" confirmed, or given its schedule, is the user's drug
    ("Yes, that's right.", "I see you were prescribed atorvastatin by your cardiologist.",
     {("medications", "atorvastatin", "active")}),
    ("Only when I need it.", "So you were prescribed albuterol.", {("medications", "salbutamol", "active")}),
    ("Two puffs at night.", "And you were prescribed a budesonide inhaler.", {("medications", "budesonide", "active")}),
    # an acknowledgement only acknowledges
    ("Okay.", "So you were prescribed albuterol.", set()),
]
DENIALS_OF_KNOWLEDGE: list[Row] = [
    # "none known" and "nothing I'm aware of" deny as "no" does
    ("None known.", "Do you have any allergies to medicines?", {("allergies", "*", "confirmed_absent")}),
    ("Nothing I'm aware of.", "Are you allergic to any foods or drugs?", {("allergies", "*", "confirmed_absent")}),
    ("None known, though shellfish gives me hives.", "Any allergies?", {("allergies", "shellfish", "active")}),
    # "none to medications" under an allergy question denies drug allergies, not the user's medicines
    ("None to medications.", "Are you allergic to anything?", {("allergies", "*", "confirmed_absent")}),
    ("Not to any drugs, no.", "Any allergies I should know about?", {("allergies", "*", "confirmed_absent")}),
    ("None to medications.", "Are you on any regular treatment?", {("medications", "*", "confirmed_absent")}),
]

ALLERGY_STATEMENTS: list[Row] = [
    # a clinician's "you're allergic to X" confirmed is the user's allergy; acknowledged, nothing
    ("Yep, that's the one.", "It says here you're allergic to amoxicillin.", {("allergies", "amoxicillin", "active")}),
    ("Alright.", "You're allergic to latex.", set()),
    # "your medications include X and Y" confirmed: the user's list
    ("Yes, that's all of them.", "So your medications include losartan and atorvastatin.",
     {("medications", "losartan", "active"), ("medications", "atorvastatin", "active")}),
    ("Okay.", "Your medications include losartan and atorvastatin.", set()),
]

CAUSED_BY_A_DRUG: list[Row] = [
    # a reaction a drug caused the user: "yes" is an allergy, never a drug taken or a current rash
    ("Yes, that was the one.", "The Bactrim gave you hives?",
     {("allergies", "sulfamethoxazole/trimethoprim", "active")}),
    ("Yeah, a bad one.", "Did amoxicillin ever give you a reaction?", {("allergies", "amoxicillin", "active")}),
    # a side effect asked about: "no" denies the effect, never the drug
    ("No.", "Did the atorvastatin give you muscle aches?", {("symptoms", "muscle pain", "confirmed_absent")}),
]

CANNOT_TAKE_IT: list[Row] = [
    # "..., I can't take it" makes the drug named before it an intolerance
    ("Tramadol makes me dizzy, I can't take it.", None, {("allergies", "tramadol", "active")}),
    ("They tried me on Bactrim once but I couldn't tolerate it.", None,
     {("allergies", "sulfamethoxazole/trimethoprim", "active")}),
    # ... never a drug the user says they take, nor "can't take it with ..."
    ("I'm on metformin, I can't take it on an empty stomach.", None, {("medications", "metformin", "active")}),
]

NOT_AN_ENDING: list[Row] = [
    # "off" in "read them off", "day off", "on and off" ends nothing
    ("Let me read them off the bottle: Zoloft and Lipitor.", None,
     {("medications", "sertraline", "active"), ("medications", "atorvastatin", "active")}),
    ("I took the week off work and I've been taking naproxen.", None, {("medications", "naproxen", "active")}),
    ("Off the top of my head, just the Synthroid.", None, {("medications", "levothyroxine", "active")}),
    # ... while "came off" still stops
    ("I came off the Zoloft in March.", None, {("medications", "sertraline", "stopped")}),
]

CLINICIAN_STATEMENTS: list[Row] = [
    # spoken assents confirm; "still" and "the chart shows" state the user's own history
    ("Mm-hmm.", "It says here you had your thyroid out in 2011.", {("surgeries", "thyroidectomy", "historical")}),
    ("Uh-huh.", "And you're still using the Flovent inhaler.", {("medications", "fluticasone", "active")}),
    ("That's correct.", "Your chart shows a hernia repair.", {("surgeries", "hernia repair", "historical")}),
    ("Mhm.", "Do you take metoprolol?", {("medications", "metoprolol", "active")}),
    # an acknowledgement still only acknowledges
    ("Okay.", "Your chart shows a hernia repair.", set()),
]

REGIMEN_STATEMENTS: list[Row] = [
    # a drug with its schedule said of the user's own is their regimen: "yep" confirms it
    ("Yep.", "And the hydrocortisone cream is twice a day for your eczema.",
     {("medications", "hydrocortisone", "active"), ("chronic_conditions", "atopic dermatitis", "active")}),
    ("Okay.", "And the hydrocortisone cream is twice a day for your eczema.", set()),
    ("Yes.", "Your husband takes warfarin twice a day.", set()),
]

CONFIRMATION_TAGS: list[Row] = [
    # "Does that sound right?" / "Is that accurate?" put the sentence before to the user
    ("Yes.", "You had a knee replacement in 2019. Does that sound right?",
     {("surgeries", "knee replacement", "historical")}),
    ("Yeah.", "So you're taking amlodipine. Is that accurate?", {("medications", "amlodipine", "active")}),
    ("Okay.", "So you're taking amlodipine. Is that accurate?", set()),
]

PRESUMED_DRUGS: list[Row] = [
    # a question about what a drug does takes the drug as the user's: "no" never denies it
    ("No.", "Any side effects from the sertraline?", set()),
    ("Nope, none.", "Any trouble with the amlodipine?", set()),
    ("No.", "Is the omeprazole helping?", set()),
    ("Yes.", "Is the omeprazole helping?", {("medications", "omeprazole", "active")}),
    ("No, I stopped it.", "Is the omeprazole helping?", {("medications", "omeprazole", "stopped")}),
    # ... while "no" to taking it still denies it
    ("No.", "Are you taking omeprazole?", {("medications", "omeprazole", "confirmed_absent")}),
]

MORE_DENIALS: list[Row] = [
    ("Not that I know.", "Any known drug allergies?", {("allergies", "*", "confirmed_absent")}),
    ("None so far.", "Any allergies to medicines?", {("allergies", "*", "confirmed_absent")}),
    ("None that I can remember.", "Any operations in the past?", {("surgeries", "*", "confirmed_absent")}),
    # "I did have one" to a "when" question says the user had it
    ("I did have one a while back, not sure when.", "When was your last tetanus shot?",
     {("vaccinations", "tetanus vaccine", "historical")}),
]

REMOVAL_QUESTIONS: list[Row] = [
    # a question about a part's removal asks about that operation
    ("Yes.", "Did they take your appendix out?", {("surgeries", "appendectomy", "historical")}),
    ("Nope.", "Have you had your tonsils removed?", {("surgeries", "tonsillectomy", "confirmed_absent")}),
    # ... a part without a removal, or a relative's, asks nothing of the user's operations
    ("Yes.", "Is your gallbladder tender?", set()),
    ("Yes.", "Did your father have his gallbladder removed?", set()),
]

VACCINE_SERIES: list[Row] = [
    # "the hepatitis B series" is a vaccine, not the disease
    ("I finished the hep B series in college.", None, {("vaccinations", "hepatitis b vaccine", "historical")}),
]
# fmt: on


@pytest.mark.parametrize(
    ("text", "context", "expected"),
    DATED_REPLIES
    + UNSURE_IS_NO_DENIAL
    + PRESCRIBED_STATEMENTS
    + DENIALS_OF_KNOWLEDGE
    + ALLERGY_STATEMENTS
    + CAUSED_BY_A_DRUG
    + VACCINE_SERIES
    + CANNOT_TAKE_IT
    + NOT_AN_ENDING
    + CLINICIAN_STATEMENTS
    + REMOVAL_QUESTIONS
    + REGIMEN_STATEMENTS
    + CONFIRMATION_TAGS
    + PRESUMED_DRUGS
    + MORE_DENIALS,
)
def test_mts8_cases(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context, "en")) == expected
