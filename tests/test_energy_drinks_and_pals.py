"""Vocabulary of two existing readings (issue 11): energy drinks by their brand are drinks that
are no alcohol, and a "подружка" or a "товарищ" is someone other than the user.

"пью монстр по банке в день", "пью ред булл": the drinking verb takes an energy drink, so no
alcohol habit is told. "пью энергетики", "drink red bull every day", "每天喝两罐红牛": a drink the
diet names (caffeine) is what the bare drinking verb drinks, no alcohol either. "подружка пьёт
роаккутан": a friend's medicine is no fact of the user's.

Each row is (text, the exact set of (section, entity, status) the message must yield). The
sentences are new, written for these kinds, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import probe_lang, triples, understand

# fmt: off
ROWS: list[tuple[str, set[tuple[str, str, str]]]] = [
    ("пью монстр по банке в день, иногда два", set()),
    ("энергетики по две банки в день", {("lifestyle", "diet", "active")}),
    ("пью энергетики каждый день", {("lifestyle", "diet", "active")}),
    ("пью пиво по выходным", {("lifestyle", "alcohol", "active")}),
    ("i drink 4 cups of coffee a day and a few beers at weekends",
     {("lifestyle", "diet", "active"), ("lifestyle", "alcohol", "active")}),
    ("drink red bull every day before work", {("lifestyle", "diet", "active")}),
    ("每天喝两罐红牛", {("lifestyle", "diet", "active")}),
    ("每天喝两瓶啤酒", {("lifestyle", "alcohol", "active")}),
    ("подружка пьёт роаккутан, ей помогло", set()),
    ("у подружки мигрень, а у меня астма", {("chronic_conditions", "asthma", "active")}),
    ("товарищ по работе сидит на лозартане", set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "expected"), ROWS)
def test_energy_drinks_and_pals(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, None, probe_lang(text))) == expected
