"""A question whether an allergy test was done asks of the test, not of every allergy.

"做过过敏测试吗？" — "还没有，下个月做。" ("not yet, next month") had been read as "no allergies",
which against a penicillin allergy the user stated raised a false safety conflict. "Have you had an
allergy test?", "Делали аллергопробы?" — "not yet" say nothing of allergies in any language; a
question about a named allergen's test still asks of that allergen, and "Any allergies?" — "no"
still denies them. The sentences are new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand


@pytest.mark.parametrize(
    ("reply", "question"),
    [
        ("还没有，下周去做", "之前做过过敏原检测吗？"),
        ("没有", "做过皮试吗？"),
        ("no, not yet", "Have you ever had allergy testing?"),
        ("нет, не делала", "Вы делали аллергопробы?"),
    ],
)
def test_no_test_yet_denies_no_allergy(reply: str, question: str) -> None:
    assert not any(section == "allergies" for section, _, _ in triples(understand(reply, question)))


@pytest.mark.parametrize(("reply", "question"), [("没有", "有什么过敏吗？"), ("no", "Any allergies at all?")])
def test_no_to_an_allergy_question_still_denies_allergies(reply: str, question: str) -> None:
    assert ("allergies", "*", "confirmed_absent") in triples(understand(reply, question))


def test_a_named_allergens_test_still_asks_of_it() -> None:
    assert ("allergies", "penicillin", "confirmed_absent") in triples(understand("阴性", "青霉素皮试结果怎么样？"))
