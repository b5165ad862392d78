"""Bare answers read against the assistant's question: which way a "no" points.

- a question that only dates what it asks ("Any liver problems in the past?", "Раньше были проблемы с
  сердцем?", "Have you previously had...?") asks whether the user ever had it: "no" denies it, as "以前有过
  胸痛吗？" — "没有" already did; only a question whether a thing is gone ("Is the rash gone?") takes
  "no" as "still there" (``answers._PAST_TIMES``);
- a reply whose answer is a bare "no" and which then tells of its own thing ending ("neither. gave up
  wine last year", "No. Stopped the ibuprofen though", "都不。酒去年戒了") denies what was asked; the
  ending is of the thing it names, not of the asked one (``bare_answers.polarity``);
- a question about a reaction to a jab ("Any reactions to the vaccine?", "Была ли реакция на прививку?",
  "打流感疫苗有没有副作用？") takes the jab as had: "no" denies the reaction, never the vaccination, and
  a reaction to a jab is no allergy question (``answers._jabs_reacted_to``);
- a drug named right after an opening "no" to a question about another drug ("Was it codeine?" — "No,
  morphine.", "Принимаете эналаприл?" — "нет, лизиноприл") is the one the user has instead: the "no"
  denies the asked drug only (``replies._corrected_names``);
- an answer word followed by what it points at and when ("stopped both", "I stopped both of them last
  month", "quit both years ago", "бросил оба") answers for every asked thing (``bare_answers._ANSWER_TAIL``);
- a self-correction opened by "( no" with a space ("amlodipine 10mg ( no 5mg)") passes the repair
  gate as "(no" does, so the "no" corrects the dose and never denies the drug (``discourse._ANY_REPAIR``);
- a denial of now that goes on to when the thing still comes ("no headaches now, only in the mornings",
  "сейчас нет, только по утрам", "现在不疼，就早上疼") is no absence: the thing is there, at those times
  (``denial_time.held_at_other_times``).

Each row is (reply, the assistant's question before it, the exact set of (section, entity, status)
the reply must yield). The sentences are new, written for this test; none is from the gold, dev,
validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, by_triple, triples, understand

# fmt: off
DATED_QUESTION: list[Row] = [
    ("Nope.", "Any liver problems in the past?", {("chronic_conditions", "liver disease", "confirmed_absent")}),
    ("no, never", "Have you previously had kidney stones?", {("diagnoses", "kidney stones", "confirmed_absent")}),
    ("нет", "Раньше были проблемы с сердцем?", {("chronic_conditions", "heart disease", "confirmed_absent")}),
    ("нет, не было", "В прошлом был инсульт?", {("diagnoses", "stroke", "confirmed_absent")}),
    ("没有", "以前有过胸痛吗？", {("symptoms", "chest pain", "confirmed_absent")}),
]

# a question whether the thing is gone still reads "no" as "it is still there"
GONE_QUESTION: list[Row] = [
    ("no", "Is the rash gone?", {("symptoms", "rash", "active")}),
]

OWN_ENDING_AFTER_NO: list[Row] = [
    ("neither. gave up wine last year", "Do you smoke or drink?",
     {("lifestyle", "smoking", "confirmed_absent"), ("lifestyle", "alcohol", "stopped")}),
    ("No. Stopped the ibuprofen though", "Any chest pain?",
     {("symptoms", "chest pain", "confirmed_absent"), ("medications", "ibuprofen", "stopped")}),
    ("нет. ибупрофен бросил пить неделю назад", "Голова болит?",
     {("symptoms", "headache", "confirmed_absent"), ("medications", "ibuprofen", "stopped")}),
    ("都不。酒去年戒了", "抽烟喝酒吗？",
     {("lifestyle", "smoking", "confirmed_absent"), ("lifestyle", "alcohol", "stopped")}),
]

# an ending that names nothing of its own is the asked thing's
BARE_ENDING: list[Row] = [
    ("no. quit 5 years ago", "Do you smoke?", {("lifestyle", "smoking", "stopped")}),
    ("没有。早就戒了", "抽烟吗？", {("lifestyle", "smoking", "stopped")}),
]
JAB_REACTION: list[Row] = [
    ("No.", "Any reactions to the vaccine?", set()),
    ("no", "Did you react to the covid vaccine?", set()),
    ("nope, nothing", "Any side effects from your flu shot?", set()),
    ("нет", "Была ли реакция на прививку?", set()),
    ("нет, не было", "Была ли реакция на прививку от гриппа?", set()),
    ("没有", "打流感疫苗有没有副作用？", set()),
    ("没有", "打完疫苗有什么反应吗？", set()),
]

# a question whether the jab was had at all still takes "no" as a denial of it
JAB_ASKED: list[Row] = [
    ("no", "Have you had the flu vaccine?", {("vaccinations", "influenza vaccine", "confirmed_absent")}),
    ("нет", "Вы делали прививку от гриппа?", {("vaccinations", "influenza vaccine", "confirmed_absent")}),
]
CORRECTED_NAME: list[Row] = [
    ("No, morphine.", "Was it codeine?",
     {("medications", "codeine", "confirmed_absent"), ("medications", "morphine", "active")}),
    ("no, bisoprolol", "Are you on atenolol?",
     {("medications", "atenolol", "confirmed_absent"), ("medications", "bisoprolol", "active")}),
    ("нет, лизиноприл", "Принимаете эналаприл?",
     {("medications", "enalapril", "confirmed_absent"), ("medications", "lisinopril", "active")}),
    ("Нет, парацетамол", "Это был ибупрофен?",
     {("medications", "ibuprofen", "confirmed_absent"), ("medications", "paracetamol", "active")}),
]

# a name with its own denial, or with no drug asked, is still denied
NOT_A_CORRECTION: list[Row] = [
    ("no, no insulin either", "Do you take metformin?",
     {("medications", "metformin", "confirmed_absent"), ("medications", "insulin", "confirmed_absent")}),
    ("no, morphine", None, {("medications", "morphine", "confirmed_absent")}),
]
STOPPED_BOTH: list[Row] = [
    ("stopped both", "Do you take aspirin or metformin?",
     {("medications", "aspirin", "stopped"), ("medications", "metformin", "stopped")}),
    ("I stopped both of them last month", "Are you taking ramipril and bisoprolol?",
     {("medications", "ramipril", "stopped"), ("medications", "bisoprolol", "stopped")}),
    ("quit both years ago", "Do you smoke or drink?",
     {("lifestyle", "smoking", "stopped"), ("lifestyle", "alcohol", "stopped")}),
    ("бросил оба", "Принимаете эналаприл и аспирин?",
     {("medications", "enalapril", "stopped"), ("medications", "aspirin", "stopped")}),
    ("yes both", "Do you take aspirin or metformin?",
     {("medications", "aspirin", "active"), ("medications", "metformin", "active")}),
]
AT_OTHER_TIMES: list[Row] = [
    ("no headaches now, only in the mornings", "Any headaches?", {("symptoms", "headache", "active")}),
    ("I don't get the cough right now, just at night", None, {("symptoms", "cough", "active")}),
    ("сейчас нет, только по утрам", "Голова болит?", {("symptoms", "headache", "active")}),
    ("кашля сейчас нет, только ночью", None, {("symptoms", "cough", "active")}),
    ("现在不疼，就早上疼", "头疼吗？", {("symptoms", "headache", "active")}),
]

# a denial of now that says no other time, or another sentence's "only at night", stays a denial
NOT_AT_OTHER_TIMES: list[Row] = [
    ("no headaches now", "Any headaches?", {("symptoms", "headache", "confirmed_absent")}),
    ("no fever. the cough is bad now, only at night", None,
     {("symptoms", "fever", "confirmed_absent"), ("symptoms", "cough", "active")}),
]
# fmt: on


ROWS = (
    DATED_QUESTION + GONE_QUESTION + OWN_ENDING_AFTER_NO + BARE_ENDING + JAB_REACTION + JAB_ASKED
    + CORRECTED_NAME + NOT_A_CORRECTION + STOPPED_BOTH
    + AT_OTHER_TIMES + NOT_AT_OTHER_TIMES
)


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_what_a_bare_answer_says(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


# (message, the drug, its dose): the correction after the pause mark wins and denies nothing
REPAIRED: list[tuple[str, str, str]] = [
    ("amlodipine 10mg ( no 5mg) once a day", "amlodipine", "5 mg"),
    ("bisoprolol 5 mg - no 2.5 mg", "bisoprolol", "2.5 mg"),
    ("ramipril 10mg ; no 5mg", "ramipril", "5 mg"),
    ("atorvastatin 40 mg ( no 20 mg ) at night", "atorvastatin", "20 mg"),
]


@pytest.mark.parametrize(("text", "drug", "dose"), REPAIRED)
def test_a_repaired_dose_is_no_denial(text: str, drug: str, dose: str) -> None:
    events = by_triple(understand(text))
    assert set(events) == {("medications", drug, "active")}
    assert events["medications", drug, "active"]["dose"] == dose
