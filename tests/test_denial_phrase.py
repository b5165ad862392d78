"""What a denial denies depends on its phrase (issue 11, lead27).

- A "no" inside a self-correction takes the old value back; it denies nothing: "ramipril 10mg,
  sorry no 5mg" is ramipril at 5 mg, not ramipril denied.
- A denial of what came after the thing named ("had a stent in 2021, nothing since", "после этого
  ничего", "之后就没有了") is its ending, never a denial that it happened: the stent stays a
  historical operation, a nosebleed "none since" is resolved.
- A starting point or a duration makes a denial an ending only in the denial's own phrase: "been
  ill for a week, no fever" is no fever at all, while "3 weeks no alcohol" is alcohol stopped.

The sentences are written for these tests, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand


def _with_dose(text: str) -> set[tuple[str, str, str, str | None]]:
    return {(e["section"], e["entity"], e["status"], e.get("dose")) for e in understand(text).events}


def _triples(text: str) -> set[tuple[str, str, str]]:
    return triples(understand(text))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ramipril 10mg, sorry no 5mg", {("medications", "ramipril", "active", "5 mg")}),
        ("ramipril 10mg sorry no, 5mg", {("medications", "ramipril", "active", "5 mg")}),
        ("рамиприл 10 мг, извините, нет, 5 мг", {("medications", "ramipril", "active", "5 mg")}),
        ("雷米普利10毫克，不对，是5毫克", {("medications", "ramipril", "active", "5 mg")}),
    ],
)
def test_a_no_inside_a_correction_takes_back_the_old_value(
    text: str, expected: set[tuple[str, str, str, str | None]]
) -> None:
    assert _with_dose(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("had a stent in 2021, nothing since", {("surgeries", "coronary stent placement", "historical")}),
        ("had a stent in 2021, nothing after that", {("surgeries", "coronary stent placement", "historical")}),
        ("стент ставили в 21м году, после этого ничего", {("surgeries", "coronary stent placement", "historical")}),
        (
            "стент ставили в 21м году, с тех пор ничего не было",
            {("surgeries", "coronary stent placement", "historical")},
        ),
        ("2021年放过支架，之后就没有了", {("surgeries", "coronary stent placement", "historical")}),
        ("had a nosebleed last night, none since", {("symptoms", "epistaxis", "resolved")}),
        ("кровь из носа шла вчера, после этого ничего", {("symptoms", "epistaxis", "resolved")}),
        # a denial with no "since" still reaches back over the comma
        ("had a stent put in, no", {("surgeries", "coronary stent placement", "confirmed_absent")}),
    ],
)
def test_a_denial_of_what_came_after_is_its_ending(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _triples(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("been ill for a week, no fever", {("symptoms", "fever", "confirmed_absent")}),
        ("болею уже неделю, температуры нет", {("symptoms", "fever", "confirmed_absent")}),
        ("no hypos since march", {("symptoms", "hypoglycemia", "resolved")}),
        ("3 weeks no alcohol!! sleeping way better", {("lifestyle", "alcohol", "stopped")}),
        ("не курю уже 5 лет", {("lifestyle", "smoking", "stopped")}),
        ("已经三年没抽烟了", {("lifestyle", "smoking", "stopped")}),
    ],
)
def test_a_time_makes_a_denial_an_ending_only_in_its_own_phrase(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _triples(text) == expected
