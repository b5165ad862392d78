"""Russian "бухаю" is slang for drinking and for coughing hard (issue 11): beside a cough, a chest
illness or a cough medicine in the same message it is the cough (``data/senses.tsv``); alone it
stays the drinking habit. The kind exists only in Russian.

Each row is (text, the exact set of (section, entity, status) the message must yield). The
sentences are new, written for this kind, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

# fmt: off
ROWS: list[tuple[str, set[tuple[str, str, str]]]] = [
    ("кашель вторую неделю, бухаю так что рёбра болят",
     {("symptoms", "cough", "active"), ("symptoms", "rib pain", "active")}),
    ("бронхит, ночью бухаю без остановки", {("diagnoses", "bronchitis", "active"), ("symptoms", "cough", "active")}),
    ("бухаю по выходным, курю пачку в день", {("lifestyle", "alcohol", "active"), ("lifestyle", "smoking", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "expected"), ROWS)
def test_slang_cough_beside_a_cough(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, None, "ru")) == expected
