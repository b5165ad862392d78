"""A complaint or an infection told over in words that do not name it ends the one the user has.

"the sickness finally stopped" (nausea, vomiting), "weight's back up" (weight loss), "падений сахара
больше не было" / "半夜没再低过" (hypoglycemia), "крови больше нет" (blood in the stool or urine),
"复查吹气阴性了" / "retest came back negative" (the H. pylori infection the test was for). The words
are data (rules/data/back_to_normal.tsv, a diagnosis written "diagnoses:name"): each ends only a
complaint or infection the user holds, and makes up none. And "running to the loo" beside a
urinary complaint is going often, not diarrhoea (rules/data/senses.tsv).
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import folded, triples, understand


@pytest.mark.parametrize(
    ("lang", "first", "later", "ended"),
    [
        ("en", "14 weeks pregnant and being sick every morning, cant keep anything down",
         "20 wks now! the sickness finally stopped", ("symptoms", "vomiting")),
        ("zh", "怀孕了，天天吐", "现在不吐了", ("symptoms", "vomiting")),
        ("en", "heart racing and I've lost a stone without trying", "carbimazole is working, my weight's back up",
         ("symptoms", "weight loss")),
        ("ru", "сердце колотится и похудела на 6 кг без причины", "вес вернулся", ("symptoms", "weight loss")),
        ("zh", "心慌，体重掉了十斤", "体重也涨回来了", ("symptoms", "weight loss")),
        ("en", "had two hypos this week, sugar down to 3.1", "they cut the insulin, no more hypos",
         ("symptoms", "hypoglycemia")),
        ("ru", "ночью сахар падал до 3,1, гипогликемия два раза", "лантус снизили, падений сахара больше не было",
         ("symptoms", "hypoglycemia")),
        ("zh", "半夜低血糖两次", "来得时减到18个单位，半夜没再低过", ("symptoms", "hypoglycemia")),
        ("ru", "заметил кровь в стуле пару раз", "полипы удалили. крови больше нет", ("symptoms", "hematochezia")),
        ("en", "blood in my poo a few times", "they banded the piles, no more blood now", ("symptoms", "hematochezia")),
    ],
)
def test_a_complaint_over_in_other_words(lang: str, first: str, later: str, ended: tuple[str, str]) -> None:
    state = folded((first, None), (later, None), lang=lang)
    assert state[ended] == "resolved", state


H_PYLORI = {
    "en": "breath test came back positive for h pylori, on triple therapy",
    "ru": "нашли хеликобактер, назначили эрадикацию",
    "zh": "吹气查出来幽门螺杆菌阳性，开了四联",
}


@pytest.mark.parametrize(
    ("lang", "later"),
    [
        ("en", "finished the course, retest came back negative"),
        ("ru", "курс закончил, дыхательный тест отрицательный"),
        ("zh", "四联吃完了，复查吹气阴性了"),
        ("zh", "复查了 阴性！！"),
    ],
)
def test_a_negative_retest_ends_the_infection_it_tested(lang: str, later: str) -> None:
    state = folded((H_PYLORI[lang], None), (later, None), lang=lang)
    assert state[("diagnoses", "helicobacter pylori infection")] == "resolved", state


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("zh", "复查吹气阴性了"),
        ("en", "the sickness finally stopped"),
        ("ru", "падений сахара больше не было"),
        ("en", "my weight's back up"),
    ],
)
def test_words_of_an_end_make_up_nothing(lang: str, text: str) -> None:
    """With nothing of the kind held, the words make no fact."""
    assert folded((text, None), lang=lang) == {}


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "is the sickness gone for good after 20 weeks?"),
        ("zh", "复查阴性了吗？"),
        ("en", "my wife's weight's back up"),
    ],
)
def test_no_end_in_a_question_or_of_someone_else(lang: str, text: str) -> None:
    assert not any(e["status"] == "resolved" for e in understand(text, None, lang).events)


def test_a_better_sleep_is_no_end_of_insomnia() -> None:
    """An improvement is not an end: "sleeping better" keeps the insomnia."""
    state = folded(("cant sleep lately, awake at 3am every night", None), ("sleeping a bit better", None), lang="en")
    assert state[("symptoms", "insomnia")] == "active"


def test_running_to_the_loo_beside_burning_is_going_often() -> None:
    got = triples(understand("burning when i pee and running to the loo every 10 minutes", None, "en"))
    assert ("symptoms", "frequent urination", "active") in got
    assert not any(entity == "diarrhea" for _, entity, _ in got)
    assert ("symptoms", "diarrhea", "active") in triples(understand("running to the loo all day", None, "en"))


@pytest.mark.parametrize(
    ("lang", "first", "later", "ended"),
    [
        ("en", "chest infection, coughing up green stuff, on amoxicillin", "finished it, chest is clear now",
         ("diagnoses", "lower respiratory tract infection")),
        ("ru", "пневмония справа, колют цефтриаксон", "в лёгких чисто, сказали", ("diagnoses", "pneumonia")),
        ("zh", "拍片说是肺炎，在输液", "复查了，肺部也干净了", ("diagnoses", "pneumonia")),
        ("en", "gp says sinusitis, face pressure", "sinuses have cleared up now", ("diagnoses", "sinusitis")),
    ],
)
def test_a_clear_chest_or_sinus_ends_its_infection(lang: str, first: str, later: str, ended: tuple[str, str]) -> None:
    state = folded((first, None), (later, None), lang=lang)
    assert state[ended] == "resolved", state


def test_a_clear_chest_x_ray_is_no_end_of_its_own() -> None:
    """A chest x-ray that is clear rules out, it names no infection held: the row stays silent."""
    assert not any(e["entity"].startswith("^lower") for e in understand("the chest x-ray is clear", None, "en").events)
