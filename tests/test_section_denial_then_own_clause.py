"""A section denied as a whole, then a comma and a thing with a denial or an ending of its own.

"никаких жалоб больше нет, ибупрофен больше не пью": the stretch after the comma names a drug and
ends it itself, so it is a clause of its own; the section-wide denial before it stands (and does
not give way to the drug, which is of another section). A list under one denial ("no fever,
cough or chills") has no cue of its own after the comma and stays one clause.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import understand


def triples(text: str) -> set[tuple[str, str, str]]:
    result = understand(text)
    return {(e["section"], e["entity"], e["status"]) for e in result.events}


@pytest.mark.parametrize(
    "text",
    [
        "никаких жалоб больше нет, ибупрофен больше не пью",
        "no symptoms at all, stopped the ibuprofen",
        "没有任何症状了，布洛芬也停了",
    ],
)
def test_section_denial_and_an_ended_drug(text: str) -> None:
    assert triples(text) == {("symptoms", "*", "confirmed_absent"), ("medications", "ibuprofen", "stopped")}


def test_section_denial_and_a_denied_drug() -> None:
    assert triples("никаких симптомов нет, аспирин не принимаю") == {
        ("symptoms", "*", "confirmed_absent"),
        ("medications", "aspirin", "confirmed_absent"),
    }


def test_a_list_under_one_denial_stays_one_clause() -> None:
    assert triples("никаких жалоб нет, ни кашля, ни температуры") >= {
        ("symptoms", "cough", "confirmed_absent"),
        ("symptoms", "fever", "confirmed_absent"),
    }
