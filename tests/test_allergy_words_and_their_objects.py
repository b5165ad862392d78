"""An allergy word belongs to its own object, and a reason after a ban is told.

- "дали кларитромицин, аллергия на пенициллин", "azithromycin for 3 days, allergic to penicillin":
  the allergy word after the first drug has an object of its own, so the first drug is taken, never
  an allergen; "penicillin allergy", "аспирин, аллергия" keep the drug before the word;
- "амоксициллин нельзя из-за аллергии на пенициллин", "can't have amoxicillin because of my
  penicillin allergy": a ban's scope stops at its reason, so the allergy it gives is told.

A drug wrongly filed as an allergy hides a medicine the user takes; a lost allergy can hurt. The
sentences are new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand


@pytest.mark.parametrize(
    ("text", "taken", "allergen"),
    [
        ("дали азитромицин, аллергия на пенициллин", "azithromycin", "penicillin"),
        ("azithromycin for 3 days, allergic to penicillin", "azithromycin", "penicillin"),
        ("doxycycline 100mg, allergic to the sulfa drugs", "doxycycline", "sulfonamides"),
    ],
)
def test_an_allergy_word_with_its_own_object_leaves_the_drug_before_it(text: str, taken: str, allergen: str) -> None:
    found = triples(understand(text))
    assert ("allergies", allergen, "active") in found
    assert not any(section == "allergies" and entity == taken for section, entity, _ in found)


@pytest.mark.parametrize(("text", "allergen"), [("penicillin allergy", "penicillin"), ("аспирин, аллергия", "aspirin")])
def test_an_allergy_word_alone_after_the_drug_is_its_allergy(text: str, allergen: str) -> None:
    assert ("allergies", allergen, "active") in triples(understand(text))


@pytest.mark.parametrize(
    "text",
    [
        "амоксициллин нельзя из-за аллергии на пенициллин",
        "врач сказал цефтриаксон нельзя, потому что аллергия на пенициллин",
    ],
)
def test_the_reason_after_a_ban_is_told(text: str) -> None:
    assert ("allergies", "penicillin", "active") in triples(understand(text))
