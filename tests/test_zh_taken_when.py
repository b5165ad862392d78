"""A complaint that only says when a medicine is taken is no complaint told (``rules.zh_taken_when``).

"憋起来就喷沙丁胺醇", "疼了就吃一片" tell how the user takes the medicine, as "I use my inhaler when I
get wheezy" and "при болях пью нурофен" do; a taking told as done ("头疼，就吃了一片") leaves the
complaint, and so does a complaint told apart from the medicine.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
CONDITION_OF_A_MEDICINE: list[Row] = [
    ("偏头痛好多年了，疼起来就吃佐米格", None, set()),
    ("胃疼了就吃一片奥美拉唑", None, set()),
    ("咳得厉害就喝点止咳糖浆", None, set()),
    ("I take paracetamol when I get a headache", None, set()),
    ("при головной боли пью парацетамол", None, set()),
]

THE_COMPLAINT_STANDS: list[Row] = [
    ("昨天头疼，就吃了一片布洛芬", None, {("symptoms", "headache", "active")}),
    ("这两天胃疼，一直在吃奥美拉唑", None, {("symptoms", "epigastric pain", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CONDITION_OF_A_MEDICINE + THE_COMPLAINT_STANDS)
def test_zh_taken_when(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    got = {t for t in triples(understand(text, context)) if t[0] == "symptoms"}
    assert got == expected
