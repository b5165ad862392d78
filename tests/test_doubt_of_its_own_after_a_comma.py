"""A doubt after a comma about something else, or a fear, leaves the statement before it standing (issue 11).

"у сестры тоже гипотиреоз, про маму не знаю", "у мамы рак груди нашли, боюсь", "кашель неделю,
боюсь пневмонии": the doubt names its own topic or only the user's fear, so the relative's illness
or the user's complaint before the comma is told, not hedged. A hedge of what it follows ("у меня
гастрит, кажется") or one inside it ("у меня, боюсь, язва") still hedges. English and Chinese cut
such a doubt already; their rows pin that.

Each row is (text, the exact set of (section, entity, status) the message must yield). The
sentences are new, written for this kind, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import probe_lang, triples, understand

# fmt: off
ROWS: list[tuple[str, set[tuple[str, str, str]]]] = [
    ("у брата тоже подагра, насчёт отца не уверен", {("family_history", "gout", "active")}),
    ("у бабушки нашли рак кишечника, боюсь", {("family_history", "colorectal cancer", "active")}),
    ("кашель неделю, боюсь пневмонии", {("symptoms", "cough", "active")}),
    ("у меня гастрит, кажется", set()),
    ("у меня, боюсь, язва", set()),
    ("my brother has gout too, not sure about my dad", {("family_history", "gout", "active")}),
    ("我哥也有痛风，我爸不清楚", {("family_history", "gout", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "expected"), ROWS)
def test_doubt_of_its_own_after_a_comma(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, None, probe_lang(text))) == expected
