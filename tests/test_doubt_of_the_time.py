"""A doubt of only the time doubts no fact (``segment._only_approximate``, ``_OF_THE_TIME``).

"had one, not sure when" says the user had it and only forgets when; "maybe a migraine" or "не
помню, был ли гепатит" still doubt the thing itself. The sentences are new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

Triple = tuple[str, str, str]

# fmt: off
ROWS: list[tuple[str, str | None, set[Triple], set[Triple]]] = [
    ("I did have one, not sure when", "When was your last tetanus shot?",
     {("vaccinations", "tetanus vaccine", "historical")}, set()),
    ("had one years ago, can't remember the year", "Have you had a tetanus jab?",
     {("vaccinations", "tetanus vaccine", "historical")}, set()),
    ("打过，不记得什么时候了", "破伤风疫苗打过吗？", {("vaccinations", "tetanus vaccine", "historical")}, set()),
    ("у меня гастрит, не помню когда поставили", None, {("diagnoses", "gastritis", "active")}, set()),
    # a doubt of the thing itself stays a doubt
    ("maybe a migraine, not sure", None, set(), {("symptoms", "migraine", "active")}),
    ("не помню, был ли у меня гепатит", None, set(), {("diagnoses", "hepatitis", "active")}),
    ("不记得是不是哮喘", None, set(), {("chronic_conditions", "asthma", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "wanted", "unwanted"), ROWS)
def test_a_doubt_of_the_time_only(text: str, context: str | None, wanted: set[Triple], unwanted: set[Triple]) -> None:
    found = triples(understand(text, context))
    assert wanted <= found, f"{text!r}: {found}"
    assert not unwanted & found, f"{text!r}: {found}"
