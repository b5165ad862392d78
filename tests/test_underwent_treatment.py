""""прошла лучевую": "прошёл" with a treatment or a check-up is "underwent", not "went away".

A cancer after "прошла лучевую / химию / обследование" must not read resolved (cue data: the "none" forms
of cues.tsv); "гастрит прошёл", "кашель прошёл" stay endings, also next to a course undergone.
Russian only: the verb's two senses are Russian. The sentences are new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand


@pytest.mark.parametrize(
    "text",
    [
        "У меня рак левой молочной железы, прошла лучевую.",
        "Рак груди, прошла химию в прошлом году.",
        "рак молочной железы, прошёл облучение",
    ],
)
def test_treatment_undergone_ends_nothing(text: str) -> None:
    got = {t for t in triples(understand(text)) if t[1] == "breast cancer"}
    assert got and all(status != "resolved" for _, _, status in got)


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Гастрит прошёл.", ("diagnoses", "gastritis", "resolved")),
        ("Кашель прошёл, прошла курс антибиотиков.", ("symptoms", "cough", "resolved")),
    ],
)
def test_complaint_that_went_away_still_ends(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in triples(understand(text))
