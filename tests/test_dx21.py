"""The rules backend on episodic diagnoses and injuries (issue 11, dx21).

An episode dated years back ("pneumonia in 2019", "язва лет десять назад", "去年胃出血住了一次院",
"tore a ligament at 20") is over: resolved, unless its phrase says it goes on ("since", "до сих
пор", "还") or dates a finding that may last ("fatty liver found in 2019", "去年查出脂肪肝").

Each row is (text, assistant turn before it, the exact set of (section, entity, status) the
message must yield). The sentences are new, written for these kinds, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
LONG_AGO: list[Row] = [
    ("pneumonia in 2019, was in hospital for 5 days", None, {("diagnoses", "pneumonia", "resolved")}),
    ("got covid back in 2022", None, {("diagnoses", "covid-19", "resolved")}),
    ("mumps as a kid", None, {("diagnoses", "mumps", "resolved")}),
    ("meningitis at 8, nothing since", None, {("diagnoses", "meningitis", "resolved")}),
    ("broke my leg skiing at 19", None, {("injuries", "leg fracture", "resolved")}),
    ("пневмония была лет пять назад", None, {("diagnoses", "pneumonia", "resolved")}),
    ("гепатит А в детстве", None, {("diagnoses", "hepatitis a", "resolved")}),
    ("язва желудка лет десять назад", None, {("diagnoses", "peptic ulcer", "resolved")}),
    ("去年得了一次肺炎", None, {("diagnoses", "pneumonia", "resolved")}),
    ("三年前胃溃疡，现在没事", None, {("diagnoses", "peptic ulcer", "resolved")}),
    ("2019年胃出血住了一周院", None, {("diagnoses", "upper gastrointestinal bleeding", "resolved")}),
    ("去年冬天摔断了手腕", None, {("injuries", "wrist fracture", "resolved")}),
    # what goes on, what is recent, and a finding dated when found stay active
    ("pneumonia last week, still coughing", None,
     {("diagnoses", "pneumonia", "active"), ("symptoms", "cough", "active")}),
    ("fatty liver found on a scan in 2019", None, {("diagnoses", "fatty liver disease", "active")}),
    ("гастрит с 2015 года до сих пор беспокоит", None, {("diagnoses", "gastritis", "active")}),
    ("去年查出脂肪肝", None, {("diagnoses", "fatty liver disease", "active")}),
    ("从去年开始一直胃炎", None, {("diagnoses", "gastritis", "active")}),
    ("I've got pneumonia", None, {("diagnoses", "pneumonia", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), LONG_AGO)
def test_an_episode_of_years_ago_is_over(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
