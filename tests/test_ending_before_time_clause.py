"""A complaint that ended, then the user's time clause of a stop: each keeps its own ending (cues.tsv ``split``).

"the dizziness went away after I stopped the amlodipine", "головокружение прошло после того как бросила
амлодипин": "after I", "once I", "as soon as I", "после того как", "как только я" open a clause of their own,
so the first ending is the complaint's (resolved) and the stop the drug's; read as one clause, the two endings
fought over the complaint and dropped it or left it active. Chinese already cuts there ("停了...以后就不晕了").
A complaint that starts after a start, or comes after an everyday act, stays active.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
ROWS: list[Row] = [
    ("the dizziness went away after i stopped the amlodipine", None,
     {("medications", "amlodipine", "stopped"), ("symptoms", "dizziness", "resolved")}),
    ("my cough settled once i came off the ramipril", None,
     {("medications", "ramipril", "stopped"), ("symptoms", "cough", "resolved")}),
    ("головокружение прошло после того как бросила амлодипин", None,
     {("medications", "amlodipine", "stopped"), ("symptoms", "dizziness", "resolved")}),
    ("кашель прошёл, как только я перестала пить эналаприл", None,
     {("medications", "enalapril", "stopped"), ("symptoms", "cough", "resolved")}),
    ("停了氨氯地平以后头就不晕了", None,
     {("medications", "amlodipine", "stopped"), ("symptoms", "dizziness", "resolved")}),
    ("the dizziness started after i began the amlodipine", None,
     {("medications", "amlodipine", "active"), ("symptoms", "dizziness", "active")}),
    ("i get a headache after i eat cheese", None, {("symptoms", "headache", "active")}),
    ("голова болит после того как поем", None, {("symptoms", "headache", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_ending_before_time_clause(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected
