"""A question that only gives examples of the question before it is part of that question.

"有什么慢性病吗？比如糖尿病、高血压？", "Any chronic illness? For example diabetes?": a "no" denies what
the first question asks (the section), not each example; an example the reply names is read as said.
"阿姨您好", "您好阿姨": a kin word the assistant greets the user by makes no question about the family.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples as triples_of
from tests.test_rules_backend import understand


def triples(text: str, context: str) -> set[tuple[str, str, str]]:
    return triples_of(understand(text, context))


@pytest.mark.parametrize(
    ("context", "reply"),
    [
        ("好的。平时有什么慢性病吗？比如哮喘、高血压？", "没有"),
        ("好的。平时有什么慢性病吗？比如哮喘、高血压？", "没啥慢性病"),
        ("Thanks. Any long-term illnesses? For example asthma or high blood pressure?", "no"),
        ("Спасибо. Хронические болезни есть? Например, астма или гипертония?", "нет"),
    ],
)
def test_no_to_a_question_with_examples_denies_the_section(context: str, reply: str) -> None:
    assert triples(reply, context) == {("chronic_conditions", "*", "confirmed_absent")}


def test_an_example_named_in_the_reply_is_read_as_said() -> None:
    got = triples("有哮喘", "好的。平时有什么慢性病吗？比如哮喘、高血压？")
    assert got == {("chronic_conditions", "asthma", "active")}


def test_a_kin_word_of_greeting_asks_nothing_of_the_family() -> None:
    got = triples("没有，身体好着呢", "大爷您好，您有没有什么慢性病？")
    assert ("family_history", "*", "confirmed_absent") not in got
    assert ("chronic_conditions", "*", "confirmed_absent") in got


def test_a_kin_word_after_the_greeting_is_the_user_too() -> None:
    got = triples("我78了，女的。糖尿病吃格华止", "您好阿姨，有什么可以帮您？")
    assert ("chronic_conditions", "diabetes", "active") in got
    assert not {t for t in got if t[0] == "family_history"}


def test_the_same_kin_word_in_a_question_still_asks_of_the_family() -> None:
    assert triples("没有", "您阿姨有高血压吗？") == {("family_history", "hypertension", "confirmed_absent")}
