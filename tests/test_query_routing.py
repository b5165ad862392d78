"""The read path's router: which questions need the critical sections (allergies, medications, ...)."""

from __future__ import annotations

import pytest

from anamnesis.api.routing import QueryRouter, drugs_in


@pytest.fixture(scope="module")
def router() -> QueryRouter:
    return QueryRouter()


@pytest.mark.parametrize(
    "query",
    [
        "My doctor wants to give me amoxicillin, is that fine?",  # a plan: the classifier states no fact
        "My doctor is going to give me amoxicillin, is that fine?",
        "Врач хочет назначить амоксициллин, это нормально?",
        "医生想给我开阿莫西林，可以吗？",
        "Can I take ibuprofen for a headache?",
    ],
)
def test_a_question_naming_a_drug_or_a_treatment_is_a_drug_question(router: QueryRouter, query: str) -> None:
    assert router.route(query).drug_question


@pytest.mark.parametrize("query", ["How tall should a man my age be?", "What did I say about my sleep?"])
def test_a_question_without_a_drug_is_not(router: QueryRouter, query: str) -> None:
    assert not router.route(query).drug_question


def test_drugs_in_names_each_drug_once_in_order() -> None:
    assert drugs_in("is amoxicillin ok with ibuprofen? amoxicillin again") == ["amoxicillin", "ibuprofen"]


@pytest.mark.parametrize(
    ("query", "context"),
    [
        ("Can I take amoxicillin together with my other medicines?", None),
        ("I have a headache again. What should I do?", "I'm sorry to hear that. What symptoms do you have?"),
        ("Should I get the flu vaccine this year? I'm 67 years old.", None),
        ("What should I eat with type 2 diabetes?", None),
        ("I've been feeling off since yesterday.", "How are you?"),
        ("Можно ли пить алкоголь, если я принимаю метформин?", None),
        ("У меня астма, можно ли мне заниматься спортом? Я вешу 80 кг.", "Сочувствую. Какие у вас симптомы?"),
        ("我做过阑尾切除术，现在可以跑步吗？", None),
        ("我从昨天开始就不太舒服。", "很抱歉听到这个。你有什么症状？"),
        ("What did we talk about last time?", None),
    ],
)
def test_the_routers_sections_are_the_rules_backends(router: QueryRouter, query: str, context: str | None) -> None:
    from datetime import UTC, datetime

    from anamnesis.understanding.rules import RulesBackend
    from schemas.events import Fragment

    fragment = Fragment("q", "q", "q", datetime.now(UTC), query, context)
    expected = list(dict.fromkeys(next(iter(RulesBackend().understand([fragment]))).sections))
    turns = [("assistant", context)] if context else []
    assert router.route(query, turns).sections == expected
