"""Who a clause is about when other people are in it: the people a habit is shared with, a person
told with a relative clause of what they have; a doubt word closing a habit's amount; a Chinese
time told after its noun ("手术以后") denies nothing of that section."""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

SHARED_HABITS = [
    ("beers with my mates on a friday", "Do you drink?", ("lifestyle", "alcohol", "active")),
    ("с друзьями по пятницам пиво", "Алкоголь?", ("lifestyle", "alcohol", "active")),
    ("周末跟室友喝点啤酒", None, ("lifestyle", "alcohol", "active")),
    ("和老公一起散步 每天一小时", None, ("lifestyle", "exercise", "active")),
]


@pytest.mark.parametrize(("text", "context", "fact"), SHARED_HABITS)
def test_a_habit_shared_with_others_is_the_users(text: str, context: str | None, fact: tuple[str, str, str]) -> None:
    assert fact in triples(understand(text, context))


RELATIVE_CLAUSES = [
    ("i live with my mum who has dementia", ("family_history", "dementia", "active")),
    ("живу с мамой, у которой деменция", ("family_history", "dementia", "active")),
]


@pytest.mark.parametrize(("text", "fact"), RELATIVE_CLAUSES)
def test_what_a_relative_clause_says_a_person_has_is_theirs(text: str, fact: tuple[str, str, str]) -> None:
    got = triples(understand(text))
    assert fact in got
    assert ("chronic_conditions", "dementia", "active") not in got


def test_the_users_own_clause_after_a_relatives_stays_the_users() -> None:
    got = triples(understand("I care for my husband who has parkinsons and I have asthma"))
    assert ("chronic_conditions", "asthma", "active") in got
    assert not any(entity == "parkinson's disease" and section != "family_history" for section, entity, _ in got)


@pytest.mark.parametrize(
    ("text", "context", "expected"),
    [
        ("rarely, a beer at a bbq maybe", "How about alcohol?", {("lifestyle", "alcohol", "active")}),
        ("been wheezy all week, smoke from the wildfires probably", None, {("symptoms", "wheezing", "active")}),
        ("a migraine maybe", "What do you think it is?", set()),
    ],
)
def test_a_doubt_word_closing_a_habits_amount_rounds_it(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("手术以后就不疼了", set()),
        ("吃药以后就不喝了", set()),
        ("以前周末会跟室友喝点 吃药以后就不喝了", {("lifestyle", "alcohol", "stopped")}),
    ],
)
def test_a_chinese_time_after_its_noun_denies_nothing_of_that_section(text: str, expected: set) -> None:
    assert triples(understand(text)) == expected
