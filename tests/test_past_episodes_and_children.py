"""An episode dated long ago is over; a child named by its age is someone else.

"broke my collarbone at 17 but...", "broke my wrist slipping on ice last winter", "ветрянкой болел в
садике", "哮喘 上幼儿园的时候得的": the injury or illness is ``resolved`` (``endings._LONG_AGO``);
"sprained my ankle last week, still swollen" is not. "my 4yo has chickenpox", "our 2 year old has
an ear infection": the child's, no fact of the user's (``segment._EN_CHILD``). The sentences are
new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
CASES: list[Row] = [
    ("broke my ankle at 15 but nothing since", None, {("injuries", "ankle fracture", "resolved")}),
    ("fractured my wrist skiing last winter", None, {("injuries", "wrist fracture", "resolved")}),
    ("broke my hip last january, they gave me a new one", None,
     {("injuries", "hip fracture", "resolved"), ("surgeries", "hip replacement", "historical")}),
    ("sprained my ankle last week, still swollen", None,
     {("injuries", "ankle sprain", "active"), ("symptoms", "ankle swelling", "active")}),
    ("корью болела в садике", None, {("diagnoses", "measles", "resolved")}),
    ("哮喘 上幼儿园的时候得的，后来好了", None, {("chronic_conditions", "asthma", "resolved")}),
    ("my 4yo has chickenpox, spots everywhere", None, set()),
    ("our 2 year old has an ear infection, on amoxicillin", None, set()),
    ("my 3yo has a cough. I have asthma", None, {("chronic_conditions", "asthma", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CASES)
def test_dated_episodes_end_and_children_are_someone_else(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


# fmt: off
SEEN: list[Row] = [
    ("gp saw him today, ear infection, amoxicillin for 5 days", None, set()),
    ("the doctor checked her chest, bronchitis, gave azithromycin", None, set()),
    ("педиатр осмотрел его, отит, назначили амоксициллин", None, set()),
    ("the gp saw me today, ear infection, amoxicillin for 5 days", None,
     {("diagnoses", "otitis media", "active"), ("medications", "amoxicillin", "active")}),
    ("врач осмотрел меня, отит", None, {("diagnoses", "otitis media", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), SEEN)
def test_a_clinician_who_saw_someone_else_makes_the_sentence_theirs(
    text: str, context: str | None, expected: set
) -> None:
    """ "gp saw him today, ear infection": the sentence is about him (``segment._SEEN_BY_CLINICIAN``)."""
    assert triples(understand(text, context)) == expected
