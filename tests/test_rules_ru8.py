"""Russian corrections, stops and their reasons, "его" and "никакого", "no longer" in a list, drinks.

Every row is a new sentence written the way patients type, not one from the tuned or unseen
dialogue sets: what is checked is the mechanism, so a rewording must read the same. Rows are
(text, assistant turn before it or None, the exact set of (section, entity, status)).
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, Triple, by_triple, triples, understand

# fmt: off
#: "20, нет, 40 мг": a "нет" between two numbers corrects the first; elsewhere it still denies.
CORRECTIONS: list[Row] = [
    ("пью эналаприл 10, нет, 5 мг", None, {("medications", "enalapril", "active")}),
    ("метформин 500, нет 850 мг два раза", None, {("medications", "metformin", "active")}),
    ("кашель, нет, температуры нет", None, {("symptoms", "cough", "active"),
                                            ("symptoms", "fever", "confirmed_absent")}),
]
#: A stop before a dash or comma ends the drug named before it; a symptom told after the stop in
#: the past, or explained after a dash, is the reason (no fact); one said to be there now stays.
STOP_REASONS: list[Row] = [
    ("Амлодипин бросил — ноги отекали", None, {("medications", "amlodipine", "stopped")}),
    ("Эналаприл бросила — сухой кашель", None, {("medications", "enalapril", "stopped")}),
    ("метформин отменили, тошнило каждый день", None, {("medications", "metformin", "stopped")}),
    ("бросил аторвастатин, а мышцы до сих пор болят", None, {("medications", "atorvastatin", "stopped"),
                                                          ("symptoms", "muscle pain", "active")}),
    ("перестала пить ибупрофен, теперь колено болит", None, {("medications", "ibuprofen", "stopped"),
                                                             ("symptoms", "knee pain", "active")}),
]
#: "бросила его," after a comma is a closing stop of the drug before; "никакого" denies its own
#: noun ("толку никакого"), not the drug, unless an entity stands beside it.
PRONOUN_AND_NONE: list[Row] = [
    ("диклофенак колола, отменила его, спина не болит", None, {("medications", "diclofenac", "stopped"),
                                                            ("symptoms", "back pain", "confirmed_absent")}),
    ("ацикловир бросил, пользы от него никакой", None, {("medications", "aciclovir", "stopped")}),
    ("пью но-шпу, эффекта никакого", None, {("medications", "drotaverine", "active")}),
    ("аллергий никаких нет", None, {("allergies", "*", "confirmed_absent")}),
]
#: "больше не" opens a list of denials: the bare denials after it have ended too.
NO_LONGER: list[Row] = [
    ("голова больше не кружится, и не тошнит", None, {("symptoms", "dizziness", "resolved"),
                                                      ("symptoms", "nausea", "resolved")}),
    ("голова не болит, руки не трясутся", None, {("symptoms", "headache", "confirmed_absent"),
                                                 ("symptoms", "tremor", "confirmed_absent")}),
    ("голова уже не болит, а тошноты не было никогда", None, {("symptoms", "headache", "resolved"),
                                                              ("symptoms", "nausea", "confirmed_absent")}),
]
#: "пью для профилактики" is a medicine, so "ничего не пью" there is no word on alcohol.
DRUNK: list[Row] = [
    ("для профилактики ничего не пью", None, set()),
    ("ничего не пью", "Употребляете алкоголь?", {("lifestyle", "alcohol", "confirmed_absent")}),
]
#: "у меня такого нет" after another person's complaint or a relative's illness: the user's own absence.
ME_NEITHER: list[Row] = [
    ("у мужа храп, а у меня такого не бывает", None, {("symptoms", "snoring", "confirmed_absent")}),
    ("у папы подагра, у меня нет", None, {("family_history", "gout", "active"),
                                          ("chronic_conditions", "gout", "confirmed_absent")}),
    ("у меня нет", None, set()),
]
#: "у меня X" and "при моём X" in a question say the user has X; "может у меня X?" is a doubt.
QUESTIONS_THAT_ASSERT: list[Row] = [
    ("можно ли мне нурофен, если у меня язва желудка?", None, {("diagnoses", "peptic ulcer", "active")}),
    ("можно ли кофе при моем диабете?", None, {("chronic_conditions", "diabetes", "active")}),
    ("может у меня язва?", None, set()),
    ("есть ли у меня диабет?", None, set()),
]
#: "ретинопатия" alone is the diabetic one; the hypertensive one has its own name.
VOCABULARY: list[Row] = [
    ("окулист нашел ретинопатию", None, {("chronic_conditions", "diabetic retinopathy", "active")}),
    ("у меня гипертоническая ретинопатия", None, {("chronic_conditions", "hypertensive retinopathy", "active")}),
]
#: A clinician's offer is no drug taken; "предложили" with "пью" after is.
OFFERS: list[Row] = [
    ("Дюфастон предлагали, но я отказалась", None, set()),
    ("гинеколог советует Ярину", None, set()),
    ("предложили аторвастатин, пью месяц", None, {("medications", "atorvastatin", "active")}),
]
#: An imperative to the system ("и удали...") yields nothing; the past "удалили мне" is an operation.
ADDRESSED: list[Row] = [
    ("а сотрите мои данные про гастрит", None, set()),
    ("удалили мне желчный в 2015", None, {("surgeries", "cholecystectomy", "historical")}),
]
#: "мне 58 давление высокое", "мне самой 55": an age before a word that is no unit; "мне 40, жен.".
AGES: list[Row] = [
    ("мне 63 сахар повышен", None, {("demographics", "age", "active"), ("diagnoses", "hyperglycemia", "active")}),
    ("мне самому 47, и сердце пошаливает", None, {("demographics", "age", "active")}),
    ("мне 20 мг назначили", None, set()),
    ("мне 10 дней колоть", None, set()),
    ("мне 40, жен., астма", None, {("demographics", "age", "active"), ("demographics", "sex", "active"),
                                   ("chronic_conditions", "asthma", "active")}),
    ("мне 35, муж в командировке", None, {("demographics", "age", "active")}),
]
#: ", это ...?" after a comma asks about the statement before it, which stands; a dash is one question.
ASKS_OF_A_STATEMENT: list[Row] = [
    ("ноги немеют по ночам, это от диабета?", None, {("symptoms", "numbness", "active")}),
    ("Омез — это омепразол?", None, set()),
]
#: "мажем", "даём" after a child or relative is named: the parents treat that person, not the user.
WE_TREAT: list[Row] = [
    ("Дочке 7 лет, бронхиальная астма. Даём Сингуляр на ночь", None, {("family_history", "asthma", "active")}),
    ("мажем Бепантеном", None, {("medications", "dexpanthenol", "active")}),
]
#: "нет" to an allergy question about medicines as a whole beside an example denies every allergy;
#: to a question about one named allergen it denies that one; a vaccine question stays specific.
WHOLE_SECTION: list[Row] = [
    ("нет", "Есть ли аллергия на лекарства, например на аспирин?", {("allergies", "*", "confirmed_absent")}),
    ("нет", "Аллергия на аспирин есть?", {("allergies", "aspirin", "confirmed_absent")}),
    ("нет, не делал", "Прививку от гриппа делали?", {("vaccinations", "influenza vaccine", "confirmed_absent")}),
]
#: "на <drug> нет": the drug in the locative is what the user is on; the denial is not of it.
ON_A_DRUG: list[Row] = [
    ("на варфарине синяков нет", None, {("medications", "warfarin", "active"),
                                        ("symptoms", "bruising", "confirmed_absent")}),
    ("варфарин не пью", None, {("medications", "warfarin", "confirmed_absent")}),
]
# fmt: on

ROWS = (
    CORRECTIONS
    + STOP_REASONS
    + PRONOUN_AND_NONE
    + NO_LONGER
    + DRUNK
    + ME_NEITHER
    + QUESTIONS_THAT_ASSERT
    + VOCABULARY
    + OFFERS
    + ADDRESSED
    + AGES
    + ASKS_OF_A_STATEMENT
    + WE_TREAT
    + WHOLE_SECTION
    + ON_A_DRUG
)


@pytest.mark.parametrize(("text", "context", "expected"), ROWS, ids=[r[0][:40] for r in ROWS])
def test_russian_mechanisms(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context)) == expected


def test_corrected_dose_is_the_new_one() -> None:
    events = by_triple(understand("Конкор 5, нет, 2,5 мг утром"))
    assert events[("medications", "bisoprolol", "active")].get("dose") == "2.5 mg"
