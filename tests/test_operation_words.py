"""Operations told in plain words: a meniscus stitched is its repair.

The arthroscopy it went through is no second operation (rules.approaches).
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import probe_lang, triples, understand

REPAIR = {("surgeries", "meniscus repair", "historical")}


@pytest.mark.parametrize(
    "text",
    [
        "they stitched the meniscus last spring",
        "в 2015 зашивали мениск, через артроскопию",
        "前年做了关节镜 把半月板缝上了",
    ],
)
def test_meniscus_stitched_is_its_repair(text: str) -> None:
    assert triples(understand(text, None, probe_lang(text))) == REPAIR
