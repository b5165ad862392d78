"""A reply's first sentence answers the first of the turn's questions.

"Do you take any medicines? Any allergies?" — "nothing. allergic to codeine though": the reply answers
in the order of the questions. When its first sentence names nothing either question asked about and
a later sentence names what a later question asked, the first sentence answers the first question
("ничего не пью" is no medicines, not no alcohol); only a first question of a whole section is
answered so ("How are you getting on with Yasmin?" — "fine, ..." takes nothing) (``first_answer``).

Each row is (reply, the assistant's turn before it, the exact set of (section, entity, status) it
must yield). The sentences are new, written for this test; none is from the gold, dev, validation or
blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
CASES: list[Row] = [
    ("nothing. allergic to codeine though", "Do you take any medicines? Any allergies?",
     {("medications", "*", "confirmed_absent"), ("allergies", "codeine", "active")}),
    ("none at all. no allergies either", "Are you on any tablets at the moment? Any allergies?",
     {("medications", "*", "confirmed_absent"), ("allergies", "*", "confirmed_absent")}),
    ("ничего не пью. аллергии нет", "Вы что-нибудь принимаете постоянно? И есть ли аллергия на лекарства?",
     {("medications", "*", "confirmed_absent"), ("allergies", "*", "confirmed_absent")}),
    ("ничего не пью. на пенициллин аллергия, сыпь", "Лекарства какие-то принимаете? Аллергия есть?",
     {("medications", "*", "confirmed_absent"), ("allergies", "penicillin", "active")}),
    ("平时啥也不吃。不过敏", "平时吃什么药吗？有没有过敏？",
     {("medications", "*", "confirmed_absent"), ("allergies", "*", "confirmed_absent")}),
    ("什么都不吃。对青霉素过敏", "您平时吃药吗？有过敏吗？",
     {("medications", "*", "confirmed_absent"), ("allergies", "penicillin", "active")}),
    # a first question about a named drug: "fine" says nothing of taking it
    ("fine, periods regular. no headaches", "How are you getting on with Yasmin? Any headaches?",
     {("symptoms", "headache", "confirmed_absent")}),
    # a first sentence that names the first question's thing is read against the whole turn
    ("no. no allergies", "Do you drink alcohol? Any allergies?",
     {("lifestyle", "alcohol", "confirmed_absent"), ("allergies", "*", "confirmed_absent")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CASES)
def test_first_sentence_answers_first_question(
    text: str, context: str | None, expected: set[tuple[str, str, str]]
) -> None:
    assert triples(understand(text, context)) == expected
