"""Step-parents, step-siblings, deskmates, housemates and exes are other people, not the user and
not blood relatives (CONTRACT: family history is blood relatives only; ``data/cues.tsv``, ``person``).

What such a person has or takes is no fact of the user's and no family history; the user's own
fact beside it stays. Russian "сводный брат" is left out: in chat it often means a half-brother.
The sentences are new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

Triple = tuple[str, str, str]

OTHERS: list[tuple[str, set[Triple]]] = [
    ("my stepmum has type 2 diabetes", set()),
    ("my step dad had a stroke at 70", set()),
    ("one of my housemates is on sertraline", set()),
    ("my deskmate takes roaccutane and his skin cleared", set()),
    ("I have asthma, my stepsister has it too", {("chronic_conditions", "asthma", "active")}),
    ("у одноклассницы астма, ей дают сальбутамол", set()),
    ("у бывшего мужа диабет", set()),
    ("у соседки по парте мигрень", set()),
    ("舍友有哮喘 一直在用沙丁胺醇", set()),
    ("我同桌吃异维A酸 一个月就好了", set()),
    ("我前夫有高血压", set()),
]


@pytest.mark.parametrize(("text", "expected"), OTHERS)
def test_what_another_person_has_is_not_the_users(text: str, expected: set[Triple]) -> None:
    assert triples(understand(text)) == expected


def test_a_blood_relative_is_still_family() -> None:
    assert ("family_history", "type 2 diabetes", "active") in triples(understand("my mum has type 2 diabetes"))
