"""An allergen named beside an allergic condition, the allergist or a word of what sets a complaint
off is an allergy, and the kind of allergen it names wins over the condition's generic one.

- "поллиноз на берёзу", "hay fever, mostly grass": the condition says what an allergy word would;
  the birch or grass pollen named is the allergy, not hay fever's generic "pollen"
  (``allergic_setting.named_kind``);
- "the allergist said dust mites", "аллерголог сказал на кошек", "过敏科医生说是尘螨": what the
  allergist found is an allergy; what the allergist prescribed is a medicine;
- "cats set me off", "пыль провоцирует приступ", "尘螨会诱发哮喘": an allergen that sets the complaint
  off is an allergy.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

# fmt: off
ALLERGIES: list[tuple[str, set[tuple[str, str, str]]]] = [
    ("у меня сезонный поллиноз на берёзу", {("allergies", "birch pollen", "active")}),
    ("hay fever every june, grass pollen mostly", {("allergies", "grass pollen", "active")}),
    ("花粉症 对桦树花粉", {("allergies", "birch pollen", "active")}),
    ("the allergist said dust mites and cats", {("allergies", "house dust mite", "active"),
                                                ("allergies", "cat dander", "active")}),
    ("аллерголог сказала на кошек и пылевых клещей", {("allergies", "cat dander", "active"),
                                                      ("allergies", "house dust mite", "active")}),
    ("过敏科医生说是尘螨", {("allergies", "house dust mite", "active")}),
    ("dogs set me off every time", {("allergies", "dog dander", "active")}),
    ("шерсть кошек провоцирует приступы", {("allergies", "cat dander", "active")}),
    ("尘螨会诱发我的鼻炎", {("allergies", "house dust mite", "active")}),
]

# the generic allergen and medicines stay what they were
NOT_AN_ALLERGY: list[tuple[str, set[tuple[str, str, str]]]] = [
    ("у меня поллиноз", {("allergies", "pollen", "active")}),
    ("the allergist started me on fexofenadine", set()),
    ("аллерголог назначил цетиризин", set()),
    ("过敏科医生开了氯雷他定", set()),
    # a class of medicines the allergist rules out: no allergy is stated
    ("аллерголог сказал никаких НПВС пока", set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "expected"), ALLERGIES)
def test_allergen_in_an_allergic_setting_is_an_allergy(text: str, expected: set) -> None:
    assert {t for t in triples(understand(text)) if t[0] == "allergies"} == expected


@pytest.mark.parametrize(("text", "expected"), NOT_AN_ALLERGY)
def test_no_other_allergy_is_made(text: str, expected: set) -> None:
    assert {t for t in triples(understand(text)) if t[0] == "allergies"} == expected
