"""Chat words a denial turns on: "темпы" is a temperature, "PSA" is the prostate test.

"no fever" / "темпы нет" / "不发烧" deny a fever (a bare English "temp" stays no fever word: "temp
36.8" is a normal reading, tests/test_open20.py); a PSA
test named in chat is no psoriatic arthritis (the abbreviation PsA reads the same in lower case and
the test is by far the commoner). The sentences are new, written for this test; none is from the
gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

FEVER_DENIED = ("symptoms", "fever", "confirmed_absent")

ROWS: list[Row] = [
    ("no fever today, just the headache", None, {FEVER_DENIED, ("symptoms", "headache", "active")}),
    ("темпы нет, только насморк", None, {FEVER_DENIED, ("symptoms", "rhinorrhea", "active")}),
    ("不发烧，就是流鼻涕", None, {FEVER_DENIED, ("symptoms", "rhinorrhea", "active")}),
    ("urologist wants a repeat psa in march", None, set()),
]


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_chat_words(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected
