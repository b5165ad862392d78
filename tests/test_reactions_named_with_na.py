"""Russian "на X" beside a reaction names what the body reacted to: an allergy to X; a rash stays one.

"на цефазолин крапивница была", "у дочки нет, а у меня на ампициллин сыпь высыпала": no allergy
word, but "на" and the reaction say it. A switch told later in the sentence makes a reaction a
side effect ("от X одышка, врач заменил на Y"), in every language. The sentences are new.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand


@pytest.mark.parametrize(
    ("text", "allergen"),
    [
        ("на цефазолин крапивница была пару лет назад", "cefazolin"),
        ("у меня самой на ампициллин сыпь была", "ampicillin"),
    ],
)
def test_na_beside_a_reaction_is_an_allergy(text: str, allergen: str) -> None:
    assert ("allergies", allergen, "active") in triples(understand(text))


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("от тикагрелора одышка, кардиолог заменил на клопидогрел", "ticagrelor"),
        ("the ramipril gave me a cough, gp switched me to losartan", "ramipril"),
    ],
)
def test_a_reaction_the_doctor_switched_for_is_a_side_effect(text: str, drug: str) -> None:
    found = triples(understand(text))
    assert not any(section == "allergies" for section, _, _ in found)
    assert ("medications", drug, "stopped") in found


def test_na_after_a_switch_verb_is_the_new_medicine() -> None:
    found = triples(understand("перевели на цефазолин, сыпь прошла"))
    assert ("medications", "cefazolin", "active") in found
    assert not any(section == "allergies" for section, _, _ in found)


@pytest.mark.parametrize(
    ("text", "allergen"),
    [
        ("broke out in hives from the cefalexin so i stopped it, gp gave me doxy instead", "cefalexin"),
        ("got an itchy rash all over from the cefalexin so stopped it", "cefalexin"),
        ("от цефазолина крапивница пошла, врач заменил на азитромицин", "cefazolin"),
    ],
)
def test_a_rash_stays_an_allergy_where_the_medicine_was_stopped_for_it(text: str, allergen: str) -> None:
    assert ("allergies", allergen, "active") in triples(understand(text))
