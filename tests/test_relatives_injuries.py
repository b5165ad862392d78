"""A blood relative's injury is the user's family history, as their illnesses are.

"My dad broke his hip at 80", "у бабушки был перелом шейки бедра", "我奶奶摔断过髋骨": the fracture
is `family_history` with the relative's relation, never the user's own injury; told after a question
about another illness of the family ("Anyone with osteoporosis?"), the named injury is what the
reply says, not the asked illness. A spouse's injury is nobody's fact here.

The sentences are new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import by_triple, triples, understand

# fmt: off
ROWS: list[tuple[str, str | None, tuple[str, str, str], str]] = [
    ("my dad broke his hip at 80", None, ("family_history", "hip fracture", "active"), "father"),
    ("у бабушки был перелом шейки бедра", None, ("family_history", "hip fracture", "active"), "grandmother"),
    ("我奶奶摔断过髋骨", None, ("family_history", "hip fracture", "active"), "grandmother"),
    ("сестра ломала шейку бедра", "У кого-то из родных был остеопороз?",
     ("family_history", "hip fracture", "active"), "sister"),
]

NOBODYS: list[str] = [
    "my husband broke his hip last winter",
    "我老公去年摔断过髋骨",
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "triple", "relation"), ROWS)
def test_a_relatives_injury_is_family_history(
    text: str, context: str | None, triple: tuple[str, str, str], relation: str
) -> None:
    result = understand(text, context)
    assert triples(result) == {triple}
    assert by_triple(result)[triple]["relation"] == relation


@pytest.mark.parametrize("text", NOBODYS)
def test_a_spouses_injury_is_no_fact(text: str) -> None:
    assert triples(understand(text)) == set()
