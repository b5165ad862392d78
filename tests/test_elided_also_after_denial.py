""""<term> тоже" after a clause that denied or ended a thing takes that clause's elided predicate.

"болей нет, изжоги тоже": the second clause is cut at the comma and denies heartburn even when the
first clause's name was read as no fact (a bare "боли", "приступов"); "приступов уже месяц нет,
изжоги тоже" and "кашель прошёл, насморк тоже" tell an ending, which the second clause borrows too.
"тоже есть" has a predicate of its own. English and Chinese say the denial again ("either", "也没有").
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import understand


def statuses(text: str) -> dict[str, str]:
    result = understand(text)
    return {e["entity"]: e["status"] for e in result.events if e["section"] == "symptoms"}


@pytest.mark.parametrize(
    "text",
    ["болей нет, изжоги тоже", "no pain, no heartburn either", "不疼了，烧心也没有"],
)
def test_denial_reaches_the_term_after_also(text: str) -> None:
    assert statuses(text).get("heartburn") == "confirmed_absent"


def test_an_ending_before_is_borrowed_as_an_ending() -> None:
    assert statuses("приступов уже месяц нет, изжоги тоже")["heartburn"] == "resolved"
    assert statuses("кашель прошёл, насморк тоже") == {"cough": "resolved", "rhinorrhea": "resolved"}


def test_also_with_a_predicate_of_its_own_keeps_it() -> None:
    assert statuses("кашель прошёл, насморк тоже есть")["rhinorrhea"] == "active"


def test_also_after_a_present_complaint_is_present() -> None:
    assert statuses("голова болит, тошнота тоже") == {"headache": "active", "nausea": "active"}
