"""A question that lists sites after one complaint asks of the complaint at each site.

"Any blood in your urine or stool?", "Нет ли крови в моче или в стуле?" ask of blood at both
sites; "大便里有没有血？" asks of blood in the stool. A bare denial after the question denies each
(``asked_sites.with_listed_sites``); a site that makes no known complaint adds nothing. The
sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from anamnesis.understanding.rules.answers import asked_in
from tests.test_rules_backend import Row, triples, understand

HEMATURIA = ("symptoms", "hematuria")
HEMATOCHEZIA = ("symptoms", "hematochezia")


@pytest.mark.parametrize(
    ("question", "items"),
    [
        ("Since the new tablets, any blood in the urine or stool?", {HEMATURIA, HEMATOCHEZIA}),
        ("Have you had pain in your chest, arm or jaw?", {("symptoms", "chest pain"), ("symptoms", "arm pain"),
                                                           ("symptoms", "jaw pain")}),
        ("Бывает ли кровь в моче или в стуле?", {HEMATURIA, HEMATOCHEZIA}),
        ("最近大便里有没有血？", {HEMATOCHEZIA}),
        ("小便里有没有血？", {HEMATURIA}),
    ],
)
def test_each_listed_site_is_asked(question: str, items: set) -> None:
    asked = asked_in(question)
    assert asked is not None and set(asked.items) == items


def test_a_site_that_makes_no_complaint_adds_nothing() -> None:
    asked = asked_in("Any blood in your urine or on your hands?")
    assert asked is not None and set(asked.items) == {HEMATURIA}


DENIED: list[Row] = [
    ("no, none of that", "Any blood in your urine or stool lately?",
     {(*HEMATURIA, "confirmed_absent"), (*HEMATOCHEZIA, "confirmed_absent")}),
    ("нет, такого не было", "Была ли кровь в моче или в стуле?",
     {(*HEMATURIA, "confirmed_absent"), (*HEMATOCHEZIA, "confirmed_absent")}),
    ("没有", "大便里有没有血？", {(*HEMATOCHEZIA, "confirmed_absent")}),
]


@pytest.mark.parametrize(("text", "context", "expected"), DENIED)
def test_a_bare_denial_denies_each_listed_site(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected
