"""Chat words a denial turns on: "temp" and "темпы" are a temperature, "PSA" is the prostate test.

"no temp" / "темпы нет" / "不发烧" deny a fever, and "temp no" answers a question about it; a PSA
test named in chat is no psoriatic arthritis (the abbreviation PsA reads the same in lower case and
the test is by far the commoner). The sentences are new, written for this test; none is from the
gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

FEVER_DENIED = ("symptoms", "fever", "confirmed_absent")

ROWS: list[Row] = [
    ("no temp today, just the headache", None, {FEVER_DENIED, ("symptoms", "headache", "active")}),
    ("cough yes, temp no", "Any cough or fever?", {FEVER_DENIED, ("symptoms", "cough", "active")}),
    ("темпы нет, только насморк", None, {FEVER_DENIED, ("symptoms", "runny nose", "active")}),
    ("不发烧，就是流鼻涕", None, {FEVER_DENIED, ("symptoms", "runny nose", "active")}),
    ("urologist wants a repeat psa in march", None, set()),
]


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_chat_words(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected
