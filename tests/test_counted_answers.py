"""A count of times answers a question about a complaint or an attack (rules.bare_answers).

"Have you had any panic attacks?" — "a couple this month yeah"; "Any headaches lately?" — "twice
last week"; "Any hypos?" — "once": the count says the asked thing happened, as "a few" and an
amount per period ("2-3 times a week", "пару раз", "两次") already did. A count names nothing of
its own, so a question about another person keeps the count theirs, and one that asks how many of
something ("How many tablets do you take?") is no complaint at all.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

COUNTED: list[tuple[str, str, tuple[str, str, str]]] = [
    ("twice last week", "Any headaches lately?", ("symptoms", "headache", "active")),
    ("a couple this month yeah", "That must be hard. Have you had any panic attacks?",
     ("symptoms", "panic attack", "active")),
    ("yeah twice last week", "Any chest pain?", ("symptoms", "chest pain", "active")),
    ("once", "Have you had any hypos since?", ("symptoms", "hypoglycemia", "active")),
    ("a few times this month", "Any nosebleeds?", ("symptoms", "epistaxis", "active")),
    ("пару раз было", "Приступы удушья бывают?", ("symptoms", "shortness of breath", "active")),
    ("两次", "最近有没有头晕？", ("symptoms", "dizziness", "active")),
]


@pytest.mark.parametrize(("text", "context", "fact"), COUNTED)
def test_a_count_answers_the_asked_complaint(text: str, context: str, fact: tuple[str, str, str]) -> None:
    assert fact in triples(understand(text, context))


NOT_THE_USERS: list[tuple[str, str]] = [
    ("a couple this month yeah", "Did your sister have any migraines?"),
    ("twice", "How many tablets do you take?"),
]


@pytest.mark.parametrize(("text", "context"), NOT_THE_USERS)
def test_a_count_makes_up_nothing_of_the_users(text: str, context: str) -> None:
    own = ("symptoms", "chronic_conditions", "medications")
    assert not [t for t in triples(understand(text, context)) if t[0] in own]
