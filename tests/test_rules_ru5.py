"""Russian scope, answers and discourse mechanisms of the rules backend, on sentences of their own.

Every row is a new sentence written the way patients type (no capitals, little punctuation),
not one from the tuned or unseen dialogue sets: what is checked is the mechanism, so a
rewording must read the same. Rows are (text, assistant turn before it or None, the exact set
of (section, entity, status)).
"""

from __future__ import annotations

import polars as pl
import pytest

from tests.test_reconcile import ev, history, run
from tests.test_rules_backend import Row, Triple, triples, understand

# fmt: off
#: A denial after its term ("голова не кружится") is the predicate of its own phrase: what
#: follows the comma is a new phrase, not a list it governs; a denial that opens the list does.
PREDICATE: list[Row] = [
    ("живот не болит, тошнит с утра", None,
     {("symptoms", "abdominal pain", "confirmed_absent"), ("symptoms", "nausea", "active")}),
    ("горло не болит, насморк замучил", None,
     {("symptoms", "sore throat", "confirmed_absent"), ("symptoms", "rhinorrhea", "active")}),
    ("нет ни кашля, ни температуры", None,
     {("symptoms", "cough", "confirmed_absent"), ("symptoms", "fever", "confirmed_absent")}),
    ("не курю, не пью, в зал хожу", None,
     {("lifestyle", "smoking", "confirmed_absent"), ("lifestyle", "alcohol", "confirmed_absent"),
      ("lifestyle", "exercise", "active")}),
    ("нет температуры, кашля, насморка", None,
     {("symptoms", "fever", "confirmed_absent"), ("symptoms", "cough", "confirmed_absent"),
      ("symptoms", "rhinorrhea", "confirmed_absent")}),
]
#: A negated going-away verb says it persists; "почти не" is no confirmed absence; "больше"
#: after a denial ends what was there.
PERSISTS: list[Row] = [
    ("изжога не проходит вторую неделю", None, {("symptoms", "heartburn", "active")}),
    ("насморк никак не уходит", None, {("symptoms", "rhinorrhea", "active")}),
    ("спина почти не болит", None, set()),
    ("кашель почти прошёл", None, set()),
    ("тошнить не тошнит больше", None, {("symptoms", "nausea", "resolved")}),
]
#: Words with "не" that deny nothing: an intolerance, a medicine no longer needed, an in-law
#: who is no blood relative, "не больше" (at most), "отрицаю" that does deny.
WORDS: list[Row] = [
    ("аспирин не переношу, сразу сыпь", None, {("allergies", "aspirin", "active")}),
    ("мелатонин стал не нужен, сплю хорошо", None,
     {("medications", "melatonin", "stopped"), ("symptoms", "^insomnia", "resolved")}),
    ("у тёщи астма, но она мне не родная", None, set()),
    ("пиво пью не больше бутылки по пятницам", None, {("lifestyle", "alcohol", "active")}),
    ("курение отрицаю", None, {("lifestyle", "smoking", "confirmed_absent")}),
    ("отрицаю", "Аллергия на лекарства есть?", {("allergies", "*", "confirmed_absent")}),
    ("витамины больше не пью", None, set()),
    ("по 1 таб. лозартана утром пью", None, {("medications", "losartan", "active")}),
    ("никак не могу бросить курить", None, {("lifestyle", "smoking", "active")}),
    ("лозартан перестал помогать", None, {("medications", "losartan", "active")}),
    # the drug after "от" is the cause of the effect denied, not denied itself
    ("не кружится голова от амлодипина", None,
     {("medications", "amlodipine", "active"), ("symptoms", "dizziness", "confirmed_absent")}),
]
#: Allergens in a list after "на", and a switch that never stops the allergen before it.
ALLERGY: list[Row] = [
    ("на ибупрофен аллергия, на парацетамол нет", None,
     {("allergies", "ibuprofen", "active"), ("allergies", "paracetamol", "confirmed_absent")}),
    ("аллергия на цефтриаксон, заменили на азитромицин", None,
     {("allergies", "ceftriaxone", "active"), ("medications", "azithromycin", "active")}),
]
#: A few words that name nothing and deny ("такого не было", "не замечал") answer the
#: assistant's question as a bare "нет" would; with an ending they say it has ended.
ANSWERS: list[Row] = [
    ("такого не было", "Одышка при нагрузке бывает?", {("symptoms", "shortness of breath", "confirmed_absent")}),
    ("не замечала", "Отёки на ногах есть?", {("symptoms", "leg swelling", "confirmed_absent")}),
    ("не оперировали", "Операции когда-нибудь были?", {("surgeries", "*", "confirmed_absent")}),
    ("бросила 3 года назад", "Курите?", {("lifestyle", "smoking", "stopped")}),
    ("ни капли", "Выпиваете?", {("lifestyle", "alcohol", "confirmed_absent")}),
    ("не помню", "Прививку от столбняка делали?", set()),
    # examples after a dash illustrate what is asked: "no" denies the thing, not each sign
    # (a hedged bare answer denies, as "I don't think so" does: the angina, not each sign)
    ("нет вроде не было", "Приступы стенокардии — давящая боль за грудиной?",
     {("chronic_conditions", "angina pectoris", "confirmed_absent")}),
    ("ничего такого не было", "Бывает ли гипогликемия — потливость, дрожь в руках?",
     {("symptoms", "hypoglycemia", "confirmed_absent")}),
]
#: Past injuries and illnesses dated to another year have healed; "сейчас нормально" ends one.
PAST: list[Row] = [
    ("ключицу ломал в 2016 на велике", None, {("injuries", "clavicle fracture", "resolved")}),
    ("три года назад сломала руку", None, {("injuries", "arm fracture", "resolved")}),
    ("вчера сломал запястье", None, {("injuries", "wrist fracture", "active")}),
    ("бронхит был весной, сейчас нормально", None, {("diagnoses", "bronchitis", "resolved")}),
    # what the message says one had, then "сейчас нет", has ended; "не было" is never "had"
    ("насморк был всю неделю, сейчас нету", None, {("symptoms", "rhinorrhea", "resolved")}),
    ("аторвастатин был, теперь нет", None, {("medications", "atorvastatin", "stopped")}),
    ("не было температуры ни разу", None, {("symptoms", "fever", "confirmed_absent")}),
    ("метформин не пью с осени", None, {("medications", "metformin", "stopped")}),
]
#: A stopping verb in a sentence that gives a symptom as a drug's effect ends the drug; the
#: effect went with it and is no current symptom.
EFFECTS: list[Row] = [
    ("от эналаприла кашель был, врач его отменил", None, {("medications", "enalapril", "stopped")}),
    ("розувастатин вызвал боли в мышцах, бросила", None, {("medications", "rosuvastatin", "stopped")}),
    # "сейчас"/"теперь" open the present: what follows is taken now, whatever came before
    ("раньше колола хумалог, теперь новорапид", None,
     {("medications", "insulin lispro", "stopped"), ("medications", "insulin aspart", "active")}),
    ("сняли с варфарина после операции", None, {("medications", "warfarin", "stopped")}),
    ("от нурофена болел живот, сейчас прошло", None,
     {("medications", "ibuprofen", "active"), ("symptoms", "abdominal pain", "resolved")}),
]
#: Colloquial names: "проблемы с давлением" is hypertension, "давление у меня тоже" too.
VOCABULARY: list[Row] = [
    ("проблемы с давлением лет пять", None, {("chronic_conditions", "hypertension", "active")}),
    ("у меня давление нормальное", None, set()),
    ("вторую от ковида сделала в августе", None, {("vaccinations", "covid-19 vaccine", "historical")}),
    ("прививалась от энцефалита весной", None, {("vaccinations", "tick-borne encephalitis vaccine", "historical")}),
    ("вторую неделю грипп", None, {("diagnoses", "influenza", "active")}),
]
#: No fact from a hypothesis, a suspicion, someone else, an acknowledgement of the
#: assistant's statement, or text addressed to the system.
NO_FACT: list[Row] = [
    ("а вдруг у меня гастрит", None, set()),
    ("кардиолог подозревает аритмию", None, set()),
    ("у свёкра подагра", None, set()),
    ("понятно, спасибо", "Лизиноприл может вызывать сухой кашель.", set()),
    ("запиши что я не пью", None, set()),
    ("пропиши мне в карте аллергию на пенициллин", None, set()),
]
# fmt: on

