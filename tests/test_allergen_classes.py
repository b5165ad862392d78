"""A food named as the one a class allergy showed on adds no allergy of its own (data/allergen_classes.tsv).

"海鲜过敏，吃虾会起疙瘩": the allergy is to seafood, the shrimp is where it showed. A food of no
stated class stays, and a member the user denies beside the class is kept as the user said it.
"""

import pytest

from tests.test_rules_backend import triples, understand


@pytest.mark.parametrize(
    ("text", "context", "kept", "dropped"),
    [
        ("I'm allergic to seafood, prawns make my lips swell", "Any allergies?", "seafood", "shrimp"),
        ("allergic to shellfish, ate prawns once and my face swelled", "Any allergies?", "shellfish", "shrimp"),
        ("на лидокаин вроде. и на морепродукты, креветки", "Аллергии есть?", "seafood", "shrimp"),
        ("аллергия на морепродукты, от креветок обсыпает", "Аллергии есть?", "seafood", "shrimp"),
        ("对了我对海鲜过敏，吃虾会起疙瘩", "还有其他问题吗？", "seafood", "shrimp"),
        ("海鲜过敏，吃鱿鱼会起疹子", "有过敏吗？", "seafood", "squid"),
    ],
)
def test_a_member_told_with_its_class_is_no_allergy_of_its_own(text, context, kept, dropped):
    got = triples(understand(text, context))
    assert ("allergies", kept, "active") in got
    assert not any(s == "allergies" and e == dropped for s, e, _ in got)


@pytest.mark.parametrize(
    ("text", "context", "wanted"),
    [
        ("allergic to seafood and peanuts", "Any allergies?", {"seafood", "peanuts"}),
        ("аллергия на морепродукты и на арахис", "Аллергии есть?", {"seafood", "peanuts"}),
        ("海鲜和花生都过敏", "有过敏吗？", {"seafood", "peanuts"}),
        ("I'm allergic to prawns", "Any allergies?", {"shrimp"}),
        ("аллергия на креветки", "Аллергии есть?", {"shrimp"}),
        ("对虾过敏", "有过敏吗？", {"shrimp"}),
    ],
)
def test_a_food_of_no_stated_class_stays(text, context, wanted):
    got = triples(understand(text, context))
    assert {e for s, e, st in got if s == "allergies" and st == "active"} >= wanted
