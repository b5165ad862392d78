"""English and Russian advice is not yet done: "told me to try low fodmap", "врач сказал сесть на диету".

A habit, a vaccine or an operation the user was told to take up is no fact (``told_to``), as Chinese
让 / 建议 already is. An advice to stop ("advised me to stop smoking", "сказал бросить курить") still
says the user has the habit, and the user's own word after the advice ("..., я бросил") says it was
followed. A medicine told to take is prescribed and stays a fact. The sentences are new, written for
this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

Triple = tuple[str, str, str]

ADVICE: list[str] = [
    "the dietitian told me to try a low fodmap diet",
    "the practice nurse wants me to get the shingles jab",
    "my GP advised me to start swimming",
    "кардиолог сказал сесть на диету",
    "терапевт посоветовала делать прививку от клеща",
    "врач велел больше ходить пешком",
]

KEPT: list[tuple[str, Triple]] = [
    ("doctor advised me to stop smoking", ("lifestyle", "smoking", "active")),
    ("врач сказал бросить курить, я бросил", ("lifestyle", "smoking", "stopped")),
    ("gp told me to take ibuprofen 400 three times a day", ("medications", "ibuprofen", "active")),
    ("врач сказал пить омепразол 20 мг", ("medications", "omeprazole", "active")),
]


@pytest.mark.parametrize("text", ADVICE)
def test_advice_is_no_fact(text: str) -> None:
    assert {t for t in triples(understand(text)) if t[0] in ("lifestyle", "vaccinations", "surgeries")} == set()


@pytest.mark.parametrize(("text", "expected"), KEPT)
def test_a_stop_advised_followed_or_prescribed_is_a_fact(text: str, expected: Triple) -> None:
    assert expected in triples(understand(text))
