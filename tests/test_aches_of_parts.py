"""Aching said of a body part, and a cutting pain on peeing told over.

- a bare word of aching ("achy", "aching") said of a body part in its clause is that part's pain
  ("joints achy in the mornings": joint pain; "my hip is achy": hip pain), as "ache" and "hurts" are;
  alone it stays aching all over (muscle pain). Russian and Chinese aching words ("ноют", "ломит",
  "酸痛") already compose with the part (``mentions._BARE_ACHES``);
- "резь прошла", "больше не режет" end a dysuria the user has, as "no more burning" and "жжение
  прошло" do (back_to_normal.tsv); said of a relative they end nothing.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, folded, triples, understand

# fmt: off
ACHES: list[Row] = [
    ("joints achy every morning since the new tablets", None, {("symptoms", "joint pain", "active")}),
    ("my hip is achy at night", None, {("symptoms", "hip pain", "active")}),
    ("feeling achy and shivery", None, {("symptoms", "muscle pain", "active"), ("symptoms", "chills", "active")}),
    ("суставы ноют по утрам", None, {("symptoms", "joint pain", "active")}),
    ("早上关节酸痛", None, {("symptoms", "joint pain", "active")}),
    ("my dad has achy knees", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ACHES)
def test_aches_of_parts(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(
    ("first", "later"),
    [
        ("больно писать, режет при мочеиспускании", "резь прошла, антибиотик допила"),
        ("режет при мочеиспускании уже второй день", "больше не режет"),
        ("burning when i pee since monday", "no more burning"),
        ("尿尿的时候疼", "尿尿不疼了"),
    ],
)
def test_dysuria_told_over(first: str, later: str) -> None:
    assert folded((first, None), (later, None)).get(("symptoms", "dysuria")) == "resolved"


def test_relatives_cutting_pain_ends_nothing() -> None:
    facts = folded(("режет при мочеиспускании", None), ("у дочки резь прошла", None))
    assert facts.get(("symptoms", "dysuria")) == "active"
