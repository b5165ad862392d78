"""How Russian patients name symptoms, conditions and medicines in chat, kept as data
(``anamnesis/terminology/data/chat_forms_ru.tsv``, colloquial body parts in ``anatomy.tsv``, new rows
in the symptom, condition and ``drugs_*`` files): verbs in the tense, gender and aspect the generator
does not make, both word orders, slang and misspellings, the assistant's questions, and the
Russian market's brands.

Each row is (text, assistant turn before it or None, the exact set of (section, entity, status)
the message must yield). The sentences are new, written for this test; none is from the gold,
dev, validation or blind sets. All but a few failed before these names were added.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, Triple, triples, understand

# fmt: off
SYMPTOMS: list[Row] = [
    ("с утра разболелась голова", None, {("symptoms", "headache", "active")}),
    ("башка трещит уже третий день", None, {("symptoms", "headache", "active")}),
    ("затылок ломит по вечерам", None, {("symptoms", "headache", "active")}),
    ("всю ночь знобило, утром полегче", None, {("symptoms", "chills", "active")}),
    ("ребенок не при чем, это я кашлял всю неделю", None, {("symptoms", "cough", "active")}),
    ("да, по утрам", "Кашляете?", {("symptoms", "cough", "active")}),
    ("нет", "Болит ли горло?", {("symptoms", "sore throat", "confirmed_absent")}),
    ("сердце колотилось полночи, не могла уснуть", None,
     {("symptoms", "insomnia", "active"), ("symptoms", "palpitations", "active")}),
    ("живот крутило после шашлыка", None, {("symptoms", "abdominal pain", "active")}),
    ("пузо болит и пучит", None, {("symptoms", "abdominal pain", "active"), ("symptoms", "bloating", "active")}),
    ("тянет низ живота перед месячными", None, {("symptoms", "lower abdominal pain", "active")}),
    ("коленка ноет после бега", None, {("symptoms", "knee pain", "active")}),
    ("поясницу прихватило на даче", None, {("symptoms", "low back pain", "active")}),
    ("мутит с самого утра", None, {("symptoms", "nausea", "active")}),
    ("нос закладывает по ночам, дышу ртом", None, {("symptoms", "nasal congestion", "active")}),
    ("после ковида запахов не чувствую", None,
     {("diagnoses", "covid-19", "resolved"), ("symptoms", "anosmia", "active")}),
    ("щиплет когда писаю", None, {("symptoms", "dysuria", "active")}),
    ("голова кружиться когда встаю", None, {("symptoms", "dizziness", "active")}),
    ("мучаюсь бессоницей уже месяц", None, {("symptoms", "insomnia", "active")}),
    ("как выжатый лимон после работы, валюсь с ног", None, {("symptoms", "fatigue", "active")}),
    ("в ухе стреляет с вечера", None, {("symptoms", "ear pain", "active")}),
    ("сердце больше не колотится", None, {("symptoms", "palpitations", "resolved")}),
    ("не кашляю, но горло дерет", None,
     {("symptoms", "cough", "confirmed_absent"), ("symptoms", "sore throat", "active")}),
    ("почки болят второй день", None, {("symptoms", "flank pain", "active")}),
    ("рука болит после прививки", None, {("symptoms", "injection site pain", "active")}),
    ("всю неделю поясница ныла", None, {("symptoms", "low back pain", "active")}),
    ("зуб дергает ночью", None, {("symptoms", "toothache", "active")}),
    ("колени побаливают к непогоде", None, {("symptoms", "knee pain", "active")}),
    ("вчера весь вечер икала", None, {("symptoms", "hiccups", "active")}),
    ("глаза сохнут за компьютером", None, {("symptoms", "dry eyes", "active")}),
    ("вены на ногах вздулись", None, {("chronic_conditions", "varicose veins", "active")}),
    # a baby's complaint is not the user's ("малыш" is a child, relatives.tsv)
    ("у малыша температура 38", None, set()),
]
CONDITIONS: list[Row] = [
    ("у меня межпозвонковая грыжа в пояснице", None, {("chronic_conditions", "intervertebral disc herniation", "active")}),
    ("я гипотоник, давление всегда низкое", None, {("diagnoses", "hypotension", "active")}),
    ("в прошлом году был микроинсульт", None, {("diagnoses", "transient ischemic attack", "resolved")}),
    ("вскочил ячмень на глазу", None, {("diagnoses", "stye", "active")}),
    ("в детстве переболела свинкой", None, {("diagnoses", "mumps", "resolved")}),
    ("на ногах натоптыши и мозоли", None, {("diagnoses", "callus", "active")}),
    ("дерматолог нашел демодекоз", None, {("diagnoses", "demodicosis", "active")}),
    ("у меня герпангина", None, {("diagnoses", "herpangina", "active")}),
    ("ставили глоссит, язык жжет", None, {("diagnoses", "glossitis", "active")}),
    ("проктолог сказал трещина заднего прохода", None, {("diagnoses", "anal fissure", "active")}),
    ("через неделю появилось красное пятно вокруг укуса", None, {("symptoms", "erythema migrans", "active")}),
    ("у меня бывает ангионевротический отек", None, {("symptoms", "angioedema", "active")}),
    ("хейлит замучил, губы трескаются", None, {("symptoms", "cheilitis", "active")}),
    ("вальгусная деформация на обеих ногах", None, {("chronic_conditions", "hallux valgus", "active")}),
    ("у меня давление шалит", None, {("chronic_conditions", "hypertension", "active")}),
    ("страдаю давлением лет десять", None, {("chronic_conditions", "hypertension", "active")}),
    ("неприятный привкус во рту второй день", None, {("symptoms", "dysgeusia", "active")}),
    ("под глазами давит, гайморит", None,
     {("diagnoses", "sinusitis", "active"), ("symptoms", "facial pain", "active")}),
    ("у меня ксеростомия от таблеток", None, {("symptoms", "dry mouth", "active")}),
    ("натерла мозоль новыми туфлями", None, {("diagnoses", "callus", "active")}),
    ("с детства мучают ночные страхи", None, {("symptoms", "nightmares", "active")}),
    ("простыла сильно, сопли и кашель", None,
     {("diagnoses", "common cold", "active"), ("symptoms", "cough", "active"), ("symptoms", "rhinorrhea", "active")}),
    ("я язвенник со стажем", None, {("diagnoses", "peptic ulcer", "active")}),
    ("у меня ГПОД и рефлюкс", None,
     {("chronic_conditions", "gastroesophageal reflux disease", "active"),
      ("diagnoses", "hiatal hernia", "active")}),
    ("эндокринолог сказал, щитовидка увеличена", None, {("chronic_conditions", "goiter", "active")}),
    ("ПМК с детства", None, {("chronic_conditions", "mitral valve prolapse", "active")}),
    ("я астматичка, ношу ингалятор", None, {("chronic_conditions", "asthma", "active")}),
    ("шейный хондроз замучил", None, {("chronic_conditions", "osteochondrosis", "active")}),
]
DRUGS: list[Row] = [
    ("пью феназепам на ночь", None, {("medications", "phenazepam", "active")}),
    ("капаю корвалол когда сердце шалит", None, {("medications", "corvalol", "active")}),
    ("валокордин бросила, пью пустырник", None,
     {("medications", "motherwort", "active"), ("medications", "valocordin", "stopped")}),
    ("валидол под язык ношу с собой", None, {("medications", "validol", "active")}),
    ("на ночь новопассит", None, {("medications", "novo-passit", "active")}),
    ("от головы выпила спазмалгон", None, {("medications", "metamizole/pitofenone/fenpiverinium", "active")}),
    ("пенталгин помогает от зуба", None,
     {("medications", "paracetamol/naproxen/caffeine/drotaverine/pheniramine", "active")}),
    ("горло полощу мирамистином и сосу лизобакт", None,
     {("medications", "lysozyme/pyridoxine", "active"), ("medications", "miramistin", "active")}),
    ("рассасываю фарингосепт", None, {("medications", "ambazone", "active")}),
    ("капаю в нос изофру", None, {("medications", "framycetin", "active")}),
    ("синупрет пью неделю", None, {("medications", "sinupret", "active")}),
    ("эргоферон начала пить вчера", None, {("medications", "ergoferon", "active")}),
    ("пью эргоферон", None, {("medications", "ergoferon", "active")}),
    ("анаферон пью третий день", None, {("medications", "anaferon", "active")}),
    ("амиксин пропила курсом", None, {("medications", "tilorone", "stopped")}),
    ("уролог назначил фурамаг на неделю", None, {("medications", "furazidin", "active")}),
    ("давление держу экватором", None, {("medications", "amlodipine/lisinopril", "active")}),
    ("рану мажу левомеколем", None, {("medications", "chloramphenicol/methyluracil", "active")}),
    ("невролог назначил лирику 75 мг", None, {("medications", "pregabalin", "active")}),
    ("ибуклин не помог, купила некст", None, {("medications", "ibuprofen/paracetamol", "active")}),
    ("вместо аллопуринола теперь милурит", None, {("medications", "allopurinol", "active")}),
    ("при климаксе пью клималанин", None,
     {("diagnoses", "menopause", "active"), ("medications", "beta-alanine", "active")}),
    ("пью денол по 2 таблетки", None, {("medications", "bismuth potassium citrate", "active")}),
]
# fmt: on


ROWS = SYMPTOMS + CONDITIONS + DRUGS


@pytest.mark.parametrize(("text", "context", "expected"), ROWS, ids=[r[0][:40] for r in ROWS])
def test_russian_chat_names_are_understood(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context)) == expected
