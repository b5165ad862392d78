"""A clinician's offer, suggestion or talk of a treatment is no fact until the user takes it up.

"they discussed a hip replacement", "уролог рекомендовал операцию", "医生建议做胃镜", "下次给我换…": the
treatment is offered, not had or taken (``cues.tsv`` ``offer``, in English, Russian and Chinese). A
taking verb after the offer, in its clause or in a later clause of its sentence before any denial,
says it was taken up ("GP suggested naproxen and I've been taking it"; ``segment._taken_after_offer``).
The sentences are new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

Triple = tuple[str, str, str]

OFFERED: list[str] = [
    "the surgeon discussed a hip replacement with me",
    "cardio is offering an ablation, not sure yet",
    "GP suggested sertraline but i said no",
    "the doctor offered statins but im not taking them",
    "уролог рекомендовал операцию, пока думаю",
    "невролог посоветовал прокапать мексидол, я отказалась",
    "医生建议做胆囊切除",
    "医生说下次给我换缬沙坦",
]

TAKEN_UP: list[tuple[str, Triple]] = [
    ("GP suggested naproxen and I've been taking it for a week", ("medications", "naproxen", "active")),
    ("терапевт посоветовал омепразол, пью две недели", ("medications", "omeprazole", "active")),
    ("医生建议吃阿托伐他汀 我一直在吃", ("medications", "atorvastatin", "active")),
]


@pytest.mark.parametrize("text", OFFERED)
def test_an_offer_not_taken_up_is_no_fact(text: str) -> None:
    assert {t for t in triples(understand(text)) if t[0] in ("medications", "surgeries")} == set()


@pytest.mark.parametrize(("text", "expected"), TAKEN_UP)
def test_an_offer_taken_up_is_a_fact(text: str, expected: Triple) -> None:
    assert expected in triples(understand(text))
