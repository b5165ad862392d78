"""A "he" or "she" who prescribes, adds or changes a medicine is the user's clinician.

With nobody else named in the message, the third person of a prescriber's verb ("he's added", "она
назначила", "他给我加了") is the doctor and the medicine is the user's
(``prescriber_pronoun.acts_as_clinician``); a verb anyone does of their own ("she started", "он пьёт",
"他在吃") or a message about a named relative leaves the medicine to that person.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

# fmt: off
USERS: list[tuple[str, set[tuple[str, str, str]]]] = [
    ("saw the cardiologist today, she's added ramipril 2.5mg", {("medications", "ramipril", "active")}),
    ("he prescribed doxycycline 100mg for a week", {("medications", "doxycycline", "active")}),
    ("была у эндокринолога, она назначила метформин 500", {("medications", "metformin", "active")}),
    ("он мне добавил аторвастатин 20 мг", {("medications", "atorvastatin", "active")}),
    ("皮肤科看了 她给我开了阿达帕林", {("medications", "adapalene", "active")}),
    ("他又给我加了二甲双胍", {("medications", "metformin", "active")}),
]

OTHERS: list[tuple[str, set[tuple[str, str, str]]]] = [
    ("she started sertraline last month", set()),
    ("my dad has gout, he's added allopurinol", set()),
    ("у мамы давление. она пьёт лозартан", set()),
    ("我爸血压高 他在吃氨氯地平", set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "expected"), USERS)
def test_a_prescribers_pronoun_gives_the_user_the_medicine(text: str, expected: set) -> None:
    assert {t for t in triples(understand(text)) if t[0] == "medications"} == expected


@pytest.mark.parametrize(("text", "expected"), OTHERS)
def test_other_peoples_medicines_stay_theirs(text: str, expected: set) -> None:
    assert {t for t in triples(understand(text)) if t[0] == "medications"} == expected
