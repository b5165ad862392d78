"""Findings the labels file under ``diagnoses`` (an episode or a state), not ``chronic_conditions``.

The dev README's settled convention: the menopause (the perimenopause too, one concept as the blind
kit's conventions say) is a ``diagnoses`` finding; a deviated nasal septum is a finding too, named so
in every language.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import probe_lang, triples, understand

CASES = [
    ("my gynae says I'm postmenopausal now", {("diagnoses", "menopause", "active")}),
    ("врач сказала, что у меня менопауза", {("diagnoses", "menopause", "active")}),
    ("医生说我已经绝经了", {("diagnoses", "menopause", "active")}),
    ("blood tests say I'm perimenopausal", {("diagnoses", "menopause", "active")}),
    ("по анализам перименопауза", {("diagnoses", "menopause", "active")}),
    # Chinese labels name 围绝经期 the menopause (the validation batch blind20 does)
    ("查了激素 说我是围绝经期", {("diagnoses", "menopause", "active")}),
    ("the ENT found a crooked septum", {("diagnoses", "deviated nasal septum", "active")}),
    ("лор нашел искривление перегородки", {("diagnoses", "deviated nasal septum", "active")}),
    ("耳鼻喉科说我鼻中隔偏曲", {("diagnoses", "deviated nasal septum", "active")}),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_episode_kinds(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, None, probe_lang(text))) == expected


def test_the_menopause_is_no_chronic_condition() -> None:
    assert not any(s == "chronic_conditions" for s, _, _ in triples(understand("климакс уже пять лет", None, "ru")))
