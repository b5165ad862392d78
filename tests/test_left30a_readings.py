"""English readings of round 30a: a time is no dose, a denied stop, a denied subject-predicate
complaint, a denied verb of telling, and a statement asked only of its telling (en; ru/zh where
the same kind exists)."""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand


def _events(text: str, context: str | None = None, lang: str | None = None) -> set[tuple[str, str, str]]:
    return triples(understand(text, context, lang))


def _dose(text: str, entity: str) -> str | None:
    return next((e.get("dose") for e in understand(text).events if e["entity"] == entity), None)


# -- a time after a drug's name is no dose -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "entity"),
    [
        ("citalopram 2 yrs ago", "citalopram"),
        ("sertraline 6 months, then stopped", "sertraline"),
        ("омепразол 3 мес назад пила", "omeprazole"),
        ("二甲双胍 2年了", "metformin"),
    ],
)
def test_a_time_after_the_name_is_no_dose(text: str, entity: str) -> None:
    assert _dose(text, entity) is None


def test_a_bare_number_is_still_a_dose() -> None:
    assert _dose("prilosec 20", "omeprazole") == "20 mg"


# -- a denied stop is no stop ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "i started lisinopril last year but i never stopped",
        "started the sertraline in may and never really stopped",
        "been on amlodipine for years, haven't quit",
    ],
)
def test_a_denied_bare_stop_keeps_the_drug(text: str) -> None:
    statuses = {s for sec, _, s in _events(text) if sec == "medications"}
    assert statuses == {"active"}


def test_a_bare_stop_still_stops() -> None:
    assert ("medications", "lisinopril", "stopped") in _events("i was on lisinopril last year but i stopped")


# -- a denied subject-predicate complaint ----------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["no numbness, legs arent weak", "my legs aren't weak", "my legs don't feel weak", "legs are not weak"]
)
def test_a_denied_predicate_denies_the_complaint(text: str) -> None:
    assert ("symptoms", "muscle weakness", "confirmed_absent") in _events(text)


def test_a_degree_leaves_the_complaint() -> None:
    assert ("symptoms", "muscle weakness", "confirmed_absent") not in _events("my legs aren't that weak")


def test_muscles_not_weak() -> None:
    assert ("symptoms", "muscle weakness", "confirmed_absent") in _events("my muscles were not weak")


# -- a denied verb of telling denies nothing about the illness ---------------------------------------


@pytest.mark.parametrize(
    ("text", "entity"),
    [
        ("i don't talk about my depression with anyone", "depression"),
        ("i never mentioned my asthma, i've had it for years", "asthma"),
        ("я никому не рассказывала про свою депрессию", "depression"),
        ("我从来没跟别人说过我的抑郁症", "depression"),
    ],
)
def test_untold_own_illness_is_had(text: str, entity: str) -> None:
    events = _events(text)
    assert any(e == entity and s == "active" for _, e, s in events)
    assert not any(e == entity and s == "confirmed_absent" for _, e, s in events)


def test_untold_illness_not_called_own_is_nothing() -> None:
    assert not any(e == "asthma" for _, e, _ in _events("i didn't mention asthma to the nurse"))


@pytest.mark.parametrize("text", ["i don't have depression", "я не болею астмой", "我没有哮喘"])
def test_a_plain_denial_still_denies(text: str) -> None:
    assert any(s == "confirmed_absent" for _, _, s in _events(text))


# -- a statement asked only of its telling ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("did I mention I had a kidney stone zapped few years back?", ("surgeries", "lithotripsy", "historical")),
        ("oh did i mention that i have asthma?", ("chronic_conditions", "asthma", "active")),
        ("я вам говорила, что у меня астма?", ("chronic_conditions", "asthma", "active")),
        ("我说过我有哮喘吗？", ("chronic_conditions", "asthma", "active")),
    ],
)
def test_told_as_a_question_is_said(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _events(text)


@pytest.mark.parametrize(
    "text", ["did I have chickenpox as a kid?", "did i say whether i have asthma?", "我有哮喘吗？"]
)
def test_a_question_of_the_illness_stays_a_question(text: str) -> None:
    assert _events(text) == set()


def test_a_part_inside_the_denied_complaint_is_the_replys_own() -> None:
    events = _events("legs arent weak. just hurts like hell", "Any numbness or weakness in the leg?")
    assert ("symptoms", "muscle weakness", "confirmed_absent") in events
    assert not any(e == "leg pain" for _, e, _ in events)


def test_the_asked_part_still_names_a_bare_complaint() -> None:
    assert ("symptoms", "knee pain", "active") in _events("still hurts when i climb stairs", "How is the knee?")


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("я никогда не прекращала принимать лизиноприл", ("medications", "lisinopril", "active")),
        ("я не бросал курить", ("lifestyle", "smoking", "active")),
    ],
)
def test_a_russian_denied_stop_keeps_its_object(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _events(text)


def test_a_russian_denial_of_taking_still_denies() -> None:
    assert ("medications", "lisinopril", "confirmed_absent") in _events("лизиноприл не принимаю")
