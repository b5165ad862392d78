"""A drug the user says they took, in a reply to an allergy question, is taken, not an allergen.

"Аллергии есть?" — "аллергии нет. выпил нурофен утром": "выпил" is a taking verb as "took" and
"吃了" are, so the drug is a medicine and the denial of allergies stands; a drug named with a
reaction ("на кеторол сыпь была") still answers the allergy question.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples as triples_of
from tests.test_rules_backend import understand


def triples(text: str, context: str) -> set[tuple[str, str, str]]:
    return triples_of(understand(text, context))


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