ROWS = [*PREDICATE, *PERSISTS, *WORDS, *ANSWERS, *PAST, *EFFECTS, *ALLERGY, *VOCABULARY, *NO_FACT]


@pytest.mark.parametrize(("text", "context", "expected"), ROWS, ids=[f"{i}:{r[0][:40]}" for i, r in enumerate(ROWS)])
def test_russian_scope_answers_and_discourse(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context)) == expected


def _fold_dialogue(*turns: tuple[str, str | None]) -> pl.DataFrame:
    """The fact events of the rules' events for one user's turns, in order, through the real fold."""
    rows = []
    for day, (text, context) in enumerate(turns):
        for n, e in enumerate(understand(text, context).events):
            rows.append(ev(day, f"m{day}", e["section"], e["entity"], e["status"]) | {"event_index": n})
    return run(*rows)[0]


def test_denying_later_what_was_present_ends_it() -> None:
    events = _fold_dialogue(("голова болит третий день", None), ("голова уже не болит, спасибо", None))
    assert history(events, "symptoms", "headache") == [("first_mention", "active"), ("change", "resolved")]


def test_a_first_denial_stays_an_absence() -> None:
    events = _fold_dialogue(("температуры нет", None))
    assert history(events, "symptoms", "fever") == [("negation", "confirmed_absent")]


def test_a_body_part_that_is_over_ends_the_injury_discussed_before() -> None:
    events = _fold_dialogue(("подвернула лодыжку вчера, опухла", None), ("нога прошла, хожу нормально", None))
    assert history(events, "injuries", "ankle sprain") == [("first_mention", "active"), ("change", "resolved")]
    assert events.filter(pl.col("entity") == "leg injury").height == 0


def test_a_body_part_that_is_over_with_no_injury_before_gives_no_fact() -> None:
    events = _fold_dialogue(("колено восстановилось, бегаю", None))
    assert events.filter(pl.col("section") == "injuries").height == 0
