"""Russian drinking verbs, who "сам" is, removals and course verbs, dated episodes, guesses and scope.

Every row is a new sentence written the way patients type, not one from the tuned or unseen
dialogue sets: what is checked is the mechanism, so a rewording must read the same. Rows are
(text, assistant turn before it or None, the exact set of (section, entity, status)).
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, Triple, triples, understand

# fmt: off
#: "выпил" + a medicine is taking it, not drinking alcohol; "сам пьёт" after a spouse is the spouse.
DRINKING: list[Row] = [
    ("выпил ибупрофен на ночь", None, {("medications", "ibuprofen", "active")}),
    ("вчера выпила две таблетки парацетамола", None, {("medications", "paracetamol", "active")}),
    ("выпил пива на выходных", None, {("lifestyle", "alcohol", "active")}),
    ("жена говорит пей меньше, а сама пьёт вино каждый вечер", None, set()),
    ("брат говорит бросай, сам курит по пачке", None, set()),
    ("сама пью редко, по праздникам", None, {("lifestyle", "alcohol", "active")}),
]
#: "у меня мама ..." is the mother's; "у сестры тоже" after a condition is the sister's too.
POSSESSIVE: list[Row] = [
    ("у меня папа гипертоник", None, {("family_history", "hypertension", "active")}),
    ("у меня псориаз, у дочки тоже", None, {("chronic_conditions", "psoriasis", "active"),
                                           ("family_history", "psoriasis", "active")}),
    ("у мамы диабет, у папы нет", None, {("family_history", "diabetes", "active")}),
]
#: A removal verb with a drug stops it; a course verb ("прокололи", "пропила") ends it;
#: "больше не пью" after a side effect stops the drug, not the effect.
STOPS: list[Row] = [
    ("невролог убрал карбамазепин", None, {("medications", "carbamazepine", "stopped")}),
    ("убрали мне аспирин перед операцией", None, {("medications", "aspirin", "stopped")}),
    ("цефтриаксон прокапали 5 дней", None, {("medications", "ceftriaxone", "stopped")}),
    ("амоксиклав пропила неделю", None, {("medications", "amoxicillin/clavulanic acid", "stopped")}),
    ("от аторвастатина ломило мышцы, больше не принимаю", None, {("medications", "atorvastatin", "stopped")}),
    ("лозартан не пью уже", None, {("medications", "losartan", "stopped")}),
    ("решила бросить курить", None, set()),
]
#: An episode told in the past with a past time is over; "с 2019" keeps it going.
DATED: list[Row] = [
    ("бронхитом болела в 2020", None, {("diagnoses", "bronchitis", "resolved")}),
    ("был цистит полгода назад", None, {("diagnoses", "cystitis", "resolved")}),
    ("перенёс пневмонию в прошлом году", None, {("diagnoses", "pneumonia", "resolved")}),
    ("одышка после пневмонии", None, {("symptoms", "shortness of breath", "active"),
                                      ("diagnoses", "pneumonia", "resolved")}),
    ("гастрит с 2019, обострения бывают", None, {("diagnoses", "gastritis", "active")}),
]
#: "от X делала" is the vaccine against X; "вроде" keeps a volunteered denial from being recorded,
#: while a hedged bare answer to the assistant's question denies, as "I don't think so" does.
VACCINES_AND_GUESSES: list[Row] = [
    ("от кори в детстве делали", None, {("vaccinations", "measles vaccine", "historical")}),
    ("от столбняка никогда не делал", None, {("vaccinations", "tetanus vaccine", "confirmed_absent")}),
    ("вроде нет", "Есть аллергия на лекарства?", {("allergies", "*", "confirmed_absent")}),
    ("хронических болезней нет вроде", None, set()),
    ("вроде бросила", "Курите?", {("lifestyle", "smoking", "stopped")}),
]
#: "других X нет" leaves out what was told; "не" + infinitive denies no complaint; "не" inside
#: a two-word term denies the term.
SCOPE: list[Row] = [
    ("других операций не было", "Операции были?", set()),
    ("no other allergies", None, set()),
    ("колено болит так, что не наступить", None, {("symptoms", "knee pain", "active")}),
    ("кашель, ночью не уснуть", None, {("symptoms", "cough", "active")}),
    ("голова больше не кружится", None, {("symptoms", "dizziness", "resolved")}),
    ("глаза не чешутся", None, {("symptoms", "itchy eyes", "confirmed_absent")}),
    ("от эналаприла рвало", None, {("medications", "enalapril", "active"), ("symptoms", "vomiting", "active")}),
    # a medicine's purpose in the question: "нет" denies the medicine, not the condition
    ("нет, ничего", "Принимаете что-то от давления?", set()),
    ("нет", "Принимаете что-нибудь от изжоги?", set()),
    # "на лекарства нет" beside a stated allergy denies one class, not the section
    ("на арахис. на лекарства нет", "Аллергия есть?", {("allergies", "peanuts", "active")}),
]
#: "поясница" is the lower back; "желудок" the stomach, not the whole belly.
SITES: list[Row] = [
    ("ноет поясница третий день", None, {("symptoms", "low back pain", "active")}),
    ("спина болит между лопатками", None, {("symptoms", "back pain", "active")}),
    ("после еды желудок болит", None, {("symptoms", "epigastric pain", "active")}),
    ("живот болит внизу", None, {("symptoms", "abdominal pain", "active")}),
]
# fmt: on

#: The relatives of a "too" clause join those the condition was said of.
RELATIONS: list[tuple[str, str]] = [
    ("у бабушки была подагра, у дяди тоже", "grandmother, uncle"),
    ("у отца астма. у брата тоже", "brother, father"),
]

ROWS = DRINKING + POSSESSIVE + STOPS + DATED + VACCINES_AND_GUESSES + SCOPE + SITES


@pytest.mark.parametrize(("text", "context", "expected"), ROWS, ids=[r[0][:40] for r in ROWS])
def test_russian_mechanisms(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "relation"), RELATIONS, ids=[r[0][:40] for r in RELATIONS])
def test_relative_too_joins_relatives(text: str, relation: str) -> None:
    (event,) = understand(text).events
    assert (event["section"], event.get("relation")) == ("family_history", relation)
