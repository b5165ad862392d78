"""In the answer to a question about allergies, what the sentence of an allergy tells the user felt
is that allergy's reaction, not a complaint they have now ("有药物过敏吗？" — "头孢 吃了就头晕恶心").

A complaint told in another sentence of the answer stays a complaint, and so does one told with no
allergy question asked (where only the reactions the vocabulary marks belong to the allergy).

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
REACTION: list[Row] = [
    ("сульфаниламиды, от них голова кружилась и тошнило", "Есть аллергия на лекарства?",
     {("allergies", "sulfonamides", "active")}),
    ("头孢 吃了心慌手抖", "有药物过敏吗？", {("allergies", "cephalosporins", "active")}),
    ("allergic to codeine, it made me dizzy and sick", "Any allergies to medicines?",
     {("allergies", "codeine", "active")}),
]

STILL_A_COMPLAINT: list[Row] = [
    ("codeine. I do have a cough at the moment though.", "Any allergies?",
     {("allergies", "codeine", "active"), ("symptoms", "cough", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), REACTION + STILL_A_COMPLAINT)
def test_reaction_in_allergy_answer(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    got = {t for t in triples(understand(text, context)) if t[0] in ("symptoms", "allergies")}
    assert got == expected
