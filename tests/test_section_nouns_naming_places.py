"""A section noun that names the place where the user was seen is no section (``rules.mentions._a_place``).

"went to the minor injuries unit, nothing broken", "в травме сделали снимок, перелома нет",
"在外伤门诊拍了片，没骨折": the injuries unit is where the user went, so the denial beside it denies
no injuries at all (the user is injured), only the fracture of the part hurt; the same noun as what the user had or had not ("no
injuries", "травм не было", "没受过伤") still gives the section-wide denial.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

WHOLE = ("injuries", "*", "confirmed_absent")

# fmt: off
#: the fracture ruled out is the part hurt's, a referring event (tests/test_fracture_ruled_out.py)
FRACTURE = ("injuries", "^@fracture", "confirmed_absent")
PLACES: list[Row] = [
    ("the minor injuries unit x-rayed it, nothing broken", "Did anyone look at your wrist?", {FRACTURE}),
    ("went to the injury clinic, no fracture thankfully", None, {FRACTURE}),
    ("в травме сделали снимок, перелома нет", "Рентген делали?", {FRACTURE}),
    ("из травмы отпустили, сказали ничего не сломано", None, {FRACTURE}),
    ("在外伤门诊拍了片，没骨折", "拍片子了吗？", {FRACTURE}),
]
SECTIONS: list[Row] = [
    ("no injuries", "Any injuries in the past?", {WHOLE}),
    ("травм не было", "Были ли травмы?", {WHOLE}),
    ("没受过伤", "以前受过伤吗？", {WHOLE}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), PLACES + SECTIONS)
def test_place_is_no_section(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
