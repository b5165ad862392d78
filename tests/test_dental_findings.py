"""Dental findings in plain words.

A dry socket is alveolar osteitis; an inflamed wisdom tooth (智齿发炎) is pericoronitis.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import probe_lang, triples, understand


@pytest.mark.parametrize(
    ("text", "entity"),
    [
        ("the dentist thinks it's a dry socket", "alveolar osteitis"),
        ("стоматолог говорит, что это альвеолит", "alveolar osteitis"),
        ("医生说是干槽症", "alveolar osteitis"),
        ("got a wisdom tooth infection, face swollen", "pericoronitis"),
        ("у меня перикоронит, десна над зубом мудрости опухла", "pericoronitis"),
        ("右边智齿又发炎了", "pericoronitis"),
    ],
)
def test_dental_findings(text: str, entity: str) -> None:
    assert ("diagnoses", entity, "active") in triples(understand(text, None, probe_lang(text)))
