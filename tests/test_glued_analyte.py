"""A test's name glued to its value is a reading: "tsh4.8", "inr3.6", "МНО3,6" (measurements catalogue).

Chat drops the space between a Latin or Cyrillic test name and its number; the whole-word matcher
saw no name there, so the reading (and the finding it makes) was lost. A name of two letters at
least is read as glued; "b12" or "t4" stay names of their own. The sentences are new, written for
this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from anamnesis.measurements.catalog import load_catalog
from tests.test_rules_backend import triples, understand

_TSH = ("diagnoses", "elevated thyroid-stimulating hormone", "active")
_INR = ("diagnoses", "elevated international normalized ratio", "active")

# fmt: off
ROWS: list[tuple[str, tuple[str, str, str]]] = [
    ("上个月查的tsh5.9 医生说偏高", _TSH),
    ("抽血 inr4.1 偏高 医生让华法林少吃点", _INR),
    ("сдала анализы, ттг7,2 — повышен", _TSH),
    ("вчера мно3,9, врач сказал высокое", _INR),
    ("bloods back, tsh6.7 which is high", _TSH),
]
# fmt: on


@pytest.mark.parametrize(("text", "finding"), ROWS)
def test_a_name_glued_to_its_value_is_read(text: str, finding: tuple[str, str, str]) -> None:
    assert finding in triples(understand(text))


@pytest.mark.parametrize(
    ("text", "test"),
    [("tsh4.8", "tsh"), ("查了inr3.6", "inr"), ("МНО3,6", "inr"), ("b12 low", "vitamin b12"), ("ldl3.4", "ldl cholesterol")],
)
def test_the_catalogue_finds_a_glued_name_once(text: str, test: str) -> None:
    assert [t for _, _, t in load_catalog().find(text)] == [test]


def test_a_word_glued_to_a_number_that_names_no_test_is_none() -> None:
    assert load_catalog().find("covid19 в марте, x2 дозы") == []
