"""An order to strike or disregard what the record holds states nothing about health.

- "ignore/disregard/forget" the record's notes or entries ("ignore my old notes about the asthma"),
  not only the previous instructions (``discourse._EN_SYSTEM``);
- Russian: a note named first and struck after ("запись о гипогликемии удали"), and the old notes
  disregarded ("не обращай внимания на старые записи про курение") (``discourse._RU_SYSTEM``);
- Chinese: an entry struck with 吧, the order's particle ("把哮喘删了吧"), and a record of a thing
  struck by its classifier with words between ("那条胃出血的记录帮我删掉") (``discourse._ZH_SYSTEM``).

Such a message yields no fact at all. A doctor's act told in the past ("医生把阿司匹林停了",
"the surgeon removed my gallbladder") is still a fact. The sentences are new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

STRUCK: list[str] = [
    "ignore my old notes about the asthma, that was my sister",
    "please disregard the earlier entries on my smoking",
    "forget those records about my penicillin allergy",
    "запись о гипогликемии удали, это была ошибка",
    "заметку про аллергию на аспирин уберите пожалуйста",
    "не обращай внимания на старые записи про курение",
    "把哮喘删了吧 那是我妈的",
    "那条胃出血的记录帮我删掉",
    "青霉素过敏那个删掉吧",
]

TOLD: list[tuple[str, set[tuple[str, str, str]]]] = [
    ("the surgeon removed my gallbladder in 2019", {("surgeries", "cholecystectomy", "historical")}),
    ("врач убрал аспирин", {("medications", "aspirin", "stopped")}),
    ("医生把阿司匹林停了", {("medications", "aspirin", "stopped")}),
]


@pytest.mark.parametrize("text", STRUCK)
def test_an_order_to_strike_the_record_yields_no_fact(text: str) -> None:
    assert triples(understand(text)) == set()


@pytest.mark.parametrize(("text", "expected"), TOLD)
def test_a_told_removal_is_still_a_fact(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert expected <= triples(understand(text))
