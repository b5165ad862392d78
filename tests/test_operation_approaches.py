"""Operations said in plain words, their approach, and the cancer treatments the labels file with them.

- an approach ("laparoscopy", "arthroscopy", "лапароскопия", "腹腔镜") said in the sentence of the
  operation done through it is that operation, not a second one (``approaches.without_approaches``);
  alone, or in a sentence of its own, it stays an operation;
- chemotherapy and radiotherapy ("chemo", "химию", "облучение", "化疗", "放疗") are ``surgeries`` facts,
  as the labels file them; "лучевая кость" (the radius) is no radiotherapy; a relative's stays theirs.

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
    ("finished chemo in may and radiotherapy in june", {("surgeries", "chemotherapy", H), ("surgeries", "radiotherapy", H)}),
    ("после операции была химиотерапия и лучевая терапия",
     {("surgeries", "chemotherapy", H), ("surgeries", "radiotherapy", H)}),
    ("手术以后做了六次化疗 没做放疗", {("surgeries", "chemotherapy", H), ("surgeries", "radiotherapy", "confirmed_absent")}),
    ("в детстве сломал лучевую кость", set()),
    ("my sister is having chemo right now", set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "expected"), ROWS)
def test_operations_in_plain_words(text: str, expected: set[tuple[str, str, str]]) -> None:
    found = {(e["section"], e["entity"], e["status"]) for e in understand(text).events if e["section"] == "surgeries"}
    assert found == expected
