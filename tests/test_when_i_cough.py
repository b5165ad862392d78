""" "a bulge by the scar when i cough": a bare cough or sneeze after "when I" is when, not a complaint.

What comes on when the user coughs or sneezes (a bulge, a leak, a pain) is the complaint; the bare
act after "when I" / "every time I" says when it comes, so no cough of its own
(``occasions.en_without_occasions``). A cough told for itself stays: "i cough when i lie down",
"when i cough i bring up phlegm" (the act opening its clause), "coughing a lot". English only: the
Russian "когда кашляю" and Chinese "咳嗽的时候" are left as they were. The sentences are new, written
for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
CASES: list[Row] = [
    ("there's a bulge in my groin that pops out when i cough", None, {("symptoms", "groin bulge", "active")}),
    ("my ribs hurt every time i cough", None, {("symptoms", "rib pain", "active")}),
    ("i leak a little when i sneeze", None, {("symptoms", "urinary incontinence", "active")}),
    ("i cough when i lie down", None, {("symptoms", "cough", "active")}),
    ("when i cough i bring up yellow phlegm", None,
     {("symptoms", "cough", "active"), ("symptoms", "sputum production", "active")}),
    ("coughing a lot at night", None, {("symptoms", "cough", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CASES)
def test_when_i_cough(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
