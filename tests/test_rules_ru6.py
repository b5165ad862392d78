"""Russian dose changes, relatives, weights, ellipsis, vaccines and operations, on sentences of their own.

Every row is a new sentence written the way patients type, not one from the tuned or unseen
dialogue sets: what is checked is the mechanism, so a rewording must read the same. Rows are
(text, assistant turn before it or None, the exact set of (section, entity, status)), plus
the attributes some of those facts must carry.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, Triple, by_triple, triples, understand

AttrRow = tuple[str, Triple, dict[str, str]]

# fmt: off
#: A change verb governs the next "до N" of its clause, whatever stands between it and the
#: number (the drug, "дозу", "в два раза"); a restatement ("то есть", "точнее") gives the
#: number itself; a reading ("давление до 130") is no dose.
DOSE_CHANGES: list[AttrRow] = [
    ("эналаприл увеличили до 20", ("medications", "enalapril", "active"), {"dose": "20 mg"}),
    ("кардиолог снизил бисопролол до 2,5 мг", ("medications", "bisoprolol", "active"), {"dose": "2.5 mg"}),
    ("врач поднял левемир до 14 единиц", ("medications", "insulin detemir", "active"), {"dose": "14 units"}),
    ("дозу метформина уменьшили вдвое, до 500", ("medications", "metformin", "active"), {"dose": "500 mg"}),
    ("лозартан снизили до половины, то есть 25", ("medications", "losartan", "active"), {"dose": "25 mg"}),
    ("принимаю амлодипин пять миллиграмм", ("medications", "amlodipine", "active"), {}),
]
READINGS: list[Row] = [
    ("таблетки снизили давление до 125", None, set()),
    ("сахар снизился до 5,8 за месяц", None, set()),
]
#: "у X" after a comma opens that relative's clause; "по маме" names the side, not a relative.
RELATIVES: list[AttrRow] = [
    ("у деда был инсульт, у бабушки диабет 2 типа", ("family_history", "stroke", "active"),
     {"relation": "grandfather"}),
    ("у деда был инсульт, у бабушки диабет 2 типа", ("family_history", "type 2 diabetes", "active"),
     {"relation": "grandmother"}),
    ("дядя по отцу перенёс инфаркт", ("family_history", "myocardial infarction", "active"),
     {"relation": "uncle"}),
]
#: The weight a change ends at is the weight now; the change alone is none.
WEIGHTS: list[tuple[str, str | None]] = [
    ("за полгода похудел до 81", "81"),
    ("сбросила 4 кг, теперь 67", "67"),
    ("поправилась до 70 за зиму", "70"),
    ("похудела на 6 кг", None),
]
#: Elided predicates and scopes: "X тоже" after a denial is denied; "без" denies only what
#: follows it; "не могу" + verb denies no term; "не могу бросить" keeps the habit.
SCOPE: list[Row] = [
    ("тошноты нет, рвоты тоже", None,
     {("symptoms", "nausea", "confirmed_absent"), ("symptoms", "vomiting", "confirmed_absent")}),
    ("кашель сухой, насморк тоже", None, {("symptoms", "cough", "active"), ("symptoms", "rhinorrhea", "active")}),
    ("изжоги нет, но тошнота тоже бывает", None,
     {("symptoms", "heartburn", "confirmed_absent"), ("symptoms", "nausea", "active")}),
    ("держу диету, без жареного и соли", None, {("lifestyle", "diet", "active")}),
    ("кашляю без мокроты", None, {("symptoms", "cough", "active"), ("symptoms", "sputum production", "confirmed_absent")}),
    ("живот болит, есть не могу", None, {("symptoms", "abdominal pain", "active")}),
    ("курю пачку, бросить не могу никак", None, {("lifestyle", "smoking", "active")}),
]
#: A vaccination verb with "от", and a disease listed after a vaccine, are vaccines.
VACCINES: list[Row] = [
    ("привилась от кори в детстве", None, {("vaccinations", "measles vaccine", "historical")}),
    ("сделал вторую от гепатита B на прошлой неделе", None, {("vaccinations", "hepatitis b vaccine", "historical")}),
    ("поставили прививку от дифтерии и столбняка", None,
     {("vaccinations", "dtp vaccine", "historical"), ("vaccinations", "tetanus vaccine", "historical")}),
]
#: A vaccination verb is vaccine context for every "от X" of its sentence.
VACCINES.append(("привилась от кори, а в прошлом году от гриппа", None, {
    ("vaccinations", "measles vaccine", "historical"), ("vaccinations", "influenza vaccine", "historical")}))
#: Answers: a member named answers a question about its class (ATC prefix); "на лекарства"
#: in an allergy answer is about drug allergies, not about taking medicines.
ANSWERS: list[Row] = [
    ("да, мальтофер", "Принимаете препараты железа?", {("medications", "iron polymaltose", "active")}),
    ("да, и омепразол ещё", "Аспирин принимаете?",
     {("medications", "aspirin", "active"), ("medications", "omeprazole", "active")}),
    ("на пыль, а на лекарства нет", "Аллергия есть?",
     {("allergies", "house dust mite", "active")}),
    ("на лекарства нет", "На что у вас аллергия?", {("allergies", "*", "confirmed_absent")}),
]
#: A bare "давление" held or listed with other illnesses is hypertension; a reading, a
#: measuring or a drug's effect is not.
PRESSURE: list[Row] = [
    ("у меня давление лет пятнадцать", None, {("chronic_conditions", "hypertension", "active")}),
    ("диабет и давление, пью метформин", None,
     {("chronic_conditions", "diabetes", "active"), ("chronic_conditions", "hypertension", "active"),
      ("medications", "metformin", "active")}),
    ("давление есть, на лизиноприле", None,
     {("chronic_conditions", "hypertension", "active"), ("medications", "lisinopril", "active")}),
    ("утром давление 135 на 85", None, set()),
    ("каждый вечер меряю давление", None, set()),
    ("эналаприл нормально снижает давление", None, {("medications", "enalapril", "active")}),
]
#: A replaced joint, and an illness said with the operation that removes it, are surgeries.
OPERATIONS: list[Row] = [
    ("тазобедренный сустав заменили три года назад", None, {("surgeries", "hip replacement", "historical")}),
    ("в 2018 вырезали аппендицит", None,
     {("surgeries", "appendectomy", "historical"), ("diagnoses", "appendicitis", "resolved")}),
    ("геморрой удалили лазером", None,
     {("surgeries", "hemorrhoidectomy", "historical"), ("diagnoses", "hemorrhoids", "resolved")}),
    ("у меня катаракта на левом глазу", None, {("diagnoses", "cataract", "active")}),
]
#: Names the patients use, as data: an INN per iron salt, the specific allergen, symptom and ulcer.
NAMES: list[Row] = [
    ("пью мальтофер по таблетке", None, {("medications", "iron polymaltose", "active")}),
    ("аквадетрим 2 капли", None, {("medications", "cholecalciferol", "active")}),
    ("аллергия на цветение берёзы", None, {("allergies", "birch pollen", "active")}),
    ("на новокаин аллергия", None, {("allergies", "procaine", "active")}),
    ("ноги покалывает по ночам", None, {("symptoms", "paresthesia", "active")}),
    ("нашли язву 12-перстной кишки", None, {("diagnoses", "duodenal ulcer", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "triple", "attrs"), DOSE_CHANGES + RELATIVES)
def test_attributes(text: str, triple: Triple, attrs: dict[str, str]) -> None:
    found = by_triple(understand(text, None, "ru"))
    assert triple in found, (text, sorted(found))
    for name, value in attrs.items():
        assert found[triple].get(name) == value, (text, found[triple])


@pytest.mark.parametrize(("text", "weight"), WEIGHTS)
def test_weight_a_change_ends_at(text: str, weight: str | None) -> None:
    found = by_triple(understand(text, None, "ru"))
    event = found.get(("demographics", "weight_kg", "active"))
    assert (event or {}).get("value") == weight, (text, sorted(found))


FACTS = READINGS + SCOPE + VACCINES + ANSWERS + PRESSURE + OPERATIONS + NAMES


@pytest.mark.parametrize(("text", "context", "expected"), FACTS)
def test_facts(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context, "ru")) == expected, text
