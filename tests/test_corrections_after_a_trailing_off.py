"""A trailing-off and a "no" that take back the word before it: the later word wins.

"metformin... no, sitagliptin", "нафтизин... не, називин", "氨氯地平 哦不是 是硝苯地平": the first name
was a slip, the second is the one the user takes; the first is neither taken nor denied
(``discourse._REPAIR``). A "no" after a trailing-off with no comma denies what follows ("headache...
no fever"), and one followed by no name or number corrects nothing ("ибупрофен... не, не помогает").
The sentences are new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

Triple = tuple[str, str, str]

CORRECTED: list[tuple[str, set[Triple]]] = [
    ("on ramipril... no, lisinopril 10mg", {("medications", "lisinopril", "active")}),
    ("taking omeprazole.. nope, lansoprazole every morning", {("medications", "lansoprazole", "active")}),
    ("пью эналаприл... нет, лизиноприл по утрам", {("medications", "lisinopril", "active")}),
    ("капаю нафтизин, не, називин", {("medications", "oxymetazoline", "active")}),
    ("在吃奥美拉唑 哦不是 是兰索拉唑", {("medications", "lansoprazole", "active")}),
    ("降压药是氨氯地平 不是不是 是硝苯地平", {("medications", "nifedipine", "active")}),
]

NOT_CORRECTED: list[tuple[str, set[Triple]]] = [
    ("headache... no fever though", {("symptoms", "headache", "active"), ("symptoms", "fever", "confirmed_absent")}),
    ("ибупрофен... не, не помогает", {("medications", "ibuprofen", "active")}),
]


@pytest.mark.parametrize(("text", "expected"), CORRECTED)
def test_the_later_name_wins(text: str, expected: set[Triple]) -> None:
    got = {t for t in triples(understand(text)) if t[0] == "medications"}
    assert got == expected


@pytest.mark.parametrize(("text", "expected"), NOT_CORRECTED)
def test_a_no_without_a_correction_is_read_as_before(text: str, expected: set[Triple]) -> None:
    assert triples(understand(text)) == expected
