"""An illness named as the time a habit or medicine changed stays what it was; the change ends
the habit.

- "i quit drinking when they found my gout", "бросила курить, когда нашли диабет", "查出痛风就戒了":
  the gout and the diabetes are found, ``active``; the drinking and the smoking are ``stopped``;
- a stop with nothing of its own named in its clause refers back to the habit named before
  ("以前顿顿啤酒，查出痛风就戒了");
- a Chinese medicine begun as the time of a change is taken, not denied ("开始吃药就不喝了");
- a stop that names the illness itself still ends nothing else ("the metformin was stopped when my
  kidneys got worse" stops the metformin only).

Rows are (reply, the assistant's question before it, the exact set of triples). The sentences are
new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

Row = tuple[str, str | None, set[tuple[str, str, str]]]

# fmt: off
ANCHORED: list[Row] = [
    ("i quit drinking when they found my gout", "Do you drink?",
     {("lifestyle", "alcohol", "stopped"), ("chronic_conditions", "gout", "active")}),
    ("stopped smoking after my diabetes diagnosis", None,
     {("lifestyle", "smoking", "stopped"), ("chronic_conditions", "diabetes", "active")}),
    ("when they diagnosed my diabetes i stopped drinking completely", "Do you drink?",
     {("lifestyle", "alcohol", "stopped"), ("chronic_conditions", "diabetes", "active")}),
    ("бросила курить, когда нашли диабет", "Курите?",
     {("lifestyle", "smoking", "stopped"), ("chronic_conditions", "diabetes", "active")}),
    ("после того как поставили гипертонию, бросил курить", "Курите?",
     {("lifestyle", "smoking", "stopped"), ("chronic_conditions", "hypertension", "active")}),
    ("确诊糖尿病以后把烟戒了", "抽烟吗？",
     {("lifestyle", "smoking", "stopped"), ("chronic_conditions", "diabetes", "active")}),
    ("以前顿顿啤酒，查出痛风就戒了", "平时喝酒吗？",
     {("lifestyle", "alcohol", "stopped"), ("chronic_conditions", "gout", "active")}),
]

BEGUN: list[Row] = [
    ("以前每天晚上两瓶啤酒 开始吃药就不喝了", "喝酒吗？",
     {("lifestyle", "alcohol", "stopped")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ANCHORED + BEGUN)
def test_an_illness_dating_a_stop_stays(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("i stopped the metformin when my kidneys got worse", ("medications", "metformin", "stopped")),
        ("бросил курить, когда переехал за город", ("lifestyle", "smoking", "stopped")),
        ("生了孩子以后就把烟戒了", ("lifestyle", "smoking", "stopped")),
    ],
)
def test_a_stop_dated_by_no_illness_ends_what_it_names(text: str, ended: tuple[str, str, str]) -> None:
    found = triples(understand(text))
    assert ended in found
    assert not any(status == "resolved" for _, _, status in found)
