"""Switches: which drugs a switch ends, in English, Russian and Chinese.

A switch to two new drugs joined by "and" ends neither of them ("сменил на эриус и назонекс"), and
a drug told in an earlier phrase of the sentence ("конкор снизили до 2,5, аторис поменял на роксеру")
is not the drug switched from.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        (
            "zyrtec stopped working so they switched me to desloratadine and mometasone spray",
            "en",
            {("medications", "desloratadine", "active"), ("medications", "mometasone", "active")},
        ),
        (
            "зиртек не тянет, сменил на эриус и назонекс в нос",
            "ru",
            {("medications", "desloratadine", "active"), ("medications", "mometasone", "active")},
        ),
        (
            "开瑞坦不管用 换成了地氯雷他定和内舒拿",
            "zh",
            {("medications", "desloratadine", "active"), ("medications", "mometasone", "active")},
        ),
        (
            "перевели с аспирина и варфарина на эликвис",
            "ru",
            {
                ("medications", "aspirin", "stopped"),
                ("medications", "warfarin", "stopped"),
                ("medications", "apixaban", "active"),
            },
        ),
    ],
)
def test_drugs_joined_by_and_share_their_side_of_a_switch(text: str, lang: str, expected: set) -> None:
    assert expected <= triples(understand(text, None, lang))


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        (
            "the cardiologist cut the bisoprolol to 2.5, and swapped the atorvastatin for rosuvastatin 10",
            "en",
            {
                ("medications", "bisoprolol", "active"),
                ("medications", "atorvastatin", "stopped"),
                ("medications", "rosuvastatin", "active"),
            },
        ),
        (
            "конкор снизили до 2,5, аторис поменял на роксеру 10 мг",
            "ru",
            {
                ("medications", "bisoprolol", "active"),
                ("medications", "atorvastatin", "stopped"),
                ("medications", "rosuvastatin", "active"),
            },
        ),
        (
            "心内科把比索洛尔减到2.5mg，阿托伐他汀换成了瑞舒伐他汀",
            "zh",
            {
                ("medications", "bisoprolol", "active"),
                ("medications", "atorvastatin", "stopped"),
                ("medications", "rosuvastatin", "active"),
            },
        ),
    ],
)
def test_a_drug_in_an_earlier_phrase_is_not_the_old_drug_of_a_switch(text: str, lang: str, expected: set) -> None:
    assert triples(understand(text, None, lang)) == expected

