"""The eye's pressure is a reading of its own: intraocular pressure (measurements ``tests.tsv``).

- a reading above its range (21 mmHg) or judged high ("eye pressure is raised, 25", "глазное
  давление 27", "眼压有点高", a bare "眼压高") is the finding ``elevated intraocular pressure``
  (``findings.tsv``), never hypertension and never glaucoma by itself (high pressure in the eye is
  not yet glaucoma: the words left the glaucoma row);
- a reading in range ("back to 16", "теперь 15", "都16 正常了") ends that finding (a ``^`` event
  the fold drops when the user holds none);
- the blood's pressure stays hypertension ("my blood pressure is high", "давление высокое", "血压高").

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

_HIGH = ("diagnoses", "elevated intraocular pressure", "active")
_ENDED = ("diagnoses", "^elevated intraocular pressure", "resolved")

# fmt: off
ROWS: list[Row] = [
    ("the optician said my eye pressure is raised, 25 in the right", None, {_HIGH}),
    ("my eye pressure was up so they started me on latanoprost", None,
     {_HIGH, ("medications", "latanoprost", "active")}),
    ("eye pressures back to 16 now", None, {_ENDED}),
    ("у меня глазное давление 27, окулист сказал высокое", None, {_HIGH}),
    ("окулист сказал, что давление глазное повышено", None, {_HIGH}),
    ("внутриглазное давление теперь 15", None, {_ENDED}),
    ("眼压有点高 左眼23", None, {_HIGH}),
    ("眼压高 医生让每天滴药", None, {_HIGH}),
    ("复查眼压 两只眼都16 正常了", None, {_ENDED}),
    # the blood's pressure is another thing
    ("my blood pressure is high", None, {("chronic_conditions", "hypertension", "active")}),
    ("давление высокое", None, {("chronic_conditions", "hypertension", "active")}),
    ("血压高", None, {("chronic_conditions", "hypertension", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_the_eye_pressure_is_its_own_reading(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected
