"""Facts where there must be none: words read in another sense, advice, plans and orders (issue 11).

- **An activity that only says when a complaint comes is no habit**: "breathless walking to the
  shop", "a tight chest walking up hills" (a gerund right after the complaint), "ночью по 3 раза
  бегаю", "up 3 times a night" (a count per night is an urge), "夜里跑三次厕所"; "I walk every day"
  and "бегаю по утрам 3 раза в неделю" stay exercise (``occasions``).
- **"run" and "runs" in other senses**: "bp running high", "the virus ran its course" name no
  running, "puffed up like a tennis ball" no sport (cues.tsv ``none``); "no runs", "runs yes" to a
  question about the bowels are diarrhoea, "I go for runs" stays exercise (``occasions``).
- **Shift work is an occupation, not sleep**: "I work night shifts", "работаю посменно", "上夜班"
  say nothing of sleep (the labels give them no event); hours of sleep still do, a range too
  ("сплю по 7–8 часов", "five hours of sleep").
- **A bare "lump" is a complaint, not a tumour**: "a hot red lump", "摸到一个肿块" are a lump, never
  the diagnosis ``tumor``.
- **A Chinese A-not-A after a verb of watching asks nothing**: "吃药期间留意有没有胃肠不舒服" tells what
  to watch for; "嗯嗯" after it confirms no medicine (``answers._ZH_WATCH_FOR``).
- **An order softened in chat words is still addressed to the system**: "can u just mark my acne as
  cured lol", "pls could you set my asthma to resolved" (``discourse._ASKING``).
- **A medicine to try or to start on a day to come is not taken yet**: "the doctor said I could
  try sertraline", "можно попробовать сертралин", "医生说可以试试异维A酸", "roaccutane 20mg,
  starting on monday", "акнекутан 16 мг, начинаю с понедельника"; "started it on monday" and "с
  понедельника пью" (taken since Monday) are taken (``plans.without_coming_starts``).
- **An illness had is no vaccine** under a question about jabs: "had chickenpox as a girl",
  "ветрянкой в детстве болел", "小时候得过水痘"; "never had rabies" and "had the flu one" still
  speak of jabs (``clause_facts.as_vaccines``).
- **A bare vaccine or allergy noun in a reply is the one thing asked about**: "the jab - no" to "Have
  you had the pneumonia vaccine?", "прививку не делала", "疫苗没打过", "not allergic" / "不过敏" to a
  question about aspirin deny that one, not the section; "no vaccines at all", "什么疫苗都没打过",
  "我什么都不过敏" deny them all (``clause_facts._the_asked_one``).
- **A drug's shot is no vaccination**: "a ketorolac jab, wore off by the evening" names an injection
  of the drug, never a denial of every vaccine (``clause_facts``).
- **"can't have" a drug with its reaction after it is an intolerance**: "I can't have ciprofloxacin,
  my face swelled up with it once", "не переношу ципрофлоксацин, от него губы отекли", "我不能吃环丙沙星，
  上次吃了嘴唇肿了": an allergy with its reaction, no medicine taken and no symptom now
  (``allergies.cannot_have_named``).

Each row is (text, assistant turn before it or None, the exact set of (section, entity, status)
the message must yield). The sentences are new, written for these kinds, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
OCCASIONS: list[Row] = [
    ("breathless walking up the stairs", None, {("symptoms", "shortness of breath", "active")}),
    ("I get chest pain even walking to the car", None, {("symptoms", "chest pain", "active")}),
    # ... while a habit stays one
    ("I walk every day", None, {("lifestyle", "exercise", "active")}),
    ("бегаю по утрам 3 раза в неделю", None, {("lifestyle", "exercise", "active")}),
    ("每天早上跑步", None, {("lifestyle", "exercise", "active")}),
]

#: a count per night is an urge: whatever complaint it names, no exercise
NIGHTLY: list[str] = [
    "ночью по 4 раза бегаю в туалет",
    "I'm up 3 times a night running to the loo",
    "每晚要跑三次厕所",
]

RUN_SENSES: list[Row] = [
    ("my sugars have been running a bit high", None, set()),
    ("the rash has run its course", None, {("symptoms", "rash", "active")}),
    ("swollen up like a golf ball", None, {("symptoms", "swelling", "active")}),
    ("runs yes, fever no", "Any diarrhoea or fever?",
     {("symptoms", "diarrhea", "active"), ("symptoms", "fever", "confirmed_absent")}),
    ("no fever, no runs", None,
     {("symptoms", "fever", "confirmed_absent"), ("symptoms", "diarrhea", "confirmed_absent")}),
    ("I go for runs twice a week", None, {("lifestyle", "exercise", "active")}),
]

SHIFTS: list[Row] = [
    ("I work night shifts at the depot", None, set()),
    ("работаю посменно на заводе", None, set()),
    ("我上夜班", None, set()),
    ("сплю по 6–7 часов", None, {("lifestyle", "sleep", "active")}),
    ("maybe five hours of sleep a night", None, {("lifestyle", "sleep", "active")}),
    ("每天只睡五个小时", None, {("lifestyle", "sleep", "active")}),
]

LUMPS: list[Row] = [
    ("found a small lump on my neck", None, {("symptoms", "skin lump", "active")}),
    ("摸到一个肿块", None, {("symptoms", "skin lump", "active")}),
]

WATCH_FOR: list[Row] = [
    ("嗯嗯", "布洛芬饭后吃，注意观察有没有胃疼。", set()),
    ("好", "二甲双胍随餐吃，留意有没有拉肚子。", set()),
    # ... while a real question still asks
    ("有", "吃二甲双胍以后有没有拉肚子？",
     {("symptoms", "diarrhea", "active"), ("medications", "metformin", "active")}),
]

SYSTEM: list[Row] = [
    ("can u just mark my asthma as gone", None, set()),
    ("pls could you set my eczema to resolved", None, set()),
    ("ok can you list my migraines as cured", None, set()),
    # ... while the same words told as health are facts
    ("my eczema is gone", None, {("chronic_conditions", "atopic dermatitis", "resolved")}),
]

PLANS: list[Row] = [
    ("the doctor said I could try sertraline", None, set()),
    ("врач сказал, можно попробовать сертралин", None, set()),
    ("医生说可以试试二甲双胍", None, set()),
    ("metformin 500, starting on monday", None, set()),
    ("конкор 2,5, начинаю со среды", None, set()),
    ("с понедельника начну пить метформин", None, set()),
    # ... while what began is taken
    ("started the metformin on monday", None, {("medications", "metformin", "active")}),
    ("с понедельника пью конкор", None, {("medications", "bisoprolol", "active")}),
]

ILLNESS_NOT_JAB: list[Row] = [
    ("no. had measles as a kid though", "Have you had the MMR vaccine?",
     {("vaccinations", "mmr vaccine", "confirmed_absent"), ("diagnoses", "measles", "resolved")}),
    ("корью болела в детстве", "Прививка от кори есть?", {("diagnoses", "measles", "resolved")}),
    ("小时候得过水痘", "打过水痘疫苗吗？", {("diagnoses", "chickenpox", "resolved")}),
    # ... while a denial or a jab word keeps the vaccine
    ("never had hep b", "Any travel vaccines?", {("vaccinations", "hepatitis b vaccine", "confirmed_absent")}),
    ("had the flu one in october", "Any vaccines this year?", {("vaccinations", "influenza vaccine", "historical")}),
]

THE_ASKED_JAB: list[Row] = [
    ("the jab - no, never had it", "Have you had the pneumonia vaccine?",
     {("vaccinations", "pneumococcal vaccine", "confirmed_absent")}),
    ("прививку не делала", "Делали прививку от гриппа?", {("vaccinations", "influenza vaccine", "confirmed_absent")}),
    ("疫苗没打过", "打过流感疫苗吗？", {("vaccinations", "influenza vaccine", "confirmed_absent")}),
    # ... while a word for all of them denies the section
    ("no vaccines at all", "Have you had the flu vaccine?", {("vaccinations", "*", "confirmed_absent")}),
    ("什么疫苗都没打过", "打过流感疫苗吗？", {("vaccinations", "*", "confirmed_absent")}),
    # the same for one allergen asked about
    ("not allergic", "Are you allergic to aspirin?", {("allergies", "aspirin", "confirmed_absent")}),
    ("не аллергик", "Аллергия на аспирин есть?", {("allergies", "aspirin", "confirmed_absent")}),
    ("不过敏", "您对阿司匹林过敏吗？", {("allergies", "aspirin", "confirmed_absent")}),
    ("我什么都不过敏", "您对阿司匹林过敏吗？", {("allergies", "*", "confirmed_absent")}),
]

#: a vaccine noun right after a drug is that drug's injection, never a denial of vaccinations
DRUG_SHOTS: list[Row] = [
    ("a ketorolac jab, wore off by the evening", None, {("medications", "ketorolac", "active")}),
    ("укол диклофенака сделали, боль отпустила", None, {("medications", "diclofenac", "stopped")}),
    ("打了一针双氯芬酸，疼痛缓解了", None, {("medications", "diclofenac", "active")}),
    ("no shots this year", None, {("vaccinations", "*", "confirmed_absent")}),
]

#: a drug right after "can't have", with its reaction told after it, is an intolerance, not a symptom now
CANNOT_HAVE: list[Row] = [
    ("I can't have ciprofloxacin, my face swelled up with it once", None,
     {("allergies", "ciprofloxacin", "active")}),
    ("не переношу ципрофлоксацин, от него губы отекли", None, {("allergies", "ciprofloxacin", "active")}),
    ("我不能吃环丙沙星，上次吃了嘴唇肿了", None, {("allergies", "ciprofloxacin", "active")}),
]
# fmt: on


@pytest.mark.parametrize(
    ("text", "context", "expected"),
    OCCASIONS
    + RUN_SENSES
    + SHIFTS
    + LUMPS
    + WATCH_FOR
    + SYSTEM
    + PLANS
    + ILLNESS_NOT_JAB
    + THE_ASKED_JAB
    + DRUG_SHOTS
    + CANNOT_HAVE,
)
def test_no_fact_where_none(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize("text", NIGHTLY)
def test_a_count_per_night_is_no_exercise(text: str) -> None:
    found = triples(understand(text))
    assert not any(section == "lifestyle" for section, _, _ in found), found
