"""The rules backend's scope and discourse mechanisms, each on sentences of its own (en, ru).

Every row is a new sentence written for the mechanism it checks, not one from the tuned or
unseen dialogue sets: what is checked is the mechanism, so a rewording must read the same.
Rows are (text, assistant turn before it or None, the exact set of (section, entity, status)).
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, Triple, by_triple, triples, understand

# fmt: off
#: A stop or denial with its verb or pronoun before a pause looks back; what follows the pause
#: is another phrase ("Мовалис уже не колю, желудок заболел"), and a body part there composes
#: no injury with the stop.
CLOSING: list[Row] = [
    ("the GP had me on sertraline but i stopped it in june, my head was spinning", None,
     {("medications", "sertraline", "stopped")}),
    ("Диклофенак больше не пью, живот от него болел", None, {("medications", "diclofenac", "stopped")}),
    ("лизиноприл отменили, кашля больше нет", None,
     {("medications", "lisinopril", "stopped"), ("symptoms", "cough", "resolved")}),
    ("No fever, cough or chills.", None,
     {("symptoms", "fever", "confirmed_absent"), ("symptoms", "cough", "confirmed_absent"),
      ("symptoms", "chills", "confirmed_absent")}),
]
#: A bare ending refers back: a stop to the medicine named before it, a recovery to the illness.
ENDINGS: list[Row] = [
    ("I had shingles in May, fully recovered now", None, {("diagnoses", "herpes zoster", "resolved")}),
    ("Пневмония была в январе, сейчас всё ок", None, {("diagnoses", "pneumonia", "resolved")}),
    ("had bronchitis and pneumonia in the winter, got over both", None,
     {("diagnoses", "bronchitis", "resolved"), ("diagnoses", "pneumonia", "resolved")}),
    ("i had eczema as a toddler, grew out of it", None, {("chronic_conditions", "atopic dermatitis", "resolved")}),
    ("ok the amoxicillin is done", None, {("medications", "amoxicillin", "stopped")}),
    ("гастрит был в студенчестве, сейчас не беспокоит", None, {("diagnoses", "gastritis", "resolved")}),
    # the stop ends the drug of its own sentence, not one of the sentence before
    ("Сейчас пью бисопролол. Раньше был метопролол, бросил", None,
     {("medications", "bisoprolol", "active"), ("medications", "metoprolol", "stopped")}),
]
#: A switch that names only the new drug stops the one named earlier in the sentence; a
#: reaction that made the user switch is a side effect, not an allergy.
SWITCHES: list[Row] = [
    ("took atenolol for years but it made me tired so they switched me to bisoprolol", None,
     {("medications", "atenolol", "stopped"), ("medications", "bisoprolol", "active")}),
    ("Пила эналаприл долго, потом врач заменил на валсартан", None,
     {("medications", "enalapril", "stopped"), ("medications", "valsartan", "active")}),
    ("metformin made me throw up so my doctor switched me to sitagliptin", None,
     {("medications", "metformin", "stopped"), ("medications", "sitagliptin", "active")}),
    # a switch naming only the new drug: "^" stops the user's drug of its group at the fold
    ("she switched me to losartan", None, {("medications", "losartan", "active"), ("medications", "^", "stopped")}),
]
#: A reaction said apart from the allergy it belongs to is that allergy's reaction.
REACTIONS: list[Row] = [
    ("amoxicillin. i break out in a rash", "Any allergies to medicines?", {("allergies", "amoxicillin", "active")}),
    ("аллергия на пенициллин, крапивница по всему телу", None, {("allergies", "penicillin", "active")}),
    ("allergic to codeine. also i've had a cough for a week", None,
     {("allergies", "codeine", "active"), ("symptoms", "cough", "active")}),
]
#: A denial with a starting point or a duration ends a habit, medicine or illness; "never" does
#: not. What the message first says one has and then denies has ended.
SINCE: list[Row] = [
    ("haven't had a drink in 3 months", None, {("lifestyle", "alcohol", "stopped")}),
    ("не курю с 2020 года", None, {("lifestyle", "smoking", "stopped")}),
    ("no migraines since the new glasses", None, {("chronic_conditions", "migraine", "resolved")}),
    ("never smoked", None, {("lifestyle", "smoking", "confirmed_absent")}),
    ("no, not a single cigarette since new year", "Do you still smoke?", {("lifestyle", "smoking", "stopped")}),
    ("had a migraine on monday, no migraine today", None, {("chronic_conditions", "migraine", "resolved")}),
    ("раньше играл в теннис, сейчас не играю совсем", None, {("lifestyle", "exercise", "stopped")}),
]
#: Answers: a pronoun in the question stands for what the assistant named before it; in an
#: answer about taking medicines a drinking verb is taking.
ANSWERS: list[Row] = [
    ("no, stopped", "You mentioned amlodipine earlier. Are you still on it?",
     {("medications", "amlodipine", "stopped")}),
    ("уже нет", "Вы упоминали аторвастатин. Продолжаете его принимать?", {("medications", "atorvastatin", "stopped")}),
    ("ничего не пью", "Вы что-нибудь принимаете регулярно?", {("medications", "*", "confirmed_absent")}),
    ("да, пью по утрам", "Вы ещё принимаете бисопролол?", {("medications", "bisoprolol", "active")}),
    ("не пью вообще", "Алкоголь употребляете?", {("lifestyle", "alcohol", "confirmed_absent")}),
]
#: Family: an answer that names its relatives' conditions answers with them; "I have it too"
#: is the user's own; "and I ..." opens a clause about the user.
FAMILY: list[Row] = [
    ("my uncle had lung cancer", "Any cancer in your family?", {("family_history", "lung cancer", "active")}),
    ("my mum has asthma and I have it too", None,
     {("family_history", "asthma", "active"), ("chronic_conditions", "asthma", "active")}),
    ("у папы гипертония, у меня тоже", None,
     {("family_history", "hypertension", "active"), ("chronic_conditions", "hypertension", "active")}),
    ("my dad has gout and i take allopurinol", None,
     {("family_history", "gout", "active"), ("medications", "allopurinol", "active")}),
]
#: A question that calls a term the user's own states it; one that only asks states nothing.
QUESTIONS: list[Row] = [
    ("can I drink coffee with my warfarin?", None, {("medications", "warfarin", "active")}),
    ("при моей астме можно в бассейн?", None, {("chronic_conditions", "asthma", "active")}),
    ("can i take ibuprofen?", None, set()),
    ("can my son take my ibuprofen?", None, set()),
]
#: "didn't help" denies the effect, not the medicine; a list under one cue joins one kind.
EFFECT: list[Row] = [
    ("omeprazole doesn't help much", None, {("medications", "omeprazole", "active")}),
    ("Но-шпа не помогает", None, {("medications", "drotaverine", "active")}),
    ("Ибупрофен от мигрени, парацетамол пробовал — не помог, бросил", None,
     {("medications", "ibuprofen", "active"), ("chronic_conditions", "migraine", "active"),
      ("medications", "paracetamol", "stopped")}),
]
#: Surgery in plain words is a historical operation, and an illness an -ectomy was for is over.
SURGERY: list[Row] = [
    ("had my gallbladder out two years ago", None, {("surgeries", "cholecystectomy", "historical")}),
    ("мне в детстве гланды удаляли", None, {("surgeries", "tonsillectomy", "historical")}),
    ("аппендицит вырезали в 2010", None,
     {("surgeries", "appendectomy", "historical"), ("diagnoses", "appendicitis", "resolved")}),
    ("had a hysterectomy because of endometriosis", None,
     {("surgeries", "hysterectomy", "historical"), ("chronic_conditions", "endometriosis", "resolved")}),
    ("I have diabetes and had my appendix removed", None,
     {("chronic_conditions", "diabetes", "active"), ("surgeries", "appendectomy", "historical")}),
    ("I came out in hives", None, {("symptoms", "urticaria", "active")}),
]
#: A medicine's purpose names the condition, whatever is said of the medicine.
PURPOSE: list[Row] = [
    ("on ramipril for my blood pressure", None,
     {("medications", "ramipril", "active"), ("chronic_conditions", "hypertension", "active")}),
    # the class of medicines the condition names is stopped; the fold ends the user's drugs of it
    ("бросила пить таблетки от давления", None,
     {("medications", "antihypertensives", "stopped"), ("chronic_conditions", "hypertension", "active")}),
    ("I don't take any medication", None, {("medications", "*", "confirmed_absent")}),
]
#: "both" after or before an ending ends every one; an ending before a pause announces the list after it.
BOTH: list[Row] = [
    ("had flu and bronchitis in march, recovered from both", None,
     {("diagnoses", "influenza", "resolved"), ("diagnoses", "bronchitis", "resolved")}),
    ("had a rash and a headache, both gone now", None,
     {("symptoms", "rash", "resolved"), ("symptoms", "headache", "resolved")}),
    # "всё" also ends the episode discussed before, if any ("^*": the fold drops it when there is none)
    ("всё прошло: и насморк и кашель", None,
     {("symptoms", "rhinorrhea", "resolved"), ("symptoms", "cough", "resolved"), ("symptoms", "^*", "resolved")}),
]
#: An answer about vaccines names diseases for their vaccines, except in a clause of contrast;
#: a bare answer may carry an intensifier; ", my mum ..." opens a clause about another relative.
CONTEXT: list[Row] = [
    ("never had the measles one", "And the measles vaccine?",
     {("vaccinations", "measles vaccine", "confirmed_absent")}),
    ("no, but I had the flu last week", "Any vaccines recently?",  # an episode dated in the past is over
     {("diagnoses", "influenza", "resolved"), ("vaccinations", "*", "confirmed_absent")}),
    ("нет, совсем", "Курите?", {("lifestyle", "smoking", "confirmed_absent")}),
    ("my brother has type 1, my mum has asthma", None,
     {("family_history", "type 1 diabetes", "active"), ("family_history", "asthma", "active")}),
]
#: A denial of a medicine the clause says was taken is a stop, not "never"; a section noun
#: that dates something ("после операции") is no topic; what a question sets aside is not asked.
PAST: list[Row] = [
    ("Креон пила месяц после операции, сейчас нет", None, {("medications", "pancreatin", "stopped")}),
    ("I never took ibuprofen", None, {("medications", "ibuprofen", "confirmed_absent")}),
    ("no", "Are you on anything for your stomach alongside the naproxen?", set()),
    ("dont drink alcohol, energy drinks though", None,  # "energy drinks though": a phrase of its own
     {("lifestyle", "alcohol", "confirmed_absent"), ("lifestyle", "diet", "active")}),
]
# fmt: on

ROWS = [*CLOSING, *ENDINGS, *SWITCHES, *REACTIONS, *SINCE, *ANSWERS, *FAMILY, *QUESTIONS, *EFFECT, *SURGERY, *PURPOSE,
        *BOTH, *CONTEXT, *PAST]


def test_relatives_after_a_comma_keep_their_own_conditions() -> None:
    events = by_triple(understand("my dad has gout, my mum had breast cancer"))
    assert events[("family_history", "gout", "active")]["relation"] == "father"
    assert events[("family_history", "breast cancer", "active")]["relation"] == "mother"


@pytest.mark.parametrize(("text", "context", "expected"), ROWS, ids=[f"{i}:{r[0][:40]}" for i, r in enumerate(ROWS)])
def test_scope_and_discourse(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context)) == expected


def test_a_reaction_said_apart_is_the_allergy_attribute() -> None:
    events = by_triple(understand("penicillin. came out in hives as a teenager", "Any drug allergies?"))
    assert events[("allergies", "penicillin", "active")]["reaction"] == "urticaria"
