"""A medicine the user took without trouble, said in answer to a question about allergies, is no allergy.

"Any allergies to antibiotics?" — "took co-amoxiclav last year, no problem", "цефазолин кололи, всё
хорошо", "头孢以前吃过 没问题" (``tolerated.tolerated``): the drug is read as a medicine, not as an
allergy. A reaction or an allergy word between the drug and the words of no trouble keeps the allergy.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

# fmt: off
TOLERATED: list[tuple[str, str]] = [
    ("had clarithromycin last winter, no problems", "Any allergies to antibiotics?"),
    ("цефазолин кололи перед операцией, всё хорошо", "Есть аллергия на лекарства?"),
    ("左氧氟沙星以前用过 没问题", "有没有药物过敏？"),
]

STILL_ALLERGIC: list[tuple[str, str, str]] = [
    ("doxycycline gave me hives, everything else was fine", "Any allergies?", "doxycycline"),
    ("на кларитромицин сыпь была, остальное нормально", "Есть аллергия на лекарства?", "clarithromycin"),
    ("阿奇霉素 吃了起疹子 别的都没事", "有没有药物过敏？", "azithromycin"),
]
# said without a word of taking, the words of no trouble deny the allergy as before
DENIED: list[tuple[str, str, str]] = [
    ("磺胺过敏 红霉素没事", "有没有药物过敏？", "erythromycin"),
]
# fmt: on


@pytest.mark.parametrize(("text", "context"), TOLERATED)
def test_a_tolerated_medicine_is_no_allergy(text: str, context: str) -> None:
    got = triples(understand(text, context))
    assert not {t for t in got if t[0] == "allergies"}
    assert {t[0] for t in got} == {"medications"}


@pytest.mark.parametrize(("text", "context", "drug"), STILL_ALLERGIC)
def test_a_reaction_before_the_words_of_no_trouble_keeps_the_allergy(text: str, context: str, drug: str) -> None:
    assert ("allergies", drug, "active") in triples(understand(text, context))


@pytest.mark.parametrize(("text", "context", "drug"), DENIED)
def test_no_trouble_without_taking_denies_the_allergy(text: str, context: str, drug: str) -> None:
    assert ("allergies", drug, "confirmed_absent") in triples(understand(text, context))
