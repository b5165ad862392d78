"""A result given to a question about its test stays the result beside an age; a clinician's wish is a plan.

- "Did they check your PSA?" — "yes 6.2. my brother had prostate cancer at 70": the one value of the
  reply is the asked test's (``rules/measurements.py``); a number said as an age ("at 70", "в 68",
  "70岁") is no second value that would leave the reply without one;
- "he wants a biopsy", "they want a colonoscopy": the procedure a clinician wants is a plan, no
  operation the user had (``rules/data/cues.tsv`` intent); "I want a refill of my metformin" still
  takes the metformin.

The sentences are written for these tests, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

Triple = tuple[str, str, str]

_PSA = ("diagnoses", "elevated prostate-specific antigen", "active")
_BROTHER = ("family_history", "prostate cancer", "active")

# fmt: off
ASKED: list[tuple[str, str, set[Triple]]] = [
    ("yes 6.2. my brother had prostate cancer at 70", "Did they check your PSA?", {_PSA, _BROTHER}),
    ("да, 6,2. у брата рак простаты был в 68", "ПСА проверяли?", {_PSA, _BROTHER}),
    ("查了 6.8 我哥70岁得的前列腺癌", "查过PSA吗？", {_PSA, _BROTHER}),
    ("yes, 6.2", "Did they check your PSA?", {_PSA}),
    # two values that may both be results: none is taken for the asked test
    ("6.2 and then 5.9 a month later", "Did they check your PSA?", set()),
]
WANTED: list[tuple[str, set[Triple]]] = [
    ("PSA 6.2 so they want a biopsy", {_PSA}),
    ("the urologist wants a colonoscopy", set()),
    ("the gp wants an mri of my knee", set()),
    ("i want a refill of my metformin", {("medications", "metformin", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ASKED)
def test_the_asked_result_stands_beside_an_age(text: str, context: str, expected: set[Triple]) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "expected"), WANTED)
def test_what_a_clinician_wants_is_a_plan(text: str, expected: set[Triple]) -> None:
    assert triples(understand(text)) == expected
