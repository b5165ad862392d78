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
