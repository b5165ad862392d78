"""Russian replies to the assistant's questions (both polarities), denials nobody made, and facts
that must not come from questions without a question mark.

Every row is a new sentence written the way patients type, not one from the tuned or unseen
dialogue sets: what is checked is the mechanism, so a rewording must read the same. Rows are
(text, assistant turn before it or None, the exact set of (section, entity, status)).
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, Triple, triples, understand

# fmt: off
#: A reply that names one or more of the asked things with "только" / "лишь" names all it has:
#: the other asked things are denied; a "только" of time ("кашель только по утрам") is no such word.
ONLY_THESE: list[Row] = [
    ("только насморк", "Кашель, насморк, температура?",
     {("symptoms", "rhinorrhea", "active"), ("symptoms", "cough", "confirmed_absent"),
      ("symptoms", "fever", "confirmed_absent")}),
    ("насморк только", "Есть кашель, насморк или температура?",
     {("symptoms", "rhinorrhea", "active"), ("symptoms", "cough", "confirmed_absent"),
      ("symptoms", "fever", "confirmed_absent")}),
    ("лишь небольшой кашель", "Есть кашель, насморк или температура?",
     {("symptoms", "cough", "active"), ("symptoms", "rhinorrhea", "confirmed_absent"),
      ("symptoms", "fever", "confirmed_absent")}),
    ("только кашель и насморк", "Кашель, насморк, температура?",
     {("symptoms", "cough", "active"), ("symptoms", "rhinorrhea", "active"),
      ("symptoms", "fever", "confirmed_absent")}),
    ("кашель только по утрам", "Кашель, насморк?", {("symptoms", "cough", "active")}),
]
#: "нет, только X" keeps the asked section only when X is of it ("нет, только эналаприл" to other
#: medicines); a complaint of another section after the denial leaves the denial standing.
DENIAL_THEN_OTHER: list[Row] = [
    ("нет, ничего такого, только голова иногда болит", "Есть ли у вас хронические заболевания?",
     {("chronic_conditions", "*", "confirmed_absent"), ("symptoms", "headache", "active")}),
    ("нет, только изжога бывает", "Хронические болезни есть?",
     {("chronic_conditions", "*", "confirmed_absent"), ("symptoms", "heartburn", "active")}),
    ("no, only a headache now and then", "Do you have any chronic conditions?",
     {("chronic_conditions", "*", "confirmed_absent"), ("symptoms", "headache", "active")}),
    ("нет, только эналаприл", "Принимаете ли вы другие лекарства?", {("medications", "enalapril", "active")}),
    ("No, only the lisinopril", "Any other medications?", {("medications", "lisinopril", "active")}),
]
#: The assistant offering to act ("Хотите, расскажу...?", "Напомнить вам...?", "需要我...吗？") asks
#: nothing of the user's health: "нет" declines the offer.
OFFERS: list[Row] = [
    ("нет, спасибо", "Хотите, расскажу подробнее про диету при диабете?", set()),
    ("нет", "Вам напомнить про приём метформина вечером?", set()),
    ("нет", "Записать вас к кардиологу?", set()),
    ("нет, не надо", "Прислать памятку по приёму аспирина?", set()),
    ("不用了", "需要我提醒您吃二甲双胍吗？", set()),
    ("нет", "Аспирин принимаете?", {("medications", "aspirin", "confirmed_absent")}),
]
#: Not knowing ("понятия не имею", "без понятия", "не в курсе") and never having checked ("давление
#: не мерил", "сахар не проверяла", "не сдавала") deny nothing that was asked.
NOT_KNOWN: list[Row] = [
    ("понятия не имею", "Были ли у родителей инфаркты?", set()),
    ("без понятия", "Были ли у родителей инфаркты?", set()),
    ("не в курсе", "У отца был диабет?", set()),
    ("давление не мерил", "Давление высокое бывает?", set()),
    ("сахар не проверяла", "Диабет есть?", set()),
    ("не сдавала", "Анемия есть?", set()),
    ("нет, не делала", "Прививку от гриппа делали?", {("vaccinations", "influenza vaccine", "confirmed_absent")}),
]
#: A denial of what a medicine does ("не особо помогает", "толку нет") denies neither the medicine
#: nor the complaint it is for.
NO_EFFECT: list[Row] = [
    ("не особо помогает", "Как вам нурофен от головной боли?", set()),
    ("толку нет", "Омез помогает от изжоги?", set()),
    ("не помогло", "Пробовали парацетамол?", set()),
    ("не действует совсем", "Как но-шпа, помогает?", set()),
]
#: "да нет" is a Russian "no" ("да нет, всё нормально"); "не думаю" denies as "нет" does; "да, нет"
#: with its comma stays a "yes" that goes on.
DA_NET: list[Row] = [
    ("да нет", "Голова болит?", {("symptoms", "headache", "confirmed_absent")}),
    ("да нет, всё нормально", "Тошнота бывает?", {("symptoms", "nausea", "confirmed_absent")}),
    ("да не, не курю", "Курите?", {("lifestyle", "smoking", "confirmed_absent")}),
    ("не думаю", "Есть у вас астма?", {("chronic_conditions", "asthma", "confirmed_absent")}),
    ("да, есть", "Голова болит?", {("symptoms", "headache", "active")}),
]
#: An amount or a count of times ("раза два в неделю", "2-3 раза в месяц", "пару раз", "только по
#: выходным") answers "yes" to a question about a habit or a complaint; "пару раз" said of a
#: relative or with a denial does not.
HOW_OFTEN: list[Row] = [
    ("раза два в неделю", "Алкоголь употребляете?", {("lifestyle", "alcohol", "active")}),
    ("только по выходным", "Как часто вы употребляете алкоголь?", {("lifestyle", "alcohol", "active")}),
    ("раза два-три", "Бывают ли приступы сердцебиения?", {("symptoms", "palpitations", "active")}),
    ("2-3 раза в месяц", "Головные боли часто бывают?", {("symptoms", "headache", "active")}),
    ("пару раз в год, не больше", "Мигрени бывают?", {("chronic_conditions", "migraine", "active")}),
    ("couple of pints on a friday", "Do you drink?", {("lifestyle", "alcohol", "active")}),
    ("пару раз", "Удобно сейчас говорить?", set()),
]
#: A question without its question mark asks wherever "можно с", "совместим", "чем заменить",
#: "как быстро" stand; a time word filed with the taking verbs ("сейчас") asks nothing of medicines.
UNMARKED_QUESTIONS: list[Row] = [
    ("а метформин можно с алкоголем", None, set()),
    ("метформин с алкоголем совместим", None, set()),
    ("интересно, а омез можно долго пить", None, set()),
    ("чем заменить эналаприл", None, set()),
    ("как быстро действует каптоприл", None, set()),
    ("пью эналаприл, можно при нём ибупрофен", None, {("medications", "enalapril", "active")}),
    ("нет", "Удобно сейчас говорить?", set()),
    ("нет", "Что-то сейчас принимаете?", {("medications", "*", "confirmed_absent")}),
]
#: A reply that only dates what a "когда" question asked ("лет 5 назад", "в 2015", "прошлой
#: осенью") says the user had it; a date with a denial ("в 2015 нет") says nothing of the kind.
DATED: list[Row] = [
    ("лет 5 назад", "Когда делали прививку от столбняка?", {("vaccinations", "tetanus vaccine", "historical")}),
    ("в 2015", "Когда делали прививку от столбняка?", {("vaccinations", "tetanus vaccine", "historical")}),
    ("кажется, прошлой осенью", "Когда последний раз прививались от гриппа?",
     {("vaccinations", "influenza vaccine", "historical")}),
    ("года три назад", "Когда бросили курить?", {("lifestyle", "smoking", "stopped")}),
    ("в детстве", "Когда была операция по удалению аппендикса?", {("surgeries", "appendectomy", "historical")}),
]
#: A reply for every question of the turn ("ни того ни другого", "нет и нет", "на оба", "no to
#: both", "都没有") answers the questions before the last one too; a bare "нет" only the last.
EVERY_QUESTION: list[Row] = [
    ("ни того ни другого", "Курите? Алкоголь употребляете?",
     {("lifestyle", "smoking", "confirmed_absent"), ("lifestyle", "alcohol", "confirmed_absent")}),
    ("нет и нет", "Курите? Алкоголь употребляете?",
     {("lifestyle", "smoking", "confirmed_absent"), ("lifestyle", "alcohol", "confirmed_absent")}),
    ("нет на оба", "Тошнота? Рвота?",
     {("symptoms", "nausea", "confirmed_absent"), ("symptoms", "vomiting", "confirmed_absent")}),
    ("no to both", "Do you smoke? Do you drink alcohol?",
     {("lifestyle", "smoking", "confirmed_absent"), ("lifestyle", "alcohol", "confirmed_absent")}),
    ("都没有", "抽烟吗？喝酒吗？",
     {("lifestyle", "smoking", "confirmed_absent"), ("lifestyle", "alcohol", "confirmed_absent")}),
    # two questions in a row about the user's own complaints are asked together (answers._question_asked)
    ("нет", "Тошнота? Рвота?",
     {("symptoms", "nausea", "confirmed_absent"), ("symptoms", "vomiting", "confirmed_absent")}),
]
#: "не беспокоит" to "X беспокоит?" denies X; "уже не беспокоит", "сейчас не беспокоит" after
#: what was had end it.
NOT_BOTHERING: list[Row] = [
    ("нет, не беспокоит", "Изжога бывает?", {("symptoms", "heartburn", "confirmed_absent")}),
    ("не беспокоит", "Боль в суставах беспокоит?", {("symptoms", "joint pain", "confirmed_absent")}),
    ("изжога не беспокоит", None, {("symptoms", "heartburn", "confirmed_absent")}),
    ("был гастрит, сейчас не беспокоит", None, {("diagnoses", "gastritis", "resolved")}),
    ("в 2019 сломала ногу, сейчас ничего не беспокоит", None, {("injuries", "leg fracture", "resolved")}),
]
#: "Другие симптомы есть?", "ещё лекарства?" ask of a part of a section: "нет" gives no
#: section-wide denial; "аллергия на X или другие лекарства?" asks of them all.
OTHER_ONES: list[Row] = [
    ("нет", "Другие симптомы есть?", set()),
    ("нет, больше ничего", "Какие-нибудь ещё лекарства принимаете?", set()),
    ("Нет, ни на что.", "Есть ли у вас аллергия на антибиотики или другие лекарства?",
     {("allergies", "*", "confirmed_absent")}),
    ("нет", "Лекарства принимаете?", {("medications", "*", "confirmed_absent")}),
]
#: What a test or a contact looks for ("Проверялись на диабет?", "контакт с больными гриппом"),
#: what a drug does ("Омез помогает?", "побочные эффекты от метформина") and what the user knows
#: ("Вы знаете, что такое гипертония?") are not asked of the user's health; "Do you know which
#: vaccines you've had?" is.
NOT_ASKED_OF: list[Row] = [
    ("нет", "Проверялись на диабет?", set()),
    ("нет", "Сдавали анализ на гепатит?", set()),
    ("нет, не делала", "Делали тест на ковид?", set()),
    ("нет", "Был ли контакт с больными гриппом?", set()),
    ("no", "Have you been around anyone with the flu?", set()),
    ("нет", "Омез помогает?", set()),
    ("нет", "Есть побочные эффекты от метформина?", set()),
    ("нет, не тошнит", "Есть побочные эффекты от метформина, например тошнота?",
     {("symptoms", "nausea", "confirmed_absent")}),
    ("нет", "Вы знаете, что такое гипертония?", set()),
    ("нет", "Вы понимаете, как принимать варфарин?", set()),
    ("no", "Do you know what hypertension is?", set()),
    ("tetanus in 2022, never had hep a", "Do you know which vaccines you've had?",
     {("vaccinations", "tetanus vaccine", "historical"), ("vaccinations", "hepatitis a vaccine", "confirmed_absent")}),
    ("нет", "Нужен рецепт на метформин?", set()),
    ("нет", "Вы принимаете метформин?", {("medications", "metformin", "confirmed_absent")}),
    ("нет", "Диабет есть?", {("chronic_conditions", "diabetes", "confirmed_absent")}),
]
#: "нет, всё в порядке" answers no with ease: the asked complaint is denied, not ended; in a
#: statement ("кашель был, сейчас всё в порядке") it still ends what was had. "нет, только X" to a
#: question about named things denies the others.
AT_EASE: list[Row] = [
    ("нет, всё в порядке", "Головокружение есть?", {("symptoms", "dizziness", "confirmed_absent")}),
    ("не, всё в порядке", "Изжога бывает?", {("symptoms", "heartburn", "confirmed_absent")}),
    ("кашель был, сейчас всё в порядке", None, {("symptoms", "cough", "resolved")}),
    ("нет, у меня только гастрит", "Диабет есть?",
     {("chronic_conditions", "diabetes", "confirmed_absent"), ("diagnoses", "gastritis", "active")}),
    ("нет, только аспирин", "Вы принимаете варфарин или аспирин?",
     {("medications", "aspirin", "active"), ("medications", "warfarin", "confirmed_absent")}),
    ("нет, кроме гастрита ничего", "Хронические болезни есть?", {("diagnoses", "gastritis", "active")}),
]
#: A question of how long ("Давно курите?", "Have you had the cough long?") takes what it names
#: as there: "нет, года два" says not long, never not at all.
HOW_LONG: list[Row] = [
    ("нет, месяц", "Давно принимаете метформин?", {("medications", "metformin", "active")}),
    ("нет, года два", "Давно курите?", {("lifestyle", "smoking", "active")}),
    ("нет, пару дней", "Давно болит голова?", {("symptoms", "headache", "active")}),
    ("нет, недавно", "Давно беспокоит изжога?", {("symptoms", "heartburn", "active")}),
    ("no, just a couple of days", "Have you had the cough long?", {("symptoms", "cough", "active")}),
    ("нет, давно бросил", "Давно курите?", {("lifestyle", "smoking", "stopped")}),
    ("нет", "Вы курите?", {("lifestyle", "smoking", "confirmed_absent")}),
]
#: A question's "ещё" that asks whether something goes on ("Кашель ещё беспокоит?", "Вы ещё
#: принимаете омез?") makes "нет" an ending; one that asks for more ("ещё какие-то жалобы?") does not.
STILL_GOING: list[Row] = [
    ("нет", "Кашель ещё беспокоит?", {("symptoms", "cough", "resolved")}),
    ("нет", "Сыпь ещё есть?", {("symptoms", "rash", "resolved")}),
    ("нет", "Вы ещё принимаете омез?", {("medications", "omeprazole", "stopped")}),
    ("да", "Температура ещё держится?", {("symptoms", "fever", "active")}),
    ("нет", "Есть ли ещё какие-то жалобы?", set()),
    ("нет", "Тошнота есть?", {("symptoms", "nausea", "confirmed_absent")}),
]
# fmt: on

ROWS = (
    ONLY_THESE + DENIAL_THEN_OTHER + OFFERS + NOT_KNOWN + NO_EFFECT + DA_NET + HOW_OFTEN + UNMARKED_QUESTIONS
    + DATED + EVERY_QUESTION + NOT_BOTHERING + OTHER_ONES + NOT_ASKED_OF + AT_EASE + HOW_LONG + STILL_GOING
)


@pytest.mark.parametrize(("text", "context", "expected"), ROWS, ids=[r[0][:40] for r in ROWS])
def test_russian_replies(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context)) == expected
