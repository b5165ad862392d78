"""The rules backend on doctor–patient history-taking (MTS-Dialog kinds), twenty-second round (issue 11).

- A question about an aspect of a treatment the user had or takes: its complications, side effects
  or problems ("Any complications with either surgery?", "Any issues with your medications?",
  "Побочные эффекты от лекарств были?"), or what the user remembers of it ("Do you remember the
  name of the operation?", "Помните название операции?"). Its "no" denies the aspect, never every
  operation or medicine, as "Any problems after the surgery?" already did not.
- A habit told under a condition: "Sometimes if I have pain, I take Tylenol", "If I get a headache
  I take ibuprofen", "Если болит голова, пью нурофен", "如果头疼，我就吃布洛芬". The user takes
  the medicine whenever the condition holds; "I'll take", "I'd take", an imperative or a question
  stay hypothetical, and a drug inside the condition ("If I take aspirin I get hives") is no habit.
- A question of how a section's things go ("Has the medication helped?", "Have your symptoms
  improved?", "Лекарства помогают?"): it takes them as there, so "no" says they do not help,
  never that there are none (Chinese already read "药有效果吗？" so).
- A body part a removal took something out of ("a benign lump removed from my breast", "a polyp
  removed from my colon"): where it was taken from, not the organ removed (no mastectomy).
- The assistant's bare follow-up ("Any surgeries?" — "Yes, one." — "What kind?" — "My gallbladder.";
  "Какие именно?", "哪种？"): the reply answers the question before it too, so its context joins
  both turns, as after a question asked back.
- A reply that dates what the clinician stated of the user's history ("I see that you had an
  appendectomy." — "Back in the nineteen forties.", "That was in 1998.", "When I was a kid, yes."):
  it takes the statement as so, as "yes" does; a reply that denies it or only acknowledges does not.
- More of a clinician's ways of stating the user's history from a record or an earlier turn ("I
  have here that you take...", "The nurse noted you're allergic to...", "You mentioned you take...",
  "Your list shows...", "Your surgical history includes..."), and more ways of agreeing with one
  ("Right.", "Exactly.", "True."; to a question, "Right." stays no answer).
- A medicine said with the allergy it treats ("Zyrtec for my allergies", "Allegra when my
  allergies act up", "Зиртек от аллергии"): a medication, not an allergy to it.
- Names a clinic's history uses that the vocabulary lacked: a Medrol Dosepak, Cutivate,
  Aristocort, a nitro patch, a port put in, a plate put in.
- A question that puts a denial to confirm ("No known drug allergies, correct?", "So no surgeries?",
  "You don't take any medications, right?"): an agreeing "Correct." / "Right." / "Yes, that's
  correct." agrees with the denial; a bare "Yes." stays unread (it may mean "yes, I have").
- Reactions to medicines asked of ("Any bad reactions to medicines in the past?"): drug allergies.
- More of a clinician's prescriptions an "okay" accepts ("I'd like you to take Tylenol...", "We'll
  continue your metformin.", "Continue taking your Lipitor."); "I would not give you..." is none.
- The assistant's guess at the name the user is looking for ("Any drug allergies?" — "I'm allergic
  to... what's it called." — "Naprosyn?" — "Yes, that one."): the reply answers the allergy question
  too, so the guessed drug is an allergy, not a medicine.
- "I'm not aware of any." as a whole answer: a denial, as "Not that I'm aware of." already was.

Each row is (text, assistant turn before it, the exact set of (section, entity, status) the message
must yield). The sentences are new, written for these kinds, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from anamnesis.understanding.fragments import build_fragments
from tests.test_rules_backend import triples, understand
from tests.test_rules_mts10 import _messages

LangRow = tuple[str, str, str | None, set[tuple[str, str, str]]]

# fmt: off
ASPECT_OF_A_TREATMENT: list[LangRow] = [
    ("en", "Uh nope.", "Any complications with either surgery?", set()),
    ("en", "No, not really. Can you remind me?", "Do you remember the information about your operation?", set()),
    ("en", "No.", "Do you recall your surgery?", set()),
    ("en", "No, I don't.", "Do you know the name of the medicine?", set()),
    ("en", "Nope.", "Any issues with the medicines you take?", set()),
    ("en", "No.", "Any side effects from your medicines?", set()),
    ("en", "No, none.", "Any side effects from the vaccine?", set()),
    ("ru", "Нет.", "Побочные эффекты от лекарств были?", set()),
    ("ru", "Нет.", "Помните название операции?", set()),
    ("zh", "没有。", "吃药有副作用吗？", set()),
    # ... while the treatment asked of as a whole, or whether the user remembers having any, is denied
    ("en", "No.", "Any surgeries?", {("surgeries", "*", "confirmed_absent")}),
    ("en", "No.", "Do you remember having any surgeries?", {("surgeries", "*", "confirmed_absent")}),
    ("en", "No.", "Are you taking any medications?", {("medications", "*", "confirmed_absent")}),
    ("ru", "Нет.", "Операции были?", {("surgeries", "*", "confirmed_absent")}),
    ("en", "Yes, I take metformin and it upsets my stomach.", "Any problems with your medications?",
     {("medications", "metformin", "active")}),
]

HABIT_UNDER_A_CONDITION: list[LangRow] = [
    ("en", "Sometimes if I have pain, I take Tylenol and usually it works for me.", "Any other issues?",
     {("medications", "paracetamol", "active")}),
    ("en", "If I get a headache I take ibuprofen.", "What do you do for the headaches?",
     {("medications", "ibuprofen", "active")}),
    ("en", "If I can't sleep I take melatonin.", None, {("medications", "melatonin", "active")}),
    ("en", "If my knees act up, I usually take Aleve.", None, {("medications", "naproxen", "active")}),
    ("ru", "Если болит голова, пью нурофен.", "Что принимаете?", {("medications", "ibuprofen", "active")}),
    ("ru", "Если не могу уснуть, я принимаю мелатонин.", None, {("medications", "melatonin", "active")}),
    ("zh", "如果头疼，我就吃布洛芬。", "平时吃什么药？", {("medications", "ibuprofen", "active")}),
    # ... while a plan, a wish, an imperative, a question or a drug inside the condition is no habit
    ("en", "If I take ibuprofen, will it help?", None, set()),
    ("en", "If the pain gets worse I will take ibuprofen.", None, set()),
    ("en", "If it hurts I'd take Tylenol.", None, set()),
    ("en", "If you need it, take Tylenol.", None, set()),
    ("en", "If I take aspirin I get hives.", None, set()),
    ("ru", "Если будет болеть, выпью нурофен.", None, set()),
    ("ru", "Если выпью аспирин, станет легче?", None, set()),
    ("zh", "如果吃布洛芬，会不会好一点？", None, set()),
]

SECTIONS_GOING: list[LangRow] = [
    ("en", "No, they keep getting worse.", "Have your symptoms improved at all since they began?", set()),
    ("en", "No.", "Has the medication helped?", set()),
    ("en", "No, not at all.", "Is the medicine working?", set()),
    ("en", "No.", "Did the surgery help?", set()),
    ("en", "Not really.", "Are your symptoms any better?", set()),
    ("ru", "Нет.", "Лекарства помогают?", set()),
    ("ru", "Нет.", "Симптомы улучшились?", set()),
    ("zh", "没有。", "药有效果吗？", set()),
    # ... while a question whether there are any denies them
    ("en", "No.", "Any symptoms?", {("symptoms", "*", "confirmed_absent")}),
    ("en", "No.", "Are you on any medications that are helping?", {("medications", "*", "confirmed_absent")}),
    ("ru", "Нет.", "Принимаете какие-нибудь лекарства?", {("medications", "*", "confirmed_absent")}),
]

TAKEN_FROM_A_PART: list[LangRow] = [
    ("en", "I had a benign lump removed from my breast.", "Any surgeries?",
     {("surgeries", "skin lesion excision", "historical")}),
    # the polyp it took out is over (rules/operated.py, data/lesions.tsv)
    ("en", "I had a polyp removed from my colon.", "Any surgeries?",
     {("surgeries", "polypectomy", "historical"), ("diagnoses", "colon polyps", "resolved")}),
    ("en", "I had a benign lump removed from my breast.", None, {("surgeries", "skin lesion excision", "historical")}),
    # ... while the organ itself removed is its operation
    ("en", "I had my ovaries removed.", "Any surgeries?", {("surgeries", "oophorectomy", "historical")}),
    ("en", "They removed my gallbladder.", "Any surgeries?", {("surgeries", "cholecystectomy", "historical")}),
]

ANSWERS_TO_A_FOLLOW_UP: list[LangRow] = [
    ("en", "My gallbladder.", "Any surgeries?\nWhat kind?", {("surgeries", "cholecystectomy", "historical")}),
    ("en", "Latex and bees.", "Any allergies?\nWhich ones?",
     {("allergies", "latex", "active"), ("allergies", "bee stings", "active")}),
    ("ru", "Аппендикс.", "Операции были?\nКакие именно?", {("surgeries", "appendectomy", "historical")}),
    ("zh", "阑尾。", "做过手术吗？\n哪种？", {("surgeries", "appendectomy", "historical")}),
]

STATED_HISTORY: list[LangRow] = [
    ("en", "Right.", "I have here that you take Synthroid.", {("medications", "levothyroxine", "active")}),
    ("en", "Correct.", "The nurse noted you're allergic to sulfa.", {("allergies", "sulfonamides", "active")}),
    ("en", "Yes.", "You mentioned you take aspirin daily.", {("medications", "aspirin", "active")}),
    ("en", "Yes, that's all.", "Your list shows Norvasc and Zestril.",
     {("medications", "amlodipine", "active"), ("medications", "lisinopril", "active")}),
    ("en", "Yes.", "Your surgical history includes a cholecystectomy.", {("surgeries", "cholecystectomy", "historical")}),
    ("en", "Exactly.", "I see you had your appendix removed.", {("surgeries", "appendectomy", "historical")}),
    ("en", "Right, when I was twelve.", "I see you had your appendix removed.",
     {("surgeries", "appendectomy", "historical")}),
    # ... while a denial, an acknowledgement or "right" to a question confirms nothing
    ("en", "Not right.", "I see you had your appendix removed.", set()),
    ("en", "Okay.", "I have here that you take Synthroid.", set()),
    ("en", "Right.", "Any allergies?", set()),
]

TREATS_THE_ALLERGY: list[LangRow] = [
    ("en", "Allegra when my allergies act up.", "What medications are you currently taking?",
     {("medications", "fexofenadine", "active")}),
    ("en", "Zyrtec for my allergies.", "What medications are you currently taking?",
     {("medications", "cetirizine", "active")}),
    ("en", "Benadryl when my allergies flare.", "Any medications?", {("medications", "diphenhydramine", "active")}),
    ("ru", "Зиртек от аллергии.", "Что принимаете?", {("medications", "cetirizine", "active")}),
    # ... while the allergy word said of the drug is its allergy
    ("en", "Penicillin allergy.", "Any allergies?", {("allergies", "penicillin", "active")}),
    ("en", "Codeine allergy since I was a kid.", None, {("allergies", "codeine", "active")}),
    ("ru", "Пенициллин аллергия.", None, {("allergies", "penicillin", "active")}),
]

CLINIC_NAMES: list[LangRow] = [
    ("en", "I take a Medrol Dosepak.", "Any medications?", {("medications", "methylprednisolone", "active")}),
    ("en", "Cutivate cream and Aristocort.", "Any medications?",
     {("medications", "fluticasone", "active"), ("medications", "triamcinolone", "active")}),
    ("en", "A nitro patch.", "What medications are you currently taking?", {("medications", "glyceryl trinitrate", "active")}),
    ("en", "I had a port put in for chemo.", "Any past surgeries?", {("surgeries", "port placement", "historical")}),
    ("en", "I broke my arm and they put a plate in.", "Any history of surgery?",
     {("injuries", "arm fracture", "active"), ("surgeries", "open reduction and internal fixation", "historical")}),
]

AGREED_TO_A_DENIAL: list[LangRow] = [
    ("en", "Correct.", "No known drug allergies, correct?", {("allergies", "*", "confirmed_absent")}),
    ("en", "Yes, that's correct.", "No known drug allergies, correct?", {("allergies", "*", "confirmed_absent")}),
    ("en", "Right.", "So no surgeries?", {("surgeries", "*", "confirmed_absent")}),
    ("en", "That's right.", "And you've never had surgery?", {("surgeries", "*", "confirmed_absent")}),
    ("en", "Correct.", "You don't take any medications, right?", {("medications", "*", "confirmed_absent")}),
    ("en", "Right.", "No chest pain?", {("symptoms", "chest pain", "confirmed_absent")}),
    # ... while a bare "yes" or a reply that names something says no denial
    ("en", "Yes.", "No allergies?", set()),
    ("en", "Yes, penicillin.", "No allergies?", {("allergies", "penicillin", "active")}),
    ("en", "Actually I take aspirin.", "You don't take any medications, right?", {("medications", "aspirin", "active")}),
    ("en", "Correct.", "Any allergies?", set()),
]

REACTIONS_TO_MEDICINES: list[LangRow] = [
    ("en", "No.", "Any bad reactions to medicines in the past?", {("allergies", "*", "confirmed_absent")}),
    ("en", "No.", "Any reactions to medications?", {("allergies", "*", "confirmed_absent")}),
    ("en", "Yes, to codeine.", "Have you ever had a reaction to a medication?", {("allergies", "codeine", "active")}),
]

PRESCRIBED: list[LangRow] = [
    ("en", "Sounds good.", "I'd like you to take Tylenol every six hours.", {("medications", "paracetamol", "active")}),
    ("en", "Okay.", "We'll continue your metformin.", {("medications", "metformin", "active")}),
    ("en", "Will do.", "Continue taking your Lipitor.", {("medications", "atorvastatin", "active")}),
    # ... while a refusal to prescribe, an offer or a statement about a drug is none
    ("en", "Okay.", "I would not give you antibiotics for this.", set()),
    ("en", "No thanks.", "Do you want me to give you ibuprofen?", set()),
    ("en", "Okay.", "Ibuprofen is an anti-inflammatory.", set()),
]

GUESSED_NAMES: list[LangRow] = [
    ("en", "Yes, that one.", "Any drug allergies?\nPenicillin?", {("allergies", "penicillin", "active")}),
    ("en", "Yes, Naprosyn.", "Any drug allergies?\nNaprosyn?", {("allergies", "naproxen", "active")}),
    ("en", "No.", "Any drug allergies?\nPenicillin?", {("allergies", "penicillin", "confirmed_absent")}),
    # ... while a guess after a question about medicines is a medicine
    ("en", "Yes, that one.", "What medications do you take?\nLipitor?", {("medications", "atorvastatin", "active")}),
]

NOT_AWARE: list[LangRow] = [
    ("en", "I'm not aware of any.", "Any allergies?", {("allergies", "*", "confirmed_absent")}),
    ("en", "Not aware of any.", "Do you take any medications?", {("medications", "*", "confirmed_absent")}),
    ("en", "None that I'm aware of.", "Any surgeries?", {("surgeries", "*", "confirmed_absent")}),
    # ... while to a question of what the user knows it denies nothing
    ("en", "I'm not aware of any.", "Do you know what diabetes is?", set()),
]

DATED_STATEMENTS: list[LangRow] = [
    ("en", "Back in the nineteen forties.", "I see that you had an appendectomy.",
     {("surgeries", "appendectomy", "historical")}),
    ("en", "That was in 1998.", "It says here you had a hysterectomy.", {("surgeries", "hysterectomy", "historical")}),
    ("en", "When I was a kid, yes.", "You had your tonsils out, right?", {("surgeries", "tonsillectomy", "historical")}),
    ("en", "About five years ago.", "I see you had your gallbladder removed.",
     {("surgeries", "cholecystectomy", "historical")}),
    ("en", "When I was a teenager.", "When was your last tetanus shot?", {("vaccinations", "tetanus vaccine", "historical")}),
    # ... while a denial or an acknowledgement takes nothing
    ("en", "No, that was my sister, in 2010.", "I see you had your gallbladder removed.", set()),
    ("en", "Okay.", "It says here you had a hysterectomy.", set()),
]
# fmt: on


@pytest.mark.parametrize(("lang", "text", "context", "expected"), ASPECT_OF_A_TREATMENT)
def test_aspect_of_a_treatment(lang: str, text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, lang)) == expected


@pytest.mark.parametrize(("lang", "text", "context", "expected"), HABIT_UNDER_A_CONDITION)
def test_habit_under_a_condition(lang: str, text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, lang)) == expected


@pytest.mark.parametrize(("lang", "text", "context", "expected"), DATED_STATEMENTS)
def test_dated_statements(lang: str, text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, lang)) == expected


@pytest.mark.parametrize(("lang", "text", "context", "expected"), SECTIONS_GOING)
def test_sections_going(lang: str, text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, lang)) == expected


@pytest.mark.parametrize(("lang", "text", "context", "expected"), TAKEN_FROM_A_PART)
def test_taken_from_a_part(lang: str, text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, lang)) == expected


@pytest.mark.parametrize(("lang", "text", "context", "expected"), ANSWERS_TO_A_FOLLOW_UP)
def test_answers_to_a_follow_up(lang: str, text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, lang)) == expected


@pytest.mark.parametrize(
    ("question", "follow_up", "plain"),
    [
        ("Any surgeries?", "What kind?", "What happened?"),
        ("Операции были?", "Какие именно?", "Что?"),
        ("做过手术吗？", "哪种？", "什么？"),
    ],
)
def test_a_bare_follow_up_keeps_the_question_before_it(question: str, follow_up: str, plain: str) -> None:
    for asked, joined in ((follow_up, True), (plain, False)):
        turns = [("assistant", question), ("user", "Yes."), ("assistant", asked), ("user", "The appendix.")]
        contexts = dict(zip(*build_fragments(_messages(turns)).select("message_id", "context"), strict=True))
        assert contexts["m3"] == (f"{question}\n{asked}" if joined else asked)


@pytest.mark.parametrize(("lang", "text", "context", "expected"), STATED_HISTORY)
def test_stated_history(lang: str, text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, lang)) == expected


@pytest.mark.parametrize(("lang", "text", "context", "expected"), TREATS_THE_ALLERGY)
def test_treats_the_allergy(lang: str, text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, lang)) == expected


@pytest.mark.parametrize(("lang", "text", "context", "expected"), CLINIC_NAMES)
def test_clinic_names(lang: str, text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, lang)) == expected


@pytest.mark.parametrize(("lang", "text", "context", "expected"), AGREED_TO_A_DENIAL)
def test_agreed_to_a_denial(lang: str, text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, lang)) == expected


@pytest.mark.parametrize(("lang", "text", "context", "expected"), REACTIONS_TO_MEDICINES)
def test_reactions_to_medicines(lang: str, text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, lang)) == expected


@pytest.mark.parametrize(("lang", "text", "context", "expected"), PRESCRIBED)
def test_prescribed(lang: str, text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, lang)) == expected


@pytest.mark.parametrize(("lang", "text", "context", "expected"), GUESSED_NAMES)
def test_guessed_names(lang: str, text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, lang)) == expected


@pytest.mark.parametrize(("guess", "joined"), [("Naprosyn?", True), ("Was it penicillin?", True), ("Really?", False)])
def test_a_guessed_name_keeps_the_question_before_it(guess: str, joined: bool) -> None:
    turns = [("assistant", "Any drug allergies?"), ("user", "I am allergic to... what's it called."),
             ("assistant", guess), ("user", "Yes, that one.")]
    contexts = dict(zip(*build_fragments(_messages(turns)).select("message_id", "context"), strict=True))
    assert contexts["m3"] == (f"Any drug allergies?\n{guess}" if joined else guess)


@pytest.mark.parametrize(("lang", "text", "context", "expected"), NOT_AWARE)
def test_not_aware(lang: str, text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, lang)) == expected
