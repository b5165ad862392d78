"""More readings as findings (issue 11, labs30): liver and inflammation markers and a slow resting
pulse named by their finding in three languages; a name glued to its value with a digit inside it
("hba1c7.2"); a slash pair right after a sex and an age is the body's size, not a pressure, unless a
pressure word or a time of day follows it."""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand


@pytest.mark.parametrize(
    ("text", "lang", "finding"),
    [
        ("ast 80, the liver doc wants a scan", "en", "elevated aspartate aminotransferase"),
        ("аст 80, алт 120", "ru", "elevated aspartate aminotransferase"),
        ("ggt 150 on my bloods", "en", "elevated gamma-glutamyl transferase"),
        ("СОЭ 40", "ru", "elevated erythrocyte sedimentation rate"),
        ("crp 35 last week", "en", "elevated c-reactive protein"),
        ("my pulse was only 48 this morning", "en", "low heart rate"),
        ("пульс 45 в покое", "ru", "low heart rate"),
        ("hba1c7.2 in march", "en", "elevated hba1c"),
    ],
)
def test_a_reading_out_of_range_is_its_finding(text: str, lang: str, finding: str) -> None:
    assert ("diagnoses", finding, "active") in triples(understand(text, None, lang))


@pytest.mark.parametrize(("text", "lang"), [("пульс 62 в покое", "ru"), ("my pulse is 70", "en")])
def test_a_normal_pulse_is_no_finding(text: str, lang: str) -> None:
    assert not any(s == "active" and e == "low heart rate" for _, e, s in triples(understand(text, None, lang)))


@pytest.mark.parametrize(
    ("text", "lang", "height", "weight"),
    [
        ("м44, 185/120", "ru", "185", "120"),
        ("男，45岁，175/80", "zh", "175", "80"),
        ("m 52, 178/95", "en", "178", "95"),
    ],
)
def test_a_slash_pair_after_sex_and_age_is_height_and_weight(text: str, lang: str, height: str, weight: str) -> None:
    values = {e["entity"]: e["value"] for e in understand(text, None, lang).events if e["section"] == "demographics"}
    assert values.get("height_cm") == height and values.get("weight_kg") == weight


@pytest.mark.parametrize(("text", "lang"), [("Ж 58, 150/90 по утрам", "ru"), ("м 45, 160/100 давление", "ru")])
def test_a_pressure_after_the_pair_is_no_height(text: str, lang: str) -> None:
    assert not any(e["entity"] in ("height_cm", "weight_kg") for e in understand(text, None, lang).events)
