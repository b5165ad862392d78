"""What the assistant's question asks, in the assistant's own register, so that a short reply
takes it: "Any trouble catching your breath?" — "no"; "Болят ли суставы?" — "да, по утрам".

The mechanisms and the vocabulary behind them:
- a body part and its complaint compose in the question as in a statement ("Does your back hurt?",
  "Are your ankles swollen?", "Отекают ноги?": ``mentions.with_composed``);
- Russian "ли" moves behind the phrase it splits ("болят ли суставы" reads "болят суставы",
  ``answers._ru_particle_last``);
- what a question names as the circumstance of its complaint is not asked ("Any leaking of urine
  when you cough?"), and "drink" with coffee or tea named asks nothing of alcohol (``answers``);
- "X problems" is also "problems / issues / trouble with my X", and "my X is Y" is also "is my X
  Y", as "Is your X Y?" asks it (``terminology.forms``); the question forms of ``chat_forms_en.tsv`` /
  ``chat_forms_ru.tsv`` (round thirteen).

Each row is (reply, the assistant's question before it, the exact set of (section, entity, status)
the reply must yield). The questions are new, written for this test from how clinicians and
symptom checkers ask; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, Triple, triples, understand

# fmt: off
COMPOSED: list[Row] = [
    ("no", "Does your back hurt?", {("symptoms", "back pain", "confirmed_absent")}),
    ("yes, mostly at night", "Is your knee sore?", {("symptoms", "knee pain", "active")}),
    ("a bit", "Any pain in your joints?", {("symptoms", "joint pain", "active")}),
    ("no", "Are your ankles swollen?", {("symptoms", "peripheral edema", "confirmed_absent")}),
    ("yes", "Any swelling in your joints?", {("symptoms", "joint swelling", "active")}),
    ("nope", "Does your stomach hurt after you eat?", {("symptoms", "abdominal pain", "confirmed_absent")}),
    ("нет", "Болит ли спина?", {("symptoms", "back pain", "confirmed_absent")}),
    ("да, по утрам", "Болят ли суставы?", {("symptoms", "joint pain", "active")}),
    ("да, к вечеру", "Отекают ли ноги?", {("symptoms", "leg swelling", "active")}),
    ("нет", "Нет ли отёков на ногах?", {("symptoms", "leg swelling", "confirmed_absent")}),
    ("бывает", "Колет ли в сердце?", {("symptoms", "chest pain", "active")}),
    ("нет", "Не отекает ли лицо по утрам?", {("symptoms", "facial swelling", "confirmed_absent")}),
]

RU_PARTICLE: list[Row] = [
    ("нет", "Заложен ли нос?", {("symptoms", "nasal congestion", "confirmed_absent")}),
    ("да, сильно", "Выпадают ли волосы?", {("symptoms", "hair loss", "active")}),
    ("нет", "Кровоточат ли дёсны, когда чистите зубы?", {("symptoms", "gingival bleeding", "confirmed_absent")}),
    ("да", "Тяжело ли дышать, когда лежите?", {("symptoms", "shortness of breath", "active")}),
    ("нет", "Пропал ли вкус?", {("symptoms", "loss of taste", "confirmed_absent")}),
    ("иногда", "Трясутся ли руки?", {("symptoms", "tremor", "active")}),
]

TROUBLE_WITH: list[Row] = [
    ("no", "Any problems with your hearing?", {("symptoms", "hearing loss", "confirmed_absent")}),
    ("yes", "Any issues with your heart?", {("chronic_conditions", "heart disease", "active")}),
    ("no", "Have you had any trouble with your blood pressure?",
     {("chronic_conditions", "hypertension", "confirmed_absent")}),
    ("yes, for years", "Any problems with your balance?", {("symptoms", "unsteady gait", "active")}),
    ("no issues with my heart", None, {("chronic_conditions", "heart disease", "confirmed_absent")}),
]

FORMS_EN: list[Row] = [
    ("no", "Any trouble catching your breath?", {("symptoms", "shortness of breath", "confirmed_absent")}),
    ("yes, about 5 kilos", "Have you lost any weight recently?", {("symptoms", "weight loss", "active")}),
    ("sometimes", "Does food get stuck when you swallow?", {("symptoms", "dysphagia", "active")}),
    ("no", "Have you coughed up any blood?", {("symptoms", "hemoptysis", "confirmed_absent")}),
    ("yes", "Does your heart ever skip a beat?", {("symptoms", "palpitations", "active")}),
    ("no", "Any pain when passing urine?", {("symptoms", "dysuria", "confirmed_absent")}),
    ("yes a little", "Any leaking of urine when you cough?", {("symptoms", "urinary incontinence", "active")}),
    ("no", "Have you noticed any yellowing of your skin?", {("symptoms", "jaundice", "confirmed_absent")}),
    ("yes, all the time", "Are you more thirsty than usual?", {("symptoms", "excessive thirst", "active")}),
    ("no", "Are you passing more urine than usual?", {("symptoms", "frequent urination", "confirmed_absent")}),
    ("yes", "Any pain when you breathe in?", {("symptoms", "chest pain", "active")}),
    ("no", "Any redness in your eyes?", {("symptoms", "eye redness", "confirmed_absent")}),
    ("not really", "Any changes in your vision?", {("symptoms", "blurred vision", "confirmed_absent")}),
    ("yes", "Have you felt unsteady on your feet?", {("symptoms", "unsteady gait", "active")}),
    ("no", "Any stiffness in your neck?", {("symptoms", "neck pain", "confirmed_absent")}),
    ("yes", "Any feelings of hopelessness?", {("symptoms", "low mood", "active")}),
    ("yes", "Does it sting when you wee?", {("symptoms", "dysuria", "active")}),
]

FORMS_RU: list[Row] = [
    ("нет", "Теряли ли сознание?", {("symptoms", "fainting", "confirmed_absent")}),
    ("нет", "Нет ли крови в стуле?", {("symptoms", "hematochezia", "confirmed_absent")}),
    ("да, на 4 кг", "Похудели ли вы за последние месяцы?", {("symptoms", "weight loss", "active")}),
    ("нет", "Нет ли затруднений при глотании?", {("symptoms", "dysphagia", "confirmed_absent")}),
    ("да, жена жалуется", "Храпите?", {("symptoms", "snoring", "active")}),
    ("да, раза два", "Встаёте ли ночью в туалет?", {("symptoms", "nocturia", "active")}),
    ("нет", "Не желтели ли глаза?", {("symptoms", "jaundice", "confirmed_absent")}),
    ("нет", "Нет ли проблем со слухом?", {("symptoms", "hearing loss", "confirmed_absent")}),
    ("бывает", "Бывает ли, что не хватает воздуха?", {("symptoms", "shortness of breath", "active")}),
    ("да", "Быстро устаёте?", {("symptoms", "fatigue", "active")}),
    ("нет", "Отекают ли суставы?", {("symptoms", "joint swelling", "confirmed_absent")}),
    ("нет", "Есть ли проблемы с памятью?", {("symptoms", "memory loss", "confirmed_absent")}),
    ("нет", "Нарушена ли речь?", {("symptoms", "slurred speech", "confirmed_absent")}),
    ("нет, наоборот высокое", "Снижалось ли давление?",
     {("symptoms", "low blood pressure reading", "confirmed_absent")}),
]

HABITS_AND_CONDITIONS: list[Row] = [
    # "drink" is alcohol unless the question names what else is drunk
    ("yes, 3 cups a day", "Do you drink coffee?", set()),
    ("no", "Do you drink?", {("lifestyle", "alcohol", "confirmed_absent")}),
    # recreational drugs are no medicines: "never" denies none of them
    ("never", "Any drug use?", set()),
    ("yes, 12 weeks", "Are you pregnant?", {("diagnoses", "pregnancy", "active")}),
    ("not really", "Are you physically active?", {("lifestyle", "exercise", "confirmed_absent")}),
    ("no", "Have you had any heart rhythm problems?", {("chronic_conditions", "arrhythmia", "confirmed_absent")}),
    ("yes", "Any problems with your prostate?", {("chronic_conditions", "benign prostatic hyperplasia", "active")}),
]

#: a form with its copula is asked with the copula first: "my vision is blurry" → "Is your vision blurry?"
COPULA: list[Row] = [
    ("yes, since last week", "Is your vision blurry?", {("symptoms", "blurred vision", "active")}),
    ("no", "Is your nose blocked?", {("symptoms", "nasal congestion", "confirmed_absent")}),
    ("no", "Are your ankles puffy?", {("symptoms", "peripheral edema", "confirmed_absent")}),
]

#: what a question names as the circumstance of its complaint is not asked
CIRCUMSTANCE: list[Row] = [
    ("yes", "Do you get chest pain after you take the aspirin?", {("symptoms", "chest pain", "active")}),
    ("нет", "Бывают ли боли в груди при кашле?", {("symptoms", "chest pain", "confirmed_absent")}),
    ("да", "Болят ли икры при ходьбе?", {("symptoms", "calf pain", "active")}),
    # a "no" denied the metformin too, and a "yes" made the penicillin a medicine taken
    ("no", "Any nausea after you take the metformin?", {("symptoms", "nausea", "confirmed_absent")}),
    ("yes", "Did your lips swell after the penicillin?", {("symptoms", "lip swelling", "active")}),
    ("no", "Do you get a cough when you lie down, or any wheezing?",
     {("symptoms", "cough", "confirmed_absent"), ("symptoms", "wheezing", "confirmed_absent")}),
]

#: a form also matches the patient's own words: where it means something else, nothing
SAFE: list[Row] = [
    ("my weight dropped on the diet, 3 kilos", None, {("lifestyle", "diet", "active")}),
    ("цель к лету: снижение веса на 5 кг", None, set()),
    ("had trouble with my car so i missed the appointment", None, set()),
]
# fmt: on

ROWS = (
    COMPOSED + RU_PARTICLE + TROUBLE_WITH + FORMS_EN + FORMS_RU + HABITS_AND_CONDITIONS + COPULA + CIRCUMSTANCE + SAFE
)


@pytest.mark.parametrize(("text", "context", "expected"), ROWS, ids=[f"{r[1]} {r[0]}"[:60] for r in ROWS])
def test_a_reply_takes_what_the_question_asks(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context)) == expected


def test_the_particle_moves_behind_its_phrase_keeping_the_length() -> None:
    from anamnesis.understanding.rules.answers import _ru_particle_last

    for question, read in (
        ("болят ли суставы?", "болят суставы ли?"),
        ("нет ли отёков на ногах?", "нет отёков на ногах ли?"),
        ("если болит, то что?", "если болит, то что?"),
        ("кашель или нет?", "кашель или нет?"),
    ):
        assert _ru_particle_last(question) == read
        assert len(read) == len(question)
