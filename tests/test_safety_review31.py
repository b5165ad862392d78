"""Readings a safety review of the thirty-first session's merged rules found harmful, each held here.

Each mechanism of that round ended or denied less than before; the reviews probed where the new
scope let a true stop, denial or operation slip: a stop told after the taking verb ("took it for
years, no, not anymore"; the round's narrower reading of a taking verb's denial was taken out), a reply opening with "No." before a number, an operation named as the
exception to a denial ("no surgery except for my hernia"), a food allergen told before its class
("allergic to shrimp, other seafood is fine"), and a Chinese "for now" that is the user's own stop.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand


def _states(text: str, context: str | None = None) -> dict[tuple[str, str], str]:
    return {(section, entity): status for section, entity, status in triples(understand(text, context))}


@pytest.mark.parametrize(
    ("text", "context", "drug"),
    [
        ("took it for years, no, not anymore", "Do you take warfarin?", "warfarin"),
        ("I used to take it, not now", "Are you on warfarin?", "warfarin"),
        ("I was on it, no, stopped last year", "Are you on metformin?", "metformin"),
        ("took it, but no, not anymore", "Do you still take lithium?", "lithium"),
    ],
)
def test_a_stop_told_after_the_taking_verb_still_ends_the_drug(text: str, context: str, drug: str) -> None:
    assert _states(text, context).get(("medications", drug)) in ("stopped", "confirmed_absent")


@pytest.mark.parametrize(
    ("text", "context", "fact"),
    [
        ("No. 2 of my kids take it", "Do you take metformin?", ("medications", "metformin")),
        ("No. 2 of my sons take it for their blood pressure", "Do you take amlodipine?", ("medications", "amlodipine")),
    ],
)
def test_a_reply_opening_with_no_and_a_number_is_still_a_no(text: str, context: str, fact: tuple[str, str]) -> None:
    assert _states(text, context).get(fact) != "active"


def test_no_after_a_word_and_before_its_number_is_the_number_sign() -> None:
    assert _states("gout flare no.3 this year").get(("chronic_conditions", "gout")) == "active"


@pytest.mark.parametrize(
    ("text", "context"),
    [
        ("no surgery except for my hernia", "Any operations?"),
        ("операций не было, кроме аппендицита в детстве", "Операции были?"),
        ("除了阑尾炎没做过手术", "做过手术吗？"),
    ],
)
def test_the_exception_to_a_denied_operation_is_the_operation_done(text: str, context: str) -> None:
    assert any(
        section == "surgeries" and status != "confirmed_absent"
        for (section, _), status in _states(text, context).items()
    )


def test_an_illness_beside_a_plain_denial_of_operations_is_an_illness() -> None:
    got = _states("没做过手术，就是有子宫肌瘤", "做过手术吗？")
    assert not any(section == "surgeries" and status != "confirmed_absent" for (section, _), status in got.items())


@pytest.mark.parametrize(
    ("text", "allergen"),
    [
        ("I'm allergic to shrimp, other seafood is fine", "shrimp"),
        ("allergic to shrimp and I get hives from seafood sometimes", "shrimp"),
        ("аллергия на креветки, остальные морепродукты ем спокойно", "shrimp"),
    ],
)
def test_a_food_allergen_told_before_its_class_stays_its_own(text: str, allergen: str) -> None:
    assert _states(text).get(("allergies", allergen)) == "active"


def test_a_food_allergen_told_after_its_class_is_where_it_showed() -> None:
    got = _states("海鲜过敏，吃虾会起疙瘩")
    assert got.get(("allergies", "seafood")) == "active"
    assert ("allergies", "shrimp") not in got


def test_not_taking_medicine_for_now_to_a_still_taking_question_is_a_stop() -> None:
    got = _states("先不吃药了", "你还在吃降压药吗？")
    assert got and all(
        status in ("stopped", "confirmed_absent") for (section, _), status in got.items() if section == "medications"
    )
