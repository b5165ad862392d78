""""Nothing bothers me" denies the symptoms section: "ничего не беспокоит", "nothing's bothering
me", "没什么不舒服" read as "жалоб нет" does (a section-wide denial, which the fold lets end every
active complaint), while one complaint that no longer bothers ends only itself and a complaint
excepted from the denial stays ("кроме кашля ничего не беспокоит").

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

DENIED = ("symptoms", "*", "confirmed_absent")

# fmt: off
NOTHING_BOTHERS: list[Row] = [
    ("feeling fine, nothing bothering me today", None, {DENIED}),
    ("all good, nothing's bothering me anymore", None, {DENIED}),
    ("сегодня ничего не беспокоит", None, {DENIED}),
    ("нет, больше ничего не беспокоит", "Что-то ещё беспокоит?", {DENIED}),
    ("现在没什么不舒服了", None, {DENIED}),
]

ONE_THING_ONLY: list[Row] = [
    ("насморк больше не беспокоит", None, {("symptoms", "rhinorrhea", "resolved")}),
    ("кроме изжоги ничего не беспокоит", None, {("symptoms", "heartburn", "active")}),
    ("the rash is still bothering me", None, {("symptoms", "rash", "active")}),
    ("колено уже не беспокоит", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), NOTHING_BOTHERS + ONE_THING_ONLY)
def test_nothing_bothers_me(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    got = {t for t in triples(understand(text, context)) if t[0] == "symptoms"}
    assert got == expected
