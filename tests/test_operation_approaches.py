"""An operation's approach is no second operation.

- an approach ("laparoscopy", "arthroscopy", "лапароскопия", "腹腔镜") said in the sentence of the
  operation done through it is that operation, not a second one (``approaches.without_approaches``);
  alone, or in a sentence of its own, it stays an operation.

Rows are (message, the exact set of ``surgeries`` triples). The sentences are new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import understand

H = "historical"

# fmt: off
ROWS: list[tuple[str, set[tuple[str, str, str]]]] = [
    ("they did it by laparoscopy and took the gallbladder out", {("surgeries", "cholecystectomy", H)}),
    ("лапароскопически удалили аппендикс в прошлом году", {("surgeries", "appendectomy", H)}),
    ("去年做的腹腔镜 阑尾切了", {("surgeries", "appendectomy", H)}),
    ("had a laparoscopy in 2019. gallbladder out in 2021",
     {("surgeries", "laparoscopy", H), ("surgeries", "cholecystectomy", H)}),
    ("делали лапароскопию, искали эндометриоз", {("surgeries", "laparoscopy", H)}),
]
# fmt: on


@pytest.mark.parametrize(("text", "expected"), ROWS)
def test_an_approach_is_no_second_operation(text: str, expected: set[tuple[str, str, str]]) -> None:
    found = {(e["section"], e["entity"], e["status"]) for e in understand(text).events if e["section"] == "surgeries"}
    assert found == expected
