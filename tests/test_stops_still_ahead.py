"""A stop allowed for later, planned or only advised is not made: the medicine or habit stays.

"can stop the omeprazole after this box", "吃完这盒就可以停", "можно будет отменить после курса":
still taken now (``ending_ahead``). "told me to quit smoking so im trying", "врач сказал бросить
курить", "нафтизин велел бросать": advice says the user still has it. A stop allowed now ("uro
said I can stop the flomax", "医生说可以停了"), advice the user followed ("..., я бросил") or a
clinician's order for a medicine ("the gp told me to stop the ibuprofen") is a stop. The sentences
are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
STILL_THERE: list[Row] = [
    ("the gp says i can stop the lansoprazole after this pack", None, {("medications", "lansoprazole", "active")}),
    ("the gp says i can come off the sertraline in a few weeks", None, {("medications", "sertraline", "active")}),
    ("вентолин можно будет отменить через месяц", None, {("medications", "salbutamol", "active")}),
    ("医生说奥美拉唑吃完这盒就可以停", None, {("medications", "omeprazole", "active")}),
    ("the nurse told me to quit smoking, still trying", None, {("lifestyle", "smoking", "active")}),
    ("терапевт сказала бросить курить", None, {("lifestyle", "smoking", "active")}),
    ("лор велел бросать галазолин", None, {("medications", "xylometazoline", "active")}),
]

STOPPED: list[Row] = [
    ("cardiologist said I can stop the clopidogrel now", None, {("medications", "clopidogrel", "stopped")}),
    ("医生说阿司匹林可以停了", None, {("medications", "aspirin", "stopped")}),
    ("врач сказал бросить курить, я бросил", None, {("lifestyle", "smoking", "stopped")}),
    ("the gp told me to stop the naproxen", None, {("medications", "naproxen", "stopped")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), STILL_THERE)
def test_a_stop_still_ahead_leaves_it_there(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), STOPPED)
def test_a_stop_made_now_or_followed_is_a_stop(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected
