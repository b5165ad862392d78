"""A drink said with how it tastes is a taste complaint, no habit of the diet (issue 11).

"everything tastes weird, fizzy drinks taste flat", "奶茶喝起来发苦": the drink the diet names is
where the user notices the changed taste (a drug's side effect, often), so no diet fact is told;
"everything tastes weird", "всё на вкус странное", "吃什么都发苦" name the taste complaint itself.
A drink said as a habit ("fizzy drinks every day", "每天喝奶茶") stays the diet's.

Each row is (text, the exact set of (section, entity, status) the message must yield). The
sentences are new, written for this kind, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import probe_lang, triples, understand

# fmt: off
ROWS: list[tuple[str, set[tuple[str, str, str]]]] = [
    ("since the new tablets everything tastes weird, fizzy drinks taste flat", {("symptoms", "dysgeusia", "active")}),
    ("fizzy drinks every day, i know", {("lifestyle", "diet", "active")}),
    ("после таблеток всё на вкус странное, газировка на вкус как вода", {("symptoms", "dysgeusia", "active")}),
    ("吃了药以后吃什么都发苦 奶茶喝起来也发苦", {("symptoms", "dysgeusia", "active")}),
    ("每天喝奶茶", {("lifestyle", "diet", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "expected"), ROWS)
def test_drinks_said_with_their_taste(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, None, probe_lang(text))) == expected
