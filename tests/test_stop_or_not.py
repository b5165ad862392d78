"""Words that look like a stop but are not, and a start after a stop (issue 11, lead27).

- "when it kicks off" starts a complaint; its "off" ends nothing ("i take cetirizine when it
  kicks off": cetirizine taken).
- An intransitive "it went off", "wore off" ends what was named before it, never a medicine:
  "used the ventolin and it went off" is the wheeze gone, the inhaler still kept; "went off the
  statin" (with its object) stops the statin.
- "added" / "добавили" starts the drug after it, also after a stop in the same sentence
  ("stopped the clopidogrel and added bisoprolol").
- Slang for cigarettes ("packed in the fags") is smoking; the stop is its, not the inhaler's.
- An ending reaches into the sentence before only when it says nothing else ("Допил.", "Fully
  recovered."): "падений сахара больше не было" ends something of its own, not the insulin; "больше
  ничего не пью" denies all but the medicine named.

The sentences are written for these tests, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("i take cetirizine when it kicks off", {("medications", "cetirizine", "active")}),
        (
            "wheezing on the stairs, used the ventolin and it went off",
            {("symptoms", "wheezing", "resolved"), ("medications", "salbutamol", "active")},
        ),
        ("went off the statin in may", {("medications", "statins", "stopped")}),
        ("tried atorvastatin and went off it", {("medications", "atorvastatin", "stopped")}),
        ("the ibuprofen wore off by lunch", {("medications", "ibuprofen", "active")}),
        (
            "cardiologist stopped the clopidogrel and added bisoprolol",
            {("medications", "clopidogrel", "stopped"), ("medications", "bisoprolol", "active")},
        ),
        (
            "отменили клопидогрел и добавили бисопролол",
            {("medications", "clopidogrel", "stopped"), ("medications", "bisoprolol", "active")},
        ),
        (
            "停了氯吡格雷，加了比索洛尔",
            {("medications", "clopidogrel", "stopped"), ("medications", "bisoprolol", "active")},
        ),
        (
            "on spiriva and the blue inhaler. packed in the fags 5 years ago",
            {
                ("medications", "tiotropium", "active"),
                ("medications", "salbutamol", "active"),
                ("lifestyle", "smoking", "stopped"),
            },
        ),
        ("quit the ciggies last year", {("lifestyle", "smoking", "stopped")}),
    ],
)
def test_what_stops_and_what_does_not(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an ending with its own words does not reach back into the sentence before
        (
            "лантус снизили на 2 единицы, теперь 16. падений сахара больше не было",
            {("medications", "insulin glargine", "active"), ("symptoms", "^hypoglycemia", "resolved")},
        ),
        ("двухнедельный курс амоксициллина. Допил", {("medications", "amoxicillin", "stopped")}),
        ("I had COVID in December. I have fully recovered", {("diagnoses", "covid-19", "resolved")}),
        # "nothing else" denies all but what was named
        ("монурал выпила, больше ничего не пью", {("medications", "fosfomycin", "active")}),
        ("bisoprolol, nothing else", {("medications", "bisoprolol", "active")}),
    ],
)
def test_an_ending_reaches_back_only_when_bare(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text)) == expected
