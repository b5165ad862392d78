"""The rules backend on the scope of a denial over a list and an asked allergen (issue 11, neg25).

- A list of bare names closed by a dash and a denial ("aspirin, warfarin - no", "аспирин,
  варфарин — нет", "diabetes, asthma - none of that") is one list under one denial, as "aspirin
  and warfarin, no" is: the comma between the names does not cut the first ones off. A stretch
  that says more than names ("I take metformin, aspirin - no") and a denial set before its own
  name ("headache, no fever") keep their own polarity. In Chinese a denial of "these" after the
  list ("糖尿病、哮喘，这些都没有", "这些病都没有") is the list's, as a bare "都没有" is.
- An allergy question that takes a drug as given and asks of another ("Before you take
  amoxicillin: are you allergic to penicillin?", "Перед амоксициллином уточню: у вас есть
  аллергия на пенициллин?", "阿莫西林属于青霉素类，您对青霉素过敏吗？"): a bare "no" or "not
  allergic" denies the asked allergen only, never the given drug nor every allergy; the drug
  before the colon is no example list's head. So is a drug that only dates what is asked ("Any rash
  since you started lamotrigine?", "После приёма ламотриджина сыпь была?"): "no" never denies it.
- An English "so" with a subject after a denied verb opens the consequence ("it didn't pass so
  they did lithotripsy", "the pain didn't settle so I started ibuprofen"): the denial is of what
  did not happen and never reaches the thing done after "so", as "так что" and "所以" already part
  the clauses in Russian and Chinese.
- A diagnosis the user held, denied in a message that brings a new diagnosis or chronic condition
  ("it's not bronchitis, it's pneumonia", "не бронхит, а пневмония", "不是支气管炎 是肺炎"), was ruled
  out in favour of the new one: the fold keeps it `confirmed_absent` instead of ending it
  (`resolved`), which a denial of a held illness with nothing new still gets ("no headache now").
- A medicine after "without" / "без" tells a circumstance ("засыпаю без всяких таблеток", "BP is
  150 without the tablets"): no denial of medicines, and no denial of that medicine; who cannot do
  without a drug takes it ("I can't sleep without zopiclone", "без отривина не могу уснуть");
  "обхожусь без таблеток", "I manage without any medication" still deny.
  (Chinese says it with 不用 / 没有…就, which read otherwise and are left alone.)
- An allergen the user says is fine in an allergy answer ("iodine and latex are fine", "йод и
  латекс нормально", "碘和乳胶都没问题", "penicillin is fine", "пенициллин нормально переношу") is
  denied; it was read as an allergy. An allergen named with its reaction keeps its allergy, and
  "the rest is fine" / "остальное нормально" names no allergen.
- A Russian adverb of degree inside a term told with its denial ("запахов вообще не чувствую",
  anosmia) no longer breaks the term: the "не" then looked back and denied the complaint before it
  ("ломит всё тело, ..."). The adverb moves before the term.
- "All" of the medicines ended ("药都吃完了", "药全停了", "таблетки все допила", "I finished all
  the tablets") ends each medicine told, as a count does ("四个药都停了"), and denies no
  section; "any" medicine ("什么药都不吃了", "I don't take any medicines") still does.

Each row is (text, assistant turn before it, the exact set of (section, entity, status) the
message must yield). The sentences are new, written for these kinds, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, folded, triples, understand

# fmt: off
LIST_UNDER_A_DASHED_DENIAL: list[Row] = [
    ("aspirin, warfarin - no", "Do you take aspirin, warfarin or clopidogrel?",
     {("medications", "aspirin", "confirmed_absent"), ("medications", "warfarin", "confirmed_absent")}),
    ("diabetes, asthma - none of that", "Any diabetes, asthma or heart problems?",
     {("chronic_conditions", "diabetes", "confirmed_absent"), ("chronic_conditions", "asthma", "confirmed_absent")}),
    ("nausea, vomiting — no", None,
     {("symptoms", "nausea", "confirmed_absent"), ("symptoms", "vomiting", "confirmed_absent")}),
    ("аспирин, варфарин — нет", "Принимаете аспирин, варфарин или клопидогрел?",
     {("medications", "aspirin", "confirmed_absent"), ("medications", "warfarin", "confirmed_absent")}),
    ("аспирин, варфарин - не принимаю", None,
     {("medications", "aspirin", "confirmed_absent"), ("medications", "warfarin", "confirmed_absent")}),
    ("диабет, астма — ничего такого", "Диабет, астма, сердце?",
     {("chronic_conditions", "diabetes", "confirmed_absent"), ("chronic_conditions", "asthma", "confirmed_absent")}),
    ("糖尿病、哮喘，这些都没有", "有没有糖尿病、哮喘、心脏病？",
     {("chronic_conditions", "diabetes", "confirmed_absent"), ("chronic_conditions", "asthma", "confirmed_absent")}),
    ("恶心、呕吐，这些都没有", None,
     {("symptoms", "nausea", "confirmed_absent"), ("symptoms", "vomiting", "confirmed_absent")}),
    # a stretch that says more than a name, or a denial set before its own name, keeps its polarity
    ("I take metformin, aspirin - no", None,
     {("medications", "metformin", "active"), ("medications", "aspirin", "confirmed_absent")}),
    ("headache, no fever", None, {("symptoms", "headache", "active"), ("symptoms", "fever", "confirmed_absent")}),
    ("голова болит, тошноты нет", None,
     {("symptoms", "headache", "active"), ("symptoms", "nausea", "confirmed_absent")}),
    ("头疼，不发烧", None, {("symptoms", "headache", "active"), ("symptoms", "fever", "confirmed_absent")}),
]

_EN_BEFORE = "Before you take amoxicillin: are you allergic to penicillin?"
_RU_BEFORE = "Перед амоксициллином уточню: у вас есть аллергия на пенициллин?"
_ZH_MEMBER = "阿莫西林属于青霉素类，您对青霉素过敏吗？"
ASKED_ALLERGEN_NOT_THE_GIVEN_DRUG: list[Row] = [
    ("No, I'm not", _EN_BEFORE, {("allergies", "penicillin", "confirmed_absent")}),
    ("not allergic", "Before taking amoxicillin, are you allergic to penicillin?",
     {("allergies", "penicillin", "confirmed_absent")}),
    ("Нет", _RU_BEFORE, {("allergies", "penicillin", "confirmed_absent")}),
    ("не аллергик", _RU_BEFORE, {("allergies", "penicillin", "confirmed_absent")}),
    ("不过敏", _ZH_MEMBER, {("allergies", "penicillin", "confirmed_absent")}),
    ("不过敏", "吃阿莫西林之前确认一下，你对青霉素过敏吗？", {("allergies", "penicillin", "confirmed_absent")}),
    # a drug that only dates the question ("since you started X") is taken as given: "no" denies the rest
    ("nope", "Any rash since starting lamotrigine?", {("symptoms", "rash", "confirmed_absent")}),
    ("no", "Any dizziness since you started amlodipine?", {("symptoms", "dizziness", "confirmed_absent")}),
    ("нет", "После приёма ламотриджина сыпь была?", {("symptoms", "rash", "confirmed_absent")}),
    ("нет", "С начала приёма амлодипина голова кружится?", {("symptoms", "dizziness", "confirmed_absent")}),
    ("没有", "吃拉莫三嗪以后有没有起皮疹？", {("symptoms", "rash", "confirmed_absent")}),
    # a question with examples still asks of its first term, not of each example
    ("No", "Any symptoms of hypoglycemia: sweating, shaking?", {("symptoms", "hypoglycemia", "confirmed_absent")}),
]

CONSEQUENCE_AFTER_A_DENIED_VERB: list[Row] = [
    ("it didn't pass so they did lithotripsy last week", None, {("surgeries", "lithotripsy", "historical")}),
    ("the pain didn't settle so I started ibuprofen", None, {("medications", "ibuprofen", "active")}),
    ("the cough wouldn't go so my gp gave me amoxicillin", None,
     {("symptoms", "cough", "active"), ("medications", "amoxicillin", "active")}),
    # the clause after "so" keeps a denial of its own
    ("no fever so I didn't take paracetamol", None,
     {("symptoms", "fever", "confirmed_absent"), ("medications", "paracetamol", "confirmed_absent")}),
    # Russian and Chinese part the consequence with their own words
    ("камень не вышел, так что сделали литотрипсию", None,
     {("surgeries", "lithotripsy", "historical"), ("diagnoses", "kidney stones", "resolved")}),
    ("没排出来，所以做了碎石", None, {("surgeries", "lithotripsy", "historical")}),
]

MEDICINE_AFTER_WITHOUT: list[Row] = [
    ("засыпаю в 11 без всяких таблеток", None, set()),
    ("давление 150, пока без таблеток", None, set()),
    ("my BP is 150 without the tablets", None, set()),
    ("I'm sleeping fine now without any pills", None, {("symptoms", "^insomnia", "resolved")}),
    # who cannot do without a drug takes it
    ("I can't sleep without zopiclone", None,
     {("symptoms", "insomnia", "active"), ("medications", "zopiclone", "active")}),
    ("без отривина не могу уснуть", None,
     {("symptoms", "insomnia", "active"), ("medications", "xylometazoline", "active")}),
    # managing without them says none are taken; a complaint after "without" is denied
    ("обхожусь без таблеток", None, {("medications", "*", "confirmed_absent")}),
    ("I manage without any medication", None, {("medications", "*", "confirmed_absent")}),
    ("headache without nausea", None, {("symptoms", "headache", "active"), ("symptoms", "nausea", "confirmed_absent")}),
    ("голова болит без тошноты", None,
     {("symptoms", "headache", "active"), ("symptoms", "nausea", "confirmed_absent")}),
]

_ALLERGENS = "Any allergy to ceftriaxone, iodine or latex?"
ALLERGEN_SAID_TO_BE_FINE: list[Row] = [
    ("iodine and latex are fine", _ALLERGENS,
     {("allergies", "iodinated contrast", "confirmed_absent"), ("allergies", "latex", "confirmed_absent")}),
    ("penicillin is fine", "Any allergies?", {("allergies", "penicillin", "confirmed_absent")}),
    ("I'm fine with latex", "Any allergies?", {("allergies", "latex", "confirmed_absent")}),
    ("йод и латекс нормально", "Аллергия на лекарства, йод, латекс?",
     {("allergies", "iodinated contrast", "confirmed_absent"), ("allergies", "latex", "confirmed_absent")}),
    ("пенициллин нормально переношу", "Аллергия на лекарства есть?", {("allergies", "penicillin", "confirmed_absent")}),
    ("碘和乳胶都没问题", "对头孢曲松、碘或者乳胶过敏吗？",
     {("allergies", "iodinated contrast", "confirmed_absent"), ("allergies", "latex", "confirmed_absent")}),
    # the allergy named with its reaction stands; "the rest is fine" speaks of no allergen
    ("penicillin gives me hives, the rest is fine", "Any allergies?", {("allergies", "penicillin", "active")}),
    ("на пенициллин сыпь, остальное нормально", "Аллергия на лекарства есть?", {("allergies", "penicillin", "active")}),
    ("только на цефтриаксон, сыпь была. йод и латекс нормально", "Аллергия на лекарства, йод, латекс?",
     {("allergies", "ceftriaxone", "active"), ("allergies", "iodinated contrast", "confirmed_absent"),
      ("allergies", "latex", "confirmed_absent")}),
    ("青霉素过敏，别的都没问题", "有药物过敏吗？", {("allergies", "penicillin", "active")}),
]

ADVERB_INSIDE_A_DENIED_TERM: list[Row] = [
    ("ломит всё тело, запахов вообще не чувствую", None,
     {("symptoms", "muscle pain", "active"), ("symptoms", "anosmia", "active")}),
    ("голова болит, вкуса совсем не чувствую", None,
     {("symptoms", "headache", "active"), ("symptoms", "loss of taste", "active")}),
    # English and Chinese say it with a term of their own
    ("body aches, can't smell anything at all", None,
     {("symptoms", "muscle pain", "active"), ("symptoms", "anosmia", "active")}),
    ("浑身酸疼，完全闻不到味道", None, {("symptoms", "muscle pain", "active"), ("symptoms", "anosmia", "active")}),
    # an adverb before a plain denial still denies
    ("температуры вообще нет", None, {("symptoms", "fever", "confirmed_absent")}),
    ("голова вообще не болит", None, {("symptoms", "headache", "confirmed_absent")}),
]

ALL_MEDICINES_ENDED: list[Row] = [
    ("药都吃完了", None, {("medications", "medicines", "stopped")}),
    ("药全停了", None, {("medications", "medicines", "stopped")}),
    ("таблетки все допила", None, {("medications", "medicines", "stopped")}),
    ("все таблетки допила", None, {("medications", "medicines", "stopped")}),
    ("I finished all the tablets", None, {("medications", "medicines", "stopped")}),
    # any medicine at all is the section
    ("什么药都不吃了", None, {("medications", "*", "confirmed_absent")}),
    ("I don't take any medicines", None, {("medications", "*", "confirmed_absent")}),
    ("никаких таблеток не пью", None, {("medications", "*", "confirmed_absent")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), LIST_UNDER_A_DASHED_DENIAL)
def test_a_dashed_denial_closes_the_whole_list(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), ASKED_ALLERGEN_NOT_THE_GIVEN_DRUG)
def test_a_bare_denial_is_of_the_asked_allergen(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), CONSEQUENCE_AFTER_A_DENIED_VERB)
def test_a_denied_verb_does_not_reach_over_so(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), MEDICINE_AFTER_WITHOUT)
def test_a_medicine_after_without_is_a_circumstance(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), ALLERGEN_SAID_TO_BE_FINE)
def test_an_allergen_said_to_be_fine_is_no_allergy(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), ADVERB_INSIDE_A_DENIED_TERM)
def test_an_adverb_inside_a_denied_term_keeps_the_term_whole(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), ALL_MEDICINES_ENDED)
def test_all_the_medicines_ended_is_no_section_denial(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(
    ("first", "later"),
    [
        ("I take omeprazole and clarithromycin", "I finished all the tablets"),
        ("吃奥美拉唑和克拉霉素", "药都吃完了"),
        ("пью омепразол и кларитромицин", "таблетки все допила"),
    ],
)
def test_all_the_medicines_ended_stops_each_and_leaves_no_absence(first: str, later: str) -> None:
    state = folded((first, None), (later, None), codes=True)
    assert state[("medications", "omeprazole")] == "stopped"
    assert state[("medications", "clarithromycin")] == "stopped"
    assert ("medications", "*") not in state


@pytest.mark.parametrize(
    ("held", "verdict", "ruled_out", "found"),
    [
        ("the GP said it was bronchitis", "xray done, it's not bronchitis, it's pneumonia", "bronchitis", "pneumonia"),
        ("у меня бронхит", "сделали рентген, не бронхит, а пневмония", "bronchitis", "pneumonia"),
        ("医生说是支气管炎", "拍了片 医生说不是支气管炎 是肺炎", "bronchitis", "pneumonia"),
    ],
)
def test_a_held_diagnosis_replaced_by_a_new_one_was_ruled_out(
    held: str, verdict: str, ruled_out: str, found: str
) -> None:
    state = folded((held, None), (verdict, None))
    assert state[("diagnoses", ruled_out)] == "confirmed_absent"
    assert state[("diagnoses", found)] == "active"


@pytest.mark.parametrize(
    ("held", "later", "key"),
    [
        ("I have a headache", "no headache now", ("symptoms", "headache")),
        ("голова болит", "голова больше не болит", ("symptoms", "headache")),
        ("医生说是胃炎", "复查了 胃炎好了", ("diagnoses", "gastritis")),
    ],
)
def test_a_held_illness_denied_with_nothing_new_has_ended(held: str, later: str, key: tuple[str, str]) -> None:
    assert folded((held, None), (later, None))[key] == "resolved"
