"""How far a denial reaches, and what a bare "no" denies.

- A Russian "нет" right after what it denies is that thing's predicate: it closes at the "и"/"а"
  that opens a phrase with a predicate of its own ("температуры нет и поясница не болит"), so
  neither thing turns present.
- "never X" said of the past is no onset of X because a later clause of the sentence dates the
  stop or the start of another thing ("never smoked, and gave up wine when we started trying").
- "including ..." in the assistant's question gives examples of what it asks, so a bare "no"
  denies the section, not the example named.

The sentences are new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

Triple = tuple[str, str, str]

PREDICATE_DENIALS: list[tuple[str, set[Triple]]] = [
    (
        "кашля нет и голова не болит",
        {("symptoms", "cough", "confirmed_absent"), ("symptoms", "headache", "confirmed_absent")},
    ),
    (
        "насморка нет и горло не болит",
        {("symptoms", "rhinorrhea", "confirmed_absent"), ("symptoms", "sore throat", "confirmed_absent")},
    ),
    ("кашля нет, а горло болит", {("symptoms", "cough", "confirmed_absent"), ("symptoms", "sore throat", "active")}),
]


@pytest.mark.parametrize(("text", "expected"), PREDICATE_DENIALS)
def test_a_russian_predicate_denial_closes_at_the_next_phrase(text: str, expected: set[Triple]) -> None:
    assert triples(understand(text, None, "ru")) == expected


NEVER_THEN_ANOTHER: list[tuple[str, str]] = [
    ("I never smoked, and I stopped drinking when we started trying for a baby", "en"),
    ("никогда не курила, а пить бросила, когда начали планировать", "ru"),
    ("从来不抽烟，开始备孕就把酒戒了", "zh"),
]


@pytest.mark.parametrize(("text", "lang"), NEVER_THEN_ANOTHER)
def test_a_later_clause_dating_another_thing_leaves_never_a_denial(text: str, lang: str) -> None:
    got = triples(understand(text, None, lang))
    assert ("lifestyle", "smoking", "confirmed_absent") in got
    assert ("lifestyle", "alcohol", "stopped") in got


ONSETS: list[tuple[str, str, Triple]] = [
    ("never had heartburn before this pregnancy, now it's every night", "en", ("symptoms", "heartburn", "active")),
    ("以前从来没有头疼过，这周开始疼", "zh", ("symptoms", "headache", "active")),
]


@pytest.mark.parametrize(("text", "lang", "expected"), ONSETS)
def test_an_onset_of_the_thing_itself_still_makes_it_present(text: str, lang: str, expected: Triple) -> None:
    assert expected in triples(understand(text, None, lang))


INCLUDING: list[tuple[str, str, str]] = [
    ("no", "Any allergies, including to eggs?", "en"),
    ("нет", "Аллергия есть, в том числе на яйца?", "ru"),
    ("没有", "有没有过敏，包括鸡蛋？", "zh"),
]


@pytest.mark.parametrize(("text", "context", "lang"), INCLUDING)
def test_no_to_a_section_including_an_example_denies_the_section(text: str, context: str, lang: str) -> None:
    assert triples(understand(text, context, lang)) == {("allergies", "*", "confirmed_absent")}


def test_no_to_other_medicines_including_one_denies_that_one() -> None:
    """ "any other medicines, including the pill?": nothing new of the section is asked, so "no" is of the pill."""
    got = triples(understand("no", "Do you take any other medicines, including the pill?", "en"))
    assert got == {("medications", "oral contraceptive", "confirmed_absent")}


RECOVERED_THEN_JAB: list[tuple[str, str]] = [
    ("shingles all healed up. can i get the shingles shot now or is it too soon?", "en"),
    ("опоясывающий лишай прошёл. можно теперь прививку от него сделать?", "ru"),
    ("带状疱疹好了 现在能打带状疱疹疫苗吗？", "zh"),
]


@pytest.mark.parametrize(("text", "lang"), RECOVERED_THEN_JAB)
def test_an_illness_got_well_of_is_no_jab_beside_a_question_about_the_jab(text: str, lang: str) -> None:
    """A disease whose clause says it healed keeps the illness even in a message about its jab, and
    the question about the jab states nothing."""
    assert triples(understand(text, None, lang)) == {("diagnoses", "herpes zoster", "resolved")}


def test_a_jab_list_still_reads_diseases_as_their_jabs() -> None:
    got = triples(understand("typhoid never, tetanus 2015", "Which jabs have you had?", "en"))
    assert ("vaccinations", "typhoid vaccine", "confirmed_absent") in got
    assert ("vaccinations", "tetanus vaccine", "historical") in got


RULED_OUT_BY_A_CLINICIAN: list[tuple[str, str, str]] = [
    ("had a colonoscopy last year, they said no crohns", "en", "crohn's disease"),
    ("the gastroenterologist said no coeliac", "en", "celiac disease"),
    ("гастроэнтеролог сказал, язвы нет", "ru", "peptic ulcer"),
]


@pytest.mark.parametrize(("text", "lang", "illness"), RULED_OUT_BY_A_CLINICIAN)
def test_an_illness_a_clinician_said_is_not_there_is_a_diagnosis_ruled_out(text: str, lang: str, illness: str) -> None:
    assert ("diagnoses", illness, "confirmed_absent") in triples(understand(text, None, lang))


def test_what_a_clinician_said_after_a_denial_is_of_another_thing() -> None:
    """ "ХОБЛ нет, терапевт сказал бронхит": the verdict names the bronchitis; the COPD stays a history denial."""
    got = triples(understand("ХОБЛ нет, терапевт сказал затяжной бронхит", None, "ru"))
    assert ("chronic_conditions", "chronic obstructive pulmonary disease", "confirmed_absent") in got


def test_a_history_denial_keeps_its_section() -> None:
    assert triples(understand("no diabetes", "Any chronic conditions?", "en")) == {
        ("chronic_conditions", "diabetes", "confirmed_absent")
    }


@pytest.mark.parametrize("text", ["no temp", "just a sore throat, no temp", "no temp, no back pain"])
def test_no_temp_denies_a_fever(text: str) -> None:
    assert ("symptoms", "fever", "confirmed_absent") in triples(understand(text, None, "en"))


def test_no_more_temp_still_ends_a_fever_held() -> None:
    got = understand("no more temp, cough still there", None, "en").events
    assert {(e["entity"], e["status"]) for e in got if "fever" in e["entity"]} == {("^fever", "resolved")}


LISTED_BY_ONE_VERB: list[tuple[str, str, str]] = [
    ("way too much coffee lol. dont drink alcohol, never have", "Do you drink caffeine or alcohol?", "en"),
]


@pytest.mark.parametrize(("text", "context", "lang"), LISTED_BY_ONE_VERB)
def test_the_verb_of_a_listed_question_is_no_item_of_the_list(text: str, context: str, lang: str) -> None:
    """ "drink caffeine or alcohol": "drink" is the list's verb, so the reply's pieces are not paired
    with a misread order and "never have" denies no caffeine."""
    assert triples(understand(text, context, lang)) == {("lifestyle", "alcohol", "confirmed_absent")}


PIECE_PER_QUESTION: list[tuple[str, str, str]] = [
    ("没做过 烟不抽", "以前做过手术吗？抽烟吗？", "zh"),
    ("no, never smoked", "Any operations? Do you smoke?", "en"),
    ("нет, не курю", "Операции были? Курите?", "ru"),
]


@pytest.mark.parametrize(("text", "context", "lang"), PIECE_PER_QUESTION)
def test_a_bare_answer_then_a_named_piece_answer_the_questions_in_order(text: str, context: str, lang: str) -> None:
    assert triples(understand(text, context, lang)) == {
        ("surgeries", "*", "confirmed_absent"),
        ("lifestyle", "smoking", "confirmed_absent"),
    }


def test_a_piece_naming_the_first_question_is_no_answer_to_the_second() -> None:
    got = triples(understand("no, but I had my appendix out", "Any operations? Do you smoke?", "en"))
    assert ("surgeries", "*", "confirmed_absent") not in got
    assert ("surgeries", "appendectomy", "historical") in got


PREGNANCY_POSSIBLE: list[tuple[str, str, str]] = [
    ("没有", "有没有怀孕的可能？", "zh"),
    ("нет", "Беременность возможна?", "ru"),
    ("no", "Any chance you could be pregnant?", "en"),
]


@pytest.mark.parametrize(("text", "context", "lang"), PREGNANCY_POSSIBLE)
def test_no_to_a_possible_pregnancy_denies_it(text: str, context: str, lang: str) -> None:
    assert triples(understand(text, context, lang)) == {("diagnoses", "pregnancy", "confirmed_absent")}


@pytest.mark.parametrize(("text", "lang"), [("有可能怀孕吗？我们在备孕", "zh"), ("беременность возможна?", "ru")])
def test_asking_whether_a_pregnancy_is_possible_states_none(text: str, lang: str) -> None:
    assert not understand(text, None, lang).events


def test_the_youngest_childs_fever_is_not_the_users_and_leaves_the_users_denial_alone() -> None:
    """ "у младшего температура ..., а у меня ... температуры нет": the child's fever yields nothing, the
    user's denial stays a denial (not an ending of the child's fever)."""
    got = triples(
        understand("у младшего температура 38,5 третий день, даю нурофен. а у меня горло дерёт, но температуры нет")
    )
    assert got == {("symptoms", "sore throat", "active"), ("symptoms", "fever", "confirmed_absent")}


def test_an_elder_sister_stays_a_sister() -> None:
    got = understand("у сестры старшей была преэклампсия", None, "ru").events
    assert [(e["entity"], e.get("relation")) for e in got] == [("preeclampsia", "sister")]


def test_nothing_drunk_in_a_message_about_medicines_is_taking_none() -> None:
    """ "антибиотик допил. ща вообще ничего не пью": the drinking verb is the medicines', so it denies them
    all, not alcohol; after a question of alcohol it stays alcohol."""
    got = triples(understand("антибиотик допил. ща вообще ничего не пью", "ок", "ru"))
    assert ("medications", "*", "confirmed_absent") in got
    assert ("lifestyle", "alcohol", "confirmed_absent") not in got
    assert triples(understand("ничего не пью", "Алкоголь употребляете?", "ru")) == {
        ("lifestyle", "alcohol", "confirmed_absent")
    }


def test_nothing_for_one_purpose_denies_no_whole_section() -> None:
    got = triples(understand("Топамакс бросила. Теперь на профилактику ничего не пью", None, "ru"))
    assert got == {("medications", "topiramate", "stopped")}
