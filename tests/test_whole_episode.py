"""A recovery of everything ends the whole episode, not only the illness discussed last.

"all cleared up" / "all the symptoms went" / "no symptoms at all now", "всё прошло" / "всё, здоров",
"都好了" / "症状都没了" after an infection told with its complaints end the infection and every
complaint of it (the labels resolve them all); a reading, a pregnancy or a chronic condition is no
illness that gets well; a complaint the message says goes on stays; "it cleared up", "好了" still end
only the one discussed last; "нет, здорова" answering a question is no recovery.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from anamnesis.facts.anaphora import EPISODE_REACH_US, whole_episode
from anamnesis.terminology import load_terminology
from schemas.sections import WHOLE_EPISODE
from tests.test_rules_backend import folded, triples, understand

UTI = {
    "en": "burning when i pee and going every 10 mins, gp says it's a water infection",
    "ru": "опять цистит, режет при мочеиспускании и бегаю каждые полчаса",
    "zh": "尿频尿急，小便的时候疼，医生说是尿路感染",
}
UTI_FACTS = (
    ("diagnoses", "urinary tract infection"),
    ("symptoms", "dysuria"),
    ("symptoms", "frequent urination"),
)


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "finished the tablets ages ago, all the symptoms went"),
        ("en", "all cleared up now, finished the antibiotics"),
        ("en", "passed on the antibiotics' end, no symptoms at all now"),
        ("ru", "монурал выпила один раз, всё прошло"),
        ("ru", "всё, здорова. монурал выпила"),
        ("zh", "药吃完了，都好了"),
        ("zh", "药吃完了，现在症状都没了"),
    ],
)
def test_everything_over_ends_the_infection_and_its_complaints(lang: str, text: str) -> None:
    state = folded((UTI[lang], None), (text, None), lang=lang)
    cystitis = ("diagnoses", "cystitis")
    for key in UTI_FACTS:
        key = cystitis if lang == "ru" and key[0] == "diagnoses" else key
        assert state.get(key) == "resolved", (key, state)


@pytest.mark.parametrize(
    ("lang", "first", "later", "kept"),
    [
        # a reading is no illness that gets well
        ("en", "my egfr came back 48, and i have a cold with a sore throat", "all better now",
         ("diagnoses", "low estimated glomerular filtration rate")),
        ("ru", "скф 48 в последнем анализе. и простыла, горло болит", "всё прошло",
         ("diagnoses", "low estimated glomerular filtration rate")),
        # a chronic condition is never over
        ("zh", "我有高血压，这几天感冒了，嗓子疼", "都好了", ("chronic_conditions", "hypertension")),
    ],
)
def test_a_reading_or_chronic_condition_stays(lang: str, first: str, later: str, kept: tuple[str, str]) -> None:
    state = folded((first, None), (later, None), lang=lang)
    assert state[kept] == "active"
    assert state[("symptoms", "sore throat")] == "resolved"


@pytest.mark.parametrize(
    ("lang", "later", "going_on"),
    [
        ("en", "all better now but i still have the cough", ("symptoms", "cough")),
        ("ru", "всё прошло, только кашель остался", ("symptoms", "cough")),
        ("zh", "都好了，就是还咳嗽", ("symptoms", "cough")),
    ],
)
def test_a_complaint_said_to_go_on_stays(lang: str, later: str, going_on: tuple[str, str]) -> None:
    first = {"en": "fever and a cough and a sore throat", "ru": "температура, кашель и горло болит",
             "zh": "发烧，咳嗽，嗓子疼"}[lang]
    state = folded((first, None), (later, None), lang=lang)
    assert state[going_on] == "active"
    assert state[("symptoms", "sore throat")] == "resolved"


@pytest.mark.parametrize(
    ("lang", "text"),
    [("en", "it cleared up"), ("ru", "прошло"), ("zh", "好了"), ("en", "my rash is all gone but the cough is bad")],
)
def test_one_illness_over_is_not_everything(lang: str, text: str) -> None:
    assert not any(e["entity"] == WHOLE_EPISODE for e in understand(text, None, lang).events)


@pytest.mark.parametrize(
    ("lang", "text", "context"),
    [
        ("ru", "нет, здорова", "Хронические болезни есть?"),
        ("en", "I have no symptoms at all", None),
        ("en", "can all the symptoms go away on their own?", None),
        ("zh", "我朋友说她都好了", None),
    ],
)
def test_no_recovery_of_everything(lang: str, text: str, context: str | None) -> None:
    """A plain denial, a question, someone else: nothing of the episode ends."""
    assert not any(e["entity"] == WHOLE_EPISODE for e in understand(text, context, lang).events)


def test_a_bare_recovery_ends_nothing_it_does_not_know() -> None:
    state = folded(("all cleared up now", None), lang="en")
    assert state == {} or all(not k[1].startswith("^") for k in state)


def test_a_question_beside_the_recovery_is_no_fact_but_the_recovery_holds() -> None:
    state = folded((UTI["en"], None), ("all cleared up. should i keep some antibiotics at home?", None), lang="en")
    assert triples(understand("should i keep some antibiotics at home?", None, "en")) == set()
    assert state[("symptoms", "dysuria")] == "resolved"


@dataclass
class _F:
    status: str
    last_seen: int
    attributes: dict = field(default_factory=dict)


def test_the_episode_reaches_back_only_so_far() -> None:
    """An illness told months before the recovery belongs to another episode; pregnancy is a state."""
    now = 10 * EPISODE_REACH_US
    facts = {
        ("symptoms", "sore throat"): _F("active", now - 86_400_000_000),
        ("diagnoses", "common cold"): _F("active", now - 86_400_000_000),
        ("diagnoses", "uterine fibroids"): _F("active", now - 2 * EPISODE_REACH_US),
        ("diagnoses", "pregnancy"): _F("active", now - 86_400_000_000),
        ("symptoms", "cough"): _F("resolved", now - 86_400_000_000),
    }
    ended = whole_episode(facts, now, load_terminology().codes_of)
    assert ended == [("diagnoses", "common cold"), ("symptoms", "sore throat")]
