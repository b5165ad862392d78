"""An illness over ends the complaints first told with it, unless the message says they go on.

"got a stinking cold, blocked nose and sore throat" ... "colds long gone": the nose and the throat
end with the cold (the labels end them); "простыла, насморк" ... "простуда прошла"; "感冒了，嗓子疼"
... "感冒好了". A complaint told in another message, one the recovery says goes on ("cold's gone but
the cough hangs on"), and the complaints of a reading or of an illness a reading ends ("гемоглобин
уже 118" after anaemia and heavy periods) stay. "temp's gone" / "no temp" ends a fever held.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import folded


@pytest.mark.parametrize(
    ("lang", "first", "later", "ended", "illness"),
    [
        ("en", "got a stinking cold, blocked nose and sore throat", "colds long gone",
         ("symptoms", "sore throat"), ("diagnoses", "common cold")),
        ("ru", "у меня ангина, горло болит", "ангина прошла",
         ("symptoms", "sore throat"), ("diagnoses", "tonsillitis")),
        ("zh", "得了带状疱疹，起了一串水疱", "带状疱疹好了", ("symptoms", "blisters"), ("diagnoses", "herpes zoster")),
    ],
)
def test_an_illness_over_ends_what_was_told_with_it(
    lang: str, first: str, later: str, ended: tuple[str, str], illness: tuple[str, str]
) -> None:
    state = folded((first, None), (later, None), lang=lang)
    assert state[illness] == "resolved", state
    assert state[ended] == "resolved", state


@pytest.mark.parametrize(
    ("lang", "messages", "kept"),
    [
        # the recovery says the complaint goes on
        ("en", ("got a cold with a cough", "the cold's gone but i still have the cough"), ("symptoms", "cough")),
        ("zh", ("感冒了，咳嗽", "感冒好了，就是还咳"), ("symptoms", "cough")),
        # a complaint told in another message
        ("ru", ("у меня ангина", "ещё голова болит", "ангина прошла"), ("symptoms", "headache")),
    ],
)
def test_what_goes_on_or_came_apart_stays(lang: str, messages: tuple[str, ...], kept: tuple[str, str]) -> None:
    state = folded(*((m, None) for m in messages), lang=lang)
    assert state[kept] == "active", state


def test_an_illness_a_reading_ends_keeps_its_complaints() -> None:
    state = folded(
        ("анемия, гемоглобин 95, месячные обильные", None), ("анемии больше нет, гемоглобин 128", None), lang="ru"
    )
    assert state[("symptoms", "heavy menstrual bleeding")] == "active", state


@pytest.mark.parametrize(
    ("text", "context", "alone"),
    [
        ("temp's gone though", None, None),
        # "no temp" is "no fever": with no fever held it is a denial (the labels of dev b24)
        ("throat's fine and no temp", None, "confirmed_absent"),
        ("no temp", "Any fever?", "confirmed_absent"),
    ],
)
def test_no_temp_ends_a_fever_held(text: str, context: str | None, alone: str | None) -> None:
    assert folded(("fever 39.2 since yesterday", None), (text, context), lang="en")[("symptoms", "fever")] == "resolved"
    assert folded((text, context), lang="en").get(("symptoms", "fever")) == alone


@pytest.mark.parametrize(
    ("lang", "first", "reading", "later", "ended", "kept"),
    [
        ("en", "water infection again, burning when i pee", "bloods showed my egfr is 48", "infection cleared up",
         ("diagnoses", "urinary tract infection"), ("diagnoses", "low estimated glomerular filtration rate")),
        ("ru", "кровь в моче два дня", "ПСА 6,2, повышен", "прошло",
         ("symptoms", "hematuria"), ("diagnoses", "elevated prostate-specific antigen")),
        ("zh", "感冒了，嗓子疼", "最近糖化8.5，医生说高", "好了",
         ("diagnoses", "common cold"), ("diagnoses", "elevated hba1c")),
    ],
)
def test_a_recovery_naming_nothing_is_of_no_reading(
    lang: str, first: str, reading: str, later: str, ended: tuple[str, str], kept: tuple[str, str]
) -> None:
    """A bare recovery after a reading told since ends the illness before it: a reading ends by
    its own value, never by "прошло"."""
    state = folded((first, None), (reading, None), (later, None), lang=lang)
    assert state[kept] == "active", state
    assert state[ended] == "resolved", state
