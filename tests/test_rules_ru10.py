"""Russian turns that must yield no fact (doubts, in-laws, questions without "?", orders to the system,
plans, a third person's verbs) and jabs, exceptions and words whose "не" denies nothing.

Every row is a new sentence written the way patients type, not one from the tuned or unseen
dialogue sets: what is checked is the mechanism, so a rewording must read the same. Rows are
(text, assistant turn before it or None, the exact set of (section, entity, status)).
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, Triple, triples, understand

# fmt: off
#: A hedge or a fear before "у меня X" guesses at X; only a plain "у меня X" (or a question that
#: takes X as given) says the user has it.
DOUBTED_OWN: list[Row] = [
    ("кажется, у меня гастрит", None, set()),
    ("подозреваю что у меня диабет", None, set()),
    ("боюсь, что у меня язва", None, set()),
    ("по-моему у меня анемия", None, set()),
    ("похоже, у меня простуда", None, set()),
    ("может быть у меня мигрень", None, set()),
    ("мне кажется, у меня гастрит", None, set()),
    ("у меня гастрит", None, {("diagnoses", "gastritis", "active")}),
    ("завтра иду к врачу, у меня болит голова", None, {("symptoms", "headache", "active")}),
]
#: A relative of a spouse or a friend ("мама мужа", "брат жены") is an in-law or a stranger, no
#: blood relative of the user; "бабушка по маме" is the user's own.
IN_LAWS: list[Row] = [
    ("сестра жены болеет астмой", None, set()),
    ("у отца жены инфаркт был", None, set()),
    ("бабушка мужа умерла от рака", None, set()),
    ("у мамы подруги рак груди", None, set()),
    ("тетя мужа с гипертонией", None, set()),
    ("у бабушки по маме диабет", None, {("family_history", "diabetes", "active")}),
    ("у моей мамы диабет", None, {("family_history", "diabetes", "active")}),
]
#: Patients often leave out the question mark: "ли", "или нет" and a question word after a
#: filler ("так", "подскажите") still ask, and a question asks nothing about what it names.
UNMARKED_QUESTIONS: list[Row] = [
    ("нормально ли пить аспирин каждый день", None, set()),
    ("так можно ли мне омез", None, set()),
    ("гастрит это или нет", None, set()),
    ("подскажите можно ли пить нурофен", None, set()),
    ("ну а сколько можно пить ибупрофена в день", None, set()),
    ("пью аспирин каждый день", None, {("medications", "aspirin", "active")}),
]
#: An order to forget, strike or not record something is addressed to the system: no fact, not
#: even a denial; the past "убрали" of a doctor is a stop.
TO_THE_SYSTEM: list[Row] = [
    ("забудь, что у меня гастрит", None, set()),
    ("забудьте про мой диабет", None, set()),
    ("не учитывай мою астму", None, set()),
    ("убери из карты гипертонию", None, set()),
    ("вычеркни аллергию на пенициллин", None, set()),
    ("не записывай мигрень, это не точно", None, set()),
    ("кардиолог убрал конкор", None, {("medications", "bisoprolol", "stopped")}),
]
#: A verb of injecting right before a disease names its vaccine ("поставили столбняк"), never the
#: disease; "поставили диагноз", and a bare "поставили" before a disease one is diagnosed with
#: ("поставили пневмонию"), still name the disease.
JABS: list[Row] = [
    ("в травмпункте зашили и поставили столбняк", None, {("vaccinations", "tetanus vaccine", "historical")}),
    ("ставили столбняк в 2019", None, {("vaccinations", "tetanus vaccine", "historical")}),
    ("кололи от гриппа в октябре", None, {("vaccinations", "influenza vaccine", "historical")}),
    ("в детстве привили от кори", None, {("vaccinations", "measles vaccine", "historical")}),
    ("поставили диагноз грипп", None, {("diagnoses", "influenza", "active")}),
    ("на прошлой неделе мне поставили пневмонию", None, {("diagnoses", "pneumonia", "active")}),
]
#: A plan in the perfective future ("попробую", "начну", "куплю") is no fact, whichever side of
#: the verb its drug stands; a plan after a comma ("пью конкор, хочу бросить") leaves the drug
#: taken now, and stops nothing yet.
PLANS: list[Row] = [
    ("попробую омепразол", None, set()),
    ("начну пить метформин с понедельника", None, set()),
    ("куплю нурофен в аптеке", None, set()),
    ("ок, спасибо, омепразол попробую", None, set()),
    ("в мае прививку от клеща сделаю", None, set()),
    ("пью конкор, хочу бросить", None, {("medications", "bisoprolol", "active")}),
    ("курю, хочу бросить", None, {("lifestyle", "smoking", "active")}),
    ("конкор пью, хочу снизить дозу", None, {("medications", "bisoprolol", "active")}),
    ("от фосамакса изжога, врач его отменил, предлагает Акласту", None,
     {("medications", "alendronic acid", "stopped")}),
]
#: A symptom after "когда"/"при" beside a medicine is when the medicine is taken, not a symptom
#: now; an activity after "при"/"во время"/"после" brings on a symptom and is no habit.
OCCASIONS: list[Row] = [
    ("Беродуал когда задыхаюсь", None, {("medications", "ipratropium bromide/fenoterol", "active")}),
    ("когда болит голова, пью цитрамон", None, {("medications", "aspirin/paracetamol/caffeine", "active")}),
    ("нурофен пью когда болят зубы", None, {("medications", "ibuprofen", "active")}),
    ("при изжоге пью ренни", None, {("medications", "calcium carbonate/magnesium carbonate", "active")}),
    ("колено болит при беге", None, {("symptoms", "knee pain", "active")}),
    ("после тренировки болят мышцы", None, {("symptoms", "muscle pain", "active")}),
    ("голова болит когда наклоняюсь", None, {("symptoms", "headache", "active")}),
]
#: "кроме X ничего", "нет, разве что X", "если не считать X": the exception is there; the denial
#: after or before it is of everything else.
EXCEPTIONS: list[Row] = [
    ("нет, кроме гастрита ничего", "Хронические болезни есть?", {("diagnoses", "gastritis", "active")}),
    ("кроме эутирокса ничего не пью", None, {("medications", "levothyroxine", "active")}),
    ("кроме кашля ничего не беспокоит", None, {("symptoms", "cough", "active")}),
    ("нет, разве что нурофен иногда", "Лекарства принимаете?", {("medications", "ibuprofen", "active")}),
    ("нет, если не считать гастрит", "Хронические болезни есть?", {("diagnoses", "gastritis", "active")}),
    ("нет", "Хронические болезни есть?", {("chronic_conditions", "*", "confirmed_absent")}),
]
#: Words whose "не" is no denial of the entity ("не забываю пить", "не спадает": it goes on), and
#: words that deny without "не" ("исключили"); "реакции не было" after "на X" is of an allergy.
NEGATION_WORDS: list[Row] = [
    ("не забываю пить эутирокс", None, {("medications", "levothyroxine", "active")}),
    ("не пропускаю приём конкора", None, {("medications", "bisoprolol", "active")}),
    ("температура не спадает третий день", None, {("symptoms", "fever", "active")}),
    ("язву исключили", None, {("diagnoses", "peptic ulcer", "confirmed_absent")}),
    ("на пенициллин реакции не было", None, {("allergies", "penicillin", "confirmed_absent")}),
    ("эутирокс не пью", None, {("medications", "levothyroxine", "confirmed_absent")}),
]
#: A sentence opening with a verb of the third person ("Колет инсулин.") after someone else was
#: named goes on about that person; the first person ("Пью лозартан.") is the user again.
THIRD_PERSON: list[Row] = [
    ("Муж болеет диабетом. Колет инсулин.", None, set()),
    ("у свекрови давление. Пьёт эналаприл и конкор", None, set()),
    ("мама после инсульта. принимает варфарин", None, {("family_history", "stroke", "active")}),
    ("у брата астма. Сейчас сидит на Симбикорте", None, {("family_history", "asthma", "active")}),
    ("у мужа гипертония. пью лозартан", None, {("medications", "losartan", "active")}),
    ("муж в командировке. голова болит", None, {("symptoms", "headache", "active")}),
]
# fmt: on

ROWS = (
    DOUBTED_OWN
    + IN_LAWS
    + UNMARKED_QUESTIONS
    + TO_THE_SYSTEM
    + JABS
    + PLANS
    + OCCASIONS
    + EXCEPTIONS
    + NEGATION_WORDS
    + THIRD_PERSON
)


@pytest.mark.parametrize(("text", "context", "expected"), ROWS, ids=[r[0][:40] for r in ROWS])
def test_russian_mechanisms(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context)) == expected
