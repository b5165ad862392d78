"""Jabs named by their disease after a verb and a time, lists of them, and a guess at only when.

- Russian: a verb of injecting, a time word, then a disease that has a vaccine ("сделала вчера
  гепатит А") is the jab, and so is every disease listed after it ("... и брюшной тиф", "гепатит В,
  корь и столбняк"); a disease the user has ("у меня гепатит В") stays a disease;
- a doubt word whose doubt is only when ("好像是三年前", "кажется, года три назад", "probably 2 years
  ago") leaves the clause a statement; a guess at what ("好像是肺炎", "maybe a migraine") does not.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
ROWS: list[Row] = [
    ("сделал вчера гепатит А и брюшной тиф, перед поездкой", None,
     {("vaccinations", "hepatitis a vaccine", "historical"), ("vaccinations", "typhoid vaccine", "historical")}),
    ("перед армией сделали гепатит В, корь и столбняк", None,
     {("vaccinations", "hepatitis b vaccine", "historical"), ("vaccinations", "measles vaccine", "historical"),
      ("vaccinations", "tetanus vaccine", "historical")}),
    ("у меня гепатит В и цирроз", None,
     {("chronic_conditions", "chronic hepatitis b", "active"), ("chronic_conditions", "cirrhosis", "active")}),
    ("破伤风好像是两年前打过一针", "破伤风疫苗打过吗？", {("vaccinations", "tetanus vaccine", "historical")}),
    ("好像是三年前得过肺炎", None, {("diagnoses", "pneumonia", "resolved")}),
    ("好像是肺炎", None, set()),
    ("кажется, года три назад делали прививку от столбняка", None, {("vaccinations", "tetanus vaccine", "historical")}),
    ("probably 2 years ago, had a tetanus jab after a cut", None, {("vaccinations", "tetanus vaccine", "historical")}),
    ("maybe a migraine, not sure", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_jabs_and_guessed_times(text: str, context: str | None, expected: set) -> None:
    assert {t for t in triples(understand(text, context)) if t[0] != "injuries"} == expected
