""" "they gave me malarone, start 2 days before": a medicine to be started later is a plan, no medicine taken.

The medicine handed over with a start still ahead, set against something later ("start 2 days before",
"начну за 2 дня до вылета", "出发前两天开始吃"), yields no fact (``start_later``); the medications
section is still what the turn is about. It must not fire on a start told as done, a medicine already
taken, or on the other, long-term medicines of the message. The sentences are new, written for this
test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
CASES: list[Row] = [
    ("i've got malarone to start two days before we fly", None, set()),
    ("they gave me doxycycline for the trip, start it a day before", None, set()),
    ("выписали мефлохин, начать за неделю до поездки", None, set()),
    ("дали малароне на поездку, начинать за два дня до вылета", None, set()),
    ("开了多西环素，出发前两天开始吃", None, set()),
    # a start told as done, a medicine already taken: taken
    ("been taking malarone since sunday, started 2 days before the flight", None,
     {("medications", "atovaquone/proguanil", "active")}),
    ("уже пью малароне, начала за два дня до вылета", None, {("medications", "atovaquone/proguanil", "active")}),
    ("已经在吃多西环素了，出发前两天开始吃的", None, {("medications", "doxycycline", "active")}),
    # the long-term medicines of the message stay
    ("on ramipril 5mg daily, and they gave me malarone to start 2 days before i fly", None,
     {("medications", "ramipril", "active")}),
    ("пью эналаприл каждый день. врач выписал маларон, начну за 2 дня до вылета", None,
     {("medications", "enalapril", "active")}),
    ("一直吃氨氯地平。医生开了多西环素，出发前两天开始吃", None, {("medications", "amlodipine", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CASES)
def test_start_later(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected


def test_the_plan_still_touches_medications() -> None:
    assert "medications" in understand("выписали мефлохин, начать за неделю до поездки").sections


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("on ramipril, start the malaria tablets 2 days before", "ramipril"),
        ("пью эналаприл, таблетки от малярии начать за 2 дня до вылета", "enalapril"),
        ("一直吃氨氯地平，出发前两天开始吃疟疾药", "amlodipine"),
    ],
)
def test_a_long_term_medicine_before_another_ones_start_stays(text: str, kept: str) -> None:
    # the start names its own medicine, and the one before it was not handed over: it is taken now
    assert ("medications", kept, "active") in triples(understand(text))
