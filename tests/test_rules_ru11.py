"""Russian endings told with everyday verbs, bare endings that refer back, colloquial denials of
hypertension, and questions without a question mark that start elsewhere than the first word.

Every row is a new sentence written the way patients type, not one from the tuned or unseen
dialogue sets: what is checked is the mechanism, so a rewording must read the same. Rows are
(text, assistant turn before it or None, the exact set of (section, entity, status)).
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, Triple, triples, understand

# fmt: off
#: A complaint "went away" in many verbs: "ушли", "сошла", "исчезла", "пропала", "отпустило".
#: "пропал аппетит" is itself a complaint (loss of appetite), not the end of one.
ENDING_VERBS: list[Row] = [
    ("головные боли ушли", None, {("symptoms", "headache", "resolved")}),
    ("сыпь сошла за пару дней", None, {("symptoms", "rash", "resolved")}),
    ("изжога исчезла через неделю", None, {("symptoms", "heartburn", "resolved")}),
    ("тошнота пропала, ем нормально", None, {("symptoms", "nausea", "resolved")}),
    ("поясница болела, сейчас отпустило", None, {("symptoms", "low back pain", "resolved")}),
    ("пропал аппетит", None, {("symptoms", "loss of appetite", "active")}),
    ("аппетит пропал совсем", None, {("symptoms", "loss of appetite", "active")}),
]
#: A request for advice asks wherever its word stands ("от кашля что посоветуете"), and so does
#: "что лучше", "как долго"; a bare "посоветуйте," before a comma leaves the statement after it.
ADVICE_REQUESTS: list[Row] = [
    ("от кашля что посоветуете", None, set()),
    ("что лучше от изжоги, омез или нексиум", None, set()),
    ("при давлении что можно пить", None, set()),
    ("как долго можно пить омез", None, set()),
    ("посоветуйте что-нибудь от изжоги", None, set()),
    ("подскажите аналог нексиума", None, set()),
    ("на всякий случай спрошу про аспирин", None, set()),
    ("у меня гастрит, что посоветуете", None, {("diagnoses", "gastritis", "active")}),
    ("посоветуйте, пью конкор 5 мг, можно кофе", None, {("medications", "bisoprolol", "active")}),
]
#: What the user heard or read ("говорят", "читала про", "интересно,") is no fact of theirs.
HEARSAY: list[Row] = [
    ("читала про мелатонин, помогает от бессонницы", None, set()),
    ("говорят, что от эналаприла кашель бывает", None, set()),
    ("интересно, от метформина худеют", None, set()),
    ("в интернете пишут что омез вредный", None, set()),
    ("пью омез, в интернете пишут что он вредный", None, {("medications", "omeprazole", "active")}),
]
#: "давление" named to be denied is hypertension denied ("давления нет", "ни давления, ни
#: диабета", "проблем с давлением нет"); a reading ("давление 150 на 90") denies nothing.
PRESSURE_DENIED: list[Row] = [
    ("давления у меня нет, сахар в норме", None, {("chronic_conditions", "hypertension", "confirmed_absent")}),
    ("ни давления, ни диабета", None, {("chronic_conditions", "hypertension", "confirmed_absent"),
                                       ("chronic_conditions", "diabetes", "confirmed_absent")}),
    ("с давлением проблем нет", None, {("chronic_conditions", "hypertension", "confirmed_absent")}),
    ("проблем с давлением никогда не было", None, {("chronic_conditions", "hypertension", "confirmed_absent")}),
    ("на давление не жалуюсь", None, {("chronic_conditions", "hypertension", "confirmed_absent")}),
    ("есть проблемы с давлением", None, {("chronic_conditions", "hypertension", "active")}),
    ("давление 150 на 90", None, set()),
]
#: A reply to a question naming several things answers them one by one: "остального нет" denies
#: the asked things the reply did not name, a bare "боли" is the one asked pain; a denial after a
#: comma ("другого ничего", "боли нет") keeps to its own phrase.
ONE_BY_ONE: list[Row] = [
    ("насморк есть, остального нет", "Есть температура, насморк, боль в горле?",
     {("symptoms", "rhinorrhea", "active"), ("symptoms", "fever", "confirmed_absent"),
      ("symptoms", "sore throat", "confirmed_absent")}),
    ("тошнит немного, другого ничего", "Тошнота, рвота, понос?",
     {("symptoms", "nausea", "active"), ("symptoms", "vomiting", "confirmed_absent"),
      ("symptoms", "diarrhea", "confirmed_absent")}),
    ("курю, а остального нет", "Курите, употребляете алкоголь?",
     {("lifestyle", "smoking", "active"), ("lifestyle", "alcohol", "confirmed_absent")}),
    ("одышка есть, боли нет", "Есть боль в груди или одышка?",
     {("symptoms", "shortness of breath", "active"), ("symptoms", "chest pain", "confirmed_absent")}),
    ("боли нет, одышка бывает", "Есть боль в груди или одышка?",
     {("symptoms", "shortness of breath", "active"), ("symptoms", "chest pain", "confirmed_absent")}),
    ("насморк есть", "Есть температура, насморк, боль в горле?", {("symptoms", "rhinorrhea", "active")}),
    ("тошнит немного, другого ничего", None, {("symptoms", "nausea", "active")}),
]
#: A grandchild, nephew or niece is a blood relative, whose complaint is not the user's; what a
#: relative "думает" the user has is a guess.
OTHERS: list[Row] = [
    ("внук кашляет неделю", None, set()),
    ("у племянницы диабет с детства", None, {("family_history", "diabetes", "active")}),
    ("у внучки астма", None, {("family_history", "asthma", "active")}),
    ("мама думает что у меня анемия", None, set()),
    ("жена думает, что у меня апноэ", None, set()),
]
#: A message that is only an ending ("всё прошло", "уже прошло, спасибо", "отпустило") names
#: nothing: it ends the illness discussed last, a complaint on a tie ("^", resolved by the fold). A
#: time that passed ("год прошёл"), a doubt ("ещё не прошло") or another person's recovery is none,
#: and an operation that "прошла хорошо" went well, which denies no operation.
BARE_ENDINGS: list[Row] = [
    ("всё прошло", None, {("symptoms", "^*", "resolved")}),  # everything: the whole episode (test_whole_episode)
    ("уже прошло, спасибо", None, {("symptoms", "^", "resolved")}),
    ("прошло само через три дня", None, {("symptoms", "^", "resolved")}),
    ("больше не беспокоит", None, {("symptoms", "^", "resolved")}),
    ("выздоровела", None, {("symptoms", "^", "resolved")}),
    ("год прошел", None, set()),
    ("ещё не прошло", None, set()),
    ("у мужа всё прошло", None, set()),
    ("кашель прошел", None, {("symptoms", "cough", "resolved")}),
    ("операция прошла хорошо", None, set()),
    ("удалили желчный, всё нормально прошло", None, {("surgeries", "cholecystectomy", "historical")}),
]
#: A question whose last clause is its "if" ("а нурофен мне можно, если спину прихватит?") asks
#: with the clause before it; a plan's habit may stand before its verb ("алкоголь брошу"); an offer
#: ("невролог предложила топирамат") is not taken yet.
ASKED_AND_PLANNED: list[Row] = [
    ("а нурофен мне можно если спину прихватит?", None, set()),
    ("кеторол можно, если опять заболит?", None, set()),
    ("тогда алкоголь вообще брошу", None, set()),
    ("курить брошу с понедельника", None, set()),
    ("эндокринолог предложил инсулин, но я пока думаю", None, set()),
    ("ночью теперь встаю 1 раз, жить можно", None, {("symptoms", "nocturia", "active")}),
]
#: A question about the treatment of an illness ("профилактику мигрени", "что-то от давления")
#: answered "нет" denies the treatment, never the illness.
TREATMENT_ASKED: list[Row] = [
    ("нет", "Принимаете ли вы какую-то профилактику мигрени?", set()),
    ("Нет", "Проходили лечение гастрита?", set()),
    ("нет", "Есть мигрень?", {("chronic_conditions", "migraine", "confirmed_absent")}),
]
#: Everyday names: "фолиевая" is folic acid; thoughts of harming oneself are suicidal ideation.
EVERYDAY_NAMES: list[Row] = [
    ("уже пью фолиевую, 400 мкг", None, {("medications", "folic acid", "active")}),
    ("нет, такого нет", "Бывают ли мысли причинить себе вред?", {("symptoms", "suicidal ideation", "confirmed_absent")}),
    ("мыслей о суициде нет", None, {("symptoms", "suicidal ideation", "confirmed_absent")}),
]
#: "всё прошло" beside the complaints it names ends the diagnosis discussed before; after a colon
#: a denial keeps to its own phrase ("всё прошло: температуры нет" is no double denial); "от X нет"
#: denies the vaccine without reaching back over the comma; "у меня ничего такого нет, а у мужа..."
#: answers the question for the user.
ENDINGS_AND_ANSWERS: list[Row] = [
    ("антибиотик допила, всё прошло: температуры нет, горло не болит", None,
     {("medications", "antibiotics", "stopped"), ("diagnoses", "^", "resolved"), ("symptoms", "^*", "resolved"),
      ("symptoms", "fever", "confirmed_absent"), ("symptoms", "sore throat", "confirmed_absent")}),
    ("от гриппа делала в октябре, от пневмококка нет", None,
     {("vaccinations", "influenza vaccine", "historical"), ("vaccinations", "pneumococcal vaccine", "confirmed_absent")}),
    ("у меня ничего такого нет, а у мужа поллиноз", "Есть ли у вас аллергии или хронические болезни?",
     {("allergies", "*", "confirmed_absent"), ("chronic_conditions", "*", "confirmed_absent")}),
    ("нет, такого не было", "Аллергия на лекарства была?", {("allergies", "*", "confirmed_absent")}),
]
#: A question about someone else ("Какие лекарства ему назначили?") makes a reply that names
#: nobody that person's; "я", "у меня" in the reply are still the user, and "вы", "принимаете"
#: in the question ask the user.
ASKED_ABOUT_SOMEONE: list[Row] = [
    ("амоксиклав суспензию по 5 мл 2 раза", "Какие лекарства ему назначили?", set()),
    ("эналаприл 10 мг", "Что ей назначили?", set()),
    ("ему амоксиклав, а я пью конкор", "Что ему назначили?", {("medications", "bisoprolol", "active")}),
    ("конкор 5 мг", "Какие лекарства принимаете?", {("medications", "bisoprolol", "active")}),
]
# fmt: on

ROWS = (
    ENDING_VERBS + ADVICE_REQUESTS + HEARSAY + PRESSURE_DENIED + ONE_BY_ONE + OTHERS + BARE_ENDINGS
    + ASKED_AND_PLANNED + TREATMENT_ASKED + EVERYDAY_NAMES + ENDINGS_AND_ANSWERS + ASKED_ABOUT_SOMEONE
)


@pytest.mark.parametrize(("text", "context", "expected"), ROWS, ids=[r[0][:40] for r in ROWS])
def test_russian_mechanisms(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context)) == expected
