"""A compact profile's height and weight after its sex and age: "男，23，183，75kg", "f 30, 165cm 60kg".

Forms list a height (140–210 cm, or metres "1.82") then a weight (kg, or 斤, half a kilo) right after
the sex-age pair; a comma before three digits opens that next item, never a decimal of the age. A
slash pair or a pressure told after the numbers ("М 58, 150/90", "160 на 100 давление") gives no
height; a sex-age pair may follow a measure ("вес 95 кг мужчина 54 года").

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import understand


def _demographics(text: str) -> dict[str, str]:
    return {e["entity"]: e["value"] for e in understand(text).events if e["section"] == "demographics"}


# fmt: off
CASES: list[tuple[str, dict[str, str]]] = [
    ("女，31，162，110斤，最近老失眠", {"sex": "female", "age": "31", "height_cm": "162", "weight_kg": "55"}),
    ("m 44, 1.79, 88", {"sex": "male", "age": "44", "height_cm": "179", "weight_kg": "88"}),
    ("F 27, 170cm 58kg, asthma", {"sex": "female", "age": "27", "height_cm": "170", "weight_kg": "58"}),
    ("рост 1,65 вес 70 кг женщина 49 лет", {"sex": "female", "age": "49", "height_cm": "165", "weight_kg": "70"}),
    ("М 61, 150/90 по утрам", {"sex": "male", "age": "61"}),
    ("64 y/o male, 210 lbs", {"sex": "male", "age": "64", "weight_kg": "95"}),
    ("ж 52, 170 на 100 давление утром", {"sex": "female", "age": "52"}),
]
# fmt: on


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_profile_sizes(text: str, expected: dict[str, str]) -> None:
    assert _demographics(text) == expected
