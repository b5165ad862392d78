"""Phlegm told beside a cough is a complaint of its own.

The labels name both (20 of 30 tuned turns that tell a cough with phlegm, and every one of the
newer batches): "咳嗽，痰多", "кашель с мокротой", "a cough bringing up green phlegm" are the cough
and the sputum production, each ending on its own.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("天一冷就咳 痰多 走两步就喘", "zh"),
        ("咳嗽，痰多", "zh"),
        ("кашель с мокротой по утрам", "ru"),
        ("chesty cough for 10 days, green phlegm", "en"),
    ],
)
def test_phlegm_and_cough_are_two_complaints(text: str, lang: str) -> None:
    got = triples(understand(text, None, lang))
    assert ("symptoms", "cough", "active") in got, got
    assert ("symptoms", "sputum production", "active") in got, got


def test_the_cough_alone_names_no_phlegm() -> None:
    assert ("symptoms", "sputum production", "active") not in triples(understand("干咳一周了", None, "zh"))
