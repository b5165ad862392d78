"""The sleepiness of the day (sleep apnoea's) apart from the drowsiness a drug gives (symptoms_own_words.tsv).

"nodded off at the wheel", "днём клюю носом", "засыпаю за рулём", "白天犯困" name daytime sleepiness;
"these pills make me drowsy", "от таблеток сонливость", "吃了药老犯困" stay drowsiness. A night's falling
asleep late ("засыпаю часа в 3") is neither; a relative's nodding off or a question is no fact of the user's.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, folded, triples, understand

# fmt: off
ROWS: list[Row] = [
    ("almost nodded off at the wheel on the motorway", None, {("symptoms", "daytime sleepiness", "active")}),
    ("днём клюю носом на работе", None, {("symptoms", "daytime sleepiness", "active")}),
    ("засыпаю за рулем, страшно", None, {("symptoms", "daytime sleepiness", "active")}),
    ("白天犯困 开会都能睡着", None, {("symptoms", "daytime sleepiness", "active")}),
    ("these pills make me drowsy", None, {("symptoms", "drowsiness", "active")}),
    ("吃了药老犯困", None, {("symptoms", "drowsiness", "active")}),
    ("засыпаю часа в 3 ночи", None, set()),
    ("my husband keeps nodding off at the wheel", None, set()),
    ("муж днём клюёт носом за рулём", None, set()),
    ("can you nod off from antihistamines?", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_daytime_sleepiness(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(
    ("first", "later"),
    [
        ("nearly nodded off at the wheel twice this week", "not nodding off at the wheel anymore"),
        ("днём засыпаю прямо за рулем", "днем больше не засыпаю"),
        ("白天犯困得厉害", "白天不困了"),
    ],
)
def test_daytime_sleepiness_over(first: str, later: str) -> None:
    assert folded((first, None), (later, None)).get(("symptoms", "daytime sleepiness")) == "resolved"
