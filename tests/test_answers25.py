"""The rules backend on replies read against the assistant's question (issue 11, answers25).

- An amount per period in the reply's first sentence answers a habit question even when later
  sentences tell other things ("10 a day. trying to quit before the op"); one in a sentence that
  ends the habit does not.
- A Chinese amount that is its own phrase, followed only by when or how much ("偶尔 爬楼梯的时候"),
  answers yes; one followed by a description of something else does not.
- An answer word followed by "both" / "all of them" / "оба" answers every asked thing, whatever
  the reply goes on to name.
- A short Russian reply that repeats the question's verb ("сделали" to "делали?") answers yes; a
  Chinese echo answers the one question of the turn whose verb it repeats.
- A question that dates the asked illness in childhood makes a "yes" an illness that is over.
- An ending inside a "since" clause of the question ("since you stopped smoking", "停药以后") only
  dates the question: it asks whether the complaint is there since, and the stopped thing is not asked.
- A question about what a medicine does to the user (its side effects, "How are you getting on
  with X?", "二甲双胍有没有副作用？") takes the medicine as the user's: no answer to it ("yes", "a
  bit", "no") says anything of the medicine itself, and "没有" denies no drug.
- A course word ("change") in a clause before the question ("..., but for the record: do you
  smoke?") does not make the question ask how the habit goes.
- "blood pressure" / "bp" / "血压" named as an item after a question about illnesses as a whole
  ("Any other conditions?" — "Only blood pressure") is hypertension; a reading is not.
- A reply of one piece per thing a question lists ("нет, нет и на пенициллин" to "chronic illnesses,
  operations, drug allergies?") answers each thing with its own piece: the bare "no"s deny their
  sections, and the piece that names an allergen is that allergy, never denied.
- "a bit the first few days, fine now" to a question about a complaint: it was there and is over.
- An allergen named and judged fine in answer to an allergy question ("latex is fine", "йод и латекс
  нормально", "乳胶没问题") is no allergy (it came out as one).

Each row is (text, assistant turn before it, the exact set of (section, entity, status) the
message must yield). The sentences are new, written for these kinds, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, probe_lang, triples, understand

# fmt: off
AMOUNT_FIRST: list[Row] = [
    ("10 a day. trying to quit before the op", "Do you smoke?", {("lifestyle", "smoking", "active")}),
    ("about 15 a day since uni. my back hurts a lot too", "Do you smoke?",
     {("lifestyle", "smoking", "active"), ("symptoms", "back pain", "active")}),
    ("a couple of glasses a week. my mum had a stroke", "Do you drink alcohol?",
     {("lifestyle", "alcohol", "active"), ("family_history", "stroke", "active")}),
    ("пол пачки в день, знаю что нельзя", "Курите?", {("lifestyle", "smoking", "active")}),
    ("полторы пачки в день. ещё гипертония лет пять", "Курите?",
     {("lifestyle", "smoking", "active"), ("chronic_conditions", "hypertension", "active")}),
    ("一天半包。血压有点高", "您抽烟吗？",
     {("lifestyle", "smoking", "active"), ("chronic_conditions", "hypertension", "active")}),
    # an ending in the amount's own sentence: the habit is over
    ("20 a day for years, quit in 2015", "Do you smoke?", {("lifestyle", "smoking", "stopped")}),
    # a question back is no answer
    ("10 a day? is that bad?", "Do you smoke?", set()),
]

ZH_AMOUNT_PHRASE: list[Row] = [
    ("偶尔 爬楼梯的时候", "平时还有心慌的感觉吗？", {("symptoms", "palpitations", "active")}),
    ("有一点，吃完饭以后", "有没有头晕？", {("symptoms", "dizziness", "active")}),
    ("有点 37度8", "发烧吗？", {("symptoms", "fever", "active")}),
    # what follows describes something else, or denies: no answer
    ("有时候有 眼前一片亮光", "有没有视力模糊？", set()),
    ("偶尔，不过现在不疼了", "有没有头痛？", set()),
]

EN_AMOUNT_SENTENCE: list[Row] = [
    ("a bit when i stand up quick", "Any dizziness?", {("symptoms", "dizziness", "active")}),
    ("a little at night. should I keep using the inhaler?", "Any wheezing?", {("symptoms", "wheezing", "active")}),
    # an amount in a sentence that names its own complaint answers nothing
    ("a bit, my knee hurts mostly", "Any dizziness?", {("symptoms", "knee pain", "active")}),
]

EVERY_ASKED: list[Row] = [
    ("Yes both last autumn with my flu one", "Have you had your pneumonia and shingles vaccines?",
     {("vaccinations", "pneumococcal vaccine", "historical"), ("vaccinations", "herpes zoster vaccine", "historical"),
      ("vaccinations", "influenza vaccine", "historical")}),
    ("yes all of them plus vitamin d", "Do you take aspirin, warfarin or clopidogrel?",
     {("medications", "aspirin", "active"), ("medications", "warfarin", "active"),
      ("medications", "clopidogrel", "active"), ("medications", "cholecalciferol", "active")}),
    ("да, оба, ещё метформин пью", "Вы принимаете аспирин и варфарин?",
     {("medications", "aspirin", "active"), ("medications", "warfarin", "active"),
      ("medications", "metformin", "active")}),
    # "all" of someone else is no pointer at the asked things
    ("yes all my friends smoke", "Do you smoke?", set()),
]

ECHOES: list[Row] = [
    ("осенью в поликлинике сделали", "Прививку от гриппа в этом сезоне делали?",
     {("vaccinations", "influenza vaccine", "historical")}),
    ("делала в октябре", "Прививку от гриппа делали?", {("vaccinations", "influenza vaccine", "historical")}),
    ("не делали", "Прививку от гриппа делали?", {("vaccinations", "influenza vaccine", "confirmed_absent")}),
    # the verb with an object of its own, or said of a relative, echoes nothing
    ("делал анализ, всё чисто", "Прививку от гриппа делали?", set()),
    ("мама болела", "Ветрянкой болели?", set()),
    # a Chinese echo answers the question whose verb it repeats
    ("出过", "小时候出过水痘吗？有没有什么慢性病？", {("diagnoses", "chickenpox", "resolved")}),
    ("没出过", "小时候出过水痘吗？有没有什么慢性病？", {("diagnoses", "chickenpox", "confirmed_absent")}),
]

CHILDHOOD: list[Row] = [
    ("yes", "Did you have chickenpox as a child?", {("diagnoses", "chickenpox", "resolved")}),
    ("да", "В детстве ветрянкой болели?", {("diagnoses", "chickenpox", "resolved")}),
    ("出过", "小时候出过水痘吗？", {("diagnoses", "chickenpox", "resolved")}),
    ("no", "Did you have chickenpox as a child?", {("diagnoses", "chickenpox", "confirmed_absent")}),
    # a question not dated in childhood keeps a lasting condition present
    ("yes", "Do you have asthma?", {("chronic_conditions", "asthma", "active")}),
]

SINCE_CLAUSE: list[Row] = [
    ("a little at night", "Any wheezing since you stopped?", {("symptoms", "wheezing", "active")}),
    ("yes", "Any wheezing since you stopped smoking?", {("symptoms", "wheezing", "active")}),
    ("да, немного", "Одышка есть с тех пор как бросили курить?", {("symptoms", "shortness of breath", "active")}),
    ("有一点", "停药以后还喘吗？", {("symptoms", "shortness of breath", "active")}),
    # the question's own ending still asks whether the thing is over
    ("yes", "Is your headache gone?", {("symptoms", "headache", "resolved")}),
    ("no", "Is your headache gone?", {("symptoms", "headache", "active")}),
]

SIDE_EFFECTS: list[Row] = [
    ("a bit. runny tummy the first few weeks but thats gone now", "Any side effects from the metformin?",
     {("symptoms", "diarrhea", "resolved")}),
    ("yes, some nausea", "Any side effects from the metformin?", {("symptoms", "nausea", "active")}),
    ("да, живот крутит", "Есть ли побочные эффекты от метформина?", {("symptoms", "abdominal pain", "active")}),
    ("有，有点恶心", "吃二甲双胍有没有副作用？", {("symptoms", "nausea", "active")}),
    # how the user gets on with a medicine: the reply tells its effects, and "no" denies no medicine
    ("honestly my head feels foggy", "How are you getting on with the topiramate?",
     {("symptoms", "brain fog", "active")}),
    ("no", "How are you finding the tamsulosin?", set()),
    ("тошнит немного", "Как переносите метформин?", {("symptoms", "nausea", "active")}),
    # a question about how long it is taken still takes an answer as the medicine's
    ("Two years.", "How long have you been on lisinopril?", {("medications", "lisinopril", "active")}),
    ("no", "Are you taking metformin?", {("medications", "metformin", "confirmed_absent")}),
    ("没有", "吃二甲双胍有没有副作用？", set()),
    ("没有", "二甲双胍有没有副作用？", set()),
    ("有一点", "吃了二甲双胍以后有没有副作用？", set()),
    # a question about taking the drug is still answered of the drug
    ("吃", "您吃二甲双胍吗？", {("medications", "metformin", "active")}),
]
CLAUSE_BEFORE_QUESTION: list[Row] = [
    # a course word in a clause before the question ("change") asks nothing of the asked habit
    ("no never", "I can't change settings, but for the record: do you smoke?",
     {("lifestyle", "smoking", "confirmed_absent")}),
    ("no", "Has the cough changed at all?", set()),
]

PRESSURE_NAMED: list[Row] = [
    ("Only blood pressure, ramipril 5mg.", "Any other conditions or regular medicines?",
     {("chronic_conditions", "hypertension", "active"), ("medications", "ramipril", "active")}),
    ("just my bp", "Any long-term conditions?", {("chronic_conditions", "hypertension", "active")}),
    ("blood pressure and diabetes", "Any long-term conditions, like asthma?",
     {("chronic_conditions", "hypertension", "active"), ("chronic_conditions", "diabetes", "active")}),
    ("就血压，吃氨氯地平", "有什么慢性病吗？",
     {("chronic_conditions", "hypertension", "active"), ("medications", "amlodipine", "active")}),
    ("糖尿病和血压", "有什么慢性病吗？",
     {("chronic_conditions", "hypertension", "active"), ("chronic_conditions", "diabetes", "active")}),
    # a reading, a measuring, a relative's, or a question not about illnesses: no illness
    ("bp is fine", "Any long-term conditions?", set()),
    ("血压正常", "有什么慢性病吗？", set()),
    ("I check my blood pressure every day", "Any long-term conditions?", set()),
    ("my dad has blood pressure", "Any long-term conditions?", set()),
    ("only blood pressure", "Any allergies?", set()),
    ("bp, fine", "How is your blood pressure?", set()),
]
LISTED_PIECES: list[Row] = [
    # one piece per listed thing: the piece naming an allergen is the allergy, never denied
    ("нет, нет и на пенициллин", "Есть ли хронические заболевания, операции, аллергия на лекарства?",
     {("chronic_conditions", "*", "confirmed_absent"), ("surgeries", "*", "confirmed_absent"),
      ("allergies", "penicillin", "active")}),
    ("no, no, and penicillin", "Any chronic illnesses, operations, drug allergies?",
     {("chronic_conditions", "*", "confirmed_absent"), ("surgeries", "*", "confirmed_absent"),
      ("allergies", "penicillin", "active")}),
    ("没有，没有，青霉素", "有没有慢性病、手术、药物过敏？",
     {("chronic_conditions", "*", "confirmed_absent"), ("surgeries", "*", "confirmed_absent"),
      ("allergies", "penicillin", "active")}),
    ("no, appendix out in 2010, no", "Any chronic illnesses, operations, drug allergies?",
     {("chronic_conditions", "*", "confirmed_absent"), ("surgeries", "appendectomy", "historical"),
      ("allergies", "*", "confirmed_absent")}),
    ("diabetes, no, no", "Any chronic illnesses, operations, drug allergies?",
     {("chronic_conditions", "diabetes", "active"), ("surgeries", "*", "confirmed_absent"),
      ("allergies", "*", "confirmed_absent")}),
]
FINE_ALLERGENS: list[Row] = [
    ("latex is fine", "Any allergies to latex?", {("allergies", "latex", "confirmed_absent")}),
    ("латекс нормально", "Аллергия на латекс есть?", {("allergies", "latex", "confirmed_absent")}),
    ("乳胶没问题", "对乳胶过敏吗？", {("allergies", "latex", "confirmed_absent")}),
    ("only the first, ceftriaxone gave me a rash. iodine and latex are fine",
     "Any allergies to medicines, iodine or latex?",
     {("allergies", "ceftriaxone", "active"), ("allergies", "iodinated contrast", "confirmed_absent"),
      ("allergies", "latex", "confirmed_absent")}),
    ("только на первое — цефтриаксон, сыпь была. йод и латекс нормально", "Аллергия на лекарства, йод, латекс?",
     {("allergies", "ceftriaxone", "active"), ("allergies", "iodinated contrast", "confirmed_absent"),
      ("allergies", "latex", "confirmed_absent")}),
    # a reaction keeps the allergy; "fine" judges only what it follows
    ("penicillin gives me hives, but amoxicillin is fine", "Any drug allergies?",
     {("allergies", "penicillin", "active"), ("allergies", "amoxicillin", "confirmed_absent")}),
    ("penicillin, I get a rash.", "Any drug allergies?", {("allergies", "penicillin", "active")}),
]
SOME_THEN_OVER: list[Row] = [
    ("a bit the first few days, fine now", "Any dizziness when you stand up?", {("symptoms", "dizziness", "resolved")}),
    ("a little at first but its gone now", "Any nausea?", {("symptoms", "nausea", "resolved")}),
    ("немного первые дни, сейчас прошло", "Голова кружится?", {("symptoms", "dizziness", "resolved")}),
    # how much alone: there now; a medicine asked of its effects is not ended by it
    ("a bit", "Any nausea?", {("symptoms", "nausea", "active")}),
    ("a bit the first week, fine now", "Any side effects from the metformin?", set()),
]
# fmt: on

ALL = {
    "amount_first": AMOUNT_FIRST,
    "zh_amount_phrase": ZH_AMOUNT_PHRASE,
    "en_amount_sentence": EN_AMOUNT_SENTENCE,
    "every_asked": EVERY_ASKED,
    "echoes": ECHOES,
    "childhood": CHILDHOOD,
    "since_clause": SINCE_CLAUSE,
    "side_effects": SIDE_EFFECTS,
    "clause_before_question": CLAUSE_BEFORE_QUESTION,
    "pressure_named": PRESSURE_NAMED,
    "listed_pieces": LISTED_PIECES,
    "fine_allergens": FINE_ALLERGENS,
    "some_then_over": SOME_THEN_OVER,
}


@pytest.mark.parametrize(
    ("text", "context", "expected"), [row for rows in ALL.values() for row in rows],
    ids=[f"{name}-{i}" for name, rows in ALL.items() for i in range(len(rows))],
)
def test_reply_read_against_the_question(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, probe_lang(text))) == expected
