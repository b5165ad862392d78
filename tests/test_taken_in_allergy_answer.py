"""A drug the user says they took, in a reply to an allergy question, is taken, not an allergen.

"Аллергии есть?" — "аллергии нет. выпил нурофен утром": "выпил" is a taking verb as "took" and
"吃了" are, so the drug is a medicine and the denial of allergies stands; a drug named with a
reaction ("на кеторол сыпь была") still answers the allergy question.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from anamnesis.understanding.rules import RulesBackend
from schemas.events import Fragment

BACKEND = RulesBackend()
TS = datetime(2026, 3, 1, tzinfo=UTC)


def triples(text: str, context: str) -> set[tuple[str, str, str]]:
    (result,) = BACKEND.understand([Fragment("f-1", "u-1", "m-1", TS, text, context, None)])
    return {(e["section"], e["entity"], e["status"]) for e in result.events}


@pytest.mark.parametrize(
    ("context", "reply"),
    [
        ("Аллергия на что-нибудь есть?", "аллергии нет. выпила нурофен утром"),
        ("Any allergies?", "no allergies. took some ibuprofen this morning"),
        ("有过敏吗？", "没有过敏。早上吃了布洛芬"),
    ],
)
def test_a_drug_taken_after_the_denial_is_a_medicine(context: str, reply: str) -> None:
    assert triples(reply, context) == {
        ("allergies", "*", "confirmed_absent"),
        ("medications", "ibuprofen", "active"),
    }


def test_a_drug_named_with_a_reaction_is_still_the_allergy() -> None:
    assert ("allergies", "ibuprofen", "active") in triples("на нурофен сыпь была", "Аллергия на что-нибудь есть?")
