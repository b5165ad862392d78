"""A question about someone the user looks after makes the reply theirs, not the user's.

"What have you given him for the temperature?" — "calpol and nurofen": the "you" is the carer, so
the medicines are the child's (``asked_of_another.cares_for_another``). "Сколько он весит?" — "27
кг" is his weight. A question that names nobody after one about that person in the same turn
("孩子多重？以前烧到抽筋过吗？") goes on about them; one that also speaks to the user ("Did she ask
about your mood? Any low mood?") does not, and a pronoun that prescribes ("What treatment did she
suggest?") is the clinician, so the reply is the user's. The sentences are new, written for this
test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
ABOUT_THE_CARED_FOR: list[Row] = [
    ("ibuprofen and paracetamol, turn about", "What are you giving him for the fever?", set()),
    ("emollient twice a day and hydrocortisone when it flares", "What are you putting on her rash?", set()),
    ("нурофен по 5 мл", "Что вы ему даёте от температуры?", set()),
    ("美林，一次5毫升", "你给孩子吃了什么退烧药？", set()),
    ("32 kg", "How much does she weigh?", set()),
    ("27 кг", "Сколько он весит?", set()),
    ("3.9，医生说偏高", "她最近一次INR是多少？", set()),
    # a question naming nobody goes on about the person the turn asked of before it
    ("去年发烧抽过一次", "孩子多大了？以前有没有抽过筋？", set()),
    ("yes, penicillin, hives", "How old is he? Any allergies to medicines?", set()),
    ("да, на пенициллин сыпь", "Сколько ему лет? Аллергия на лекарства есть?", set()),
    # a clinician's "they" after a question about someone else is no sign the reply is the user's
    ("naproxen for the flare, and they mentioned allopurinol", "Is he on any treatment?", set()),
]

THE_USERS_OWN: list[Row] = [
    # the question speaks to the user too
    ("no low mood, just tired", "Did she ask about your mood? Any low mood or anxiety?",
     {("symptoms", "low mood", "confirmed_absent"), ("symptoms", "fatigue", "active")}),
    # the pronoun is the prescriber
    ("fluticasone spray twice a day", "What treatment did she suggest?", {("medications", "fluticasone", "active")}),
    ("开了氯雷他定", "他开了什么药？", {("medications", "loratadine", "active")}),
    ("32 kg", "How much do you weigh?", {("demographics", "weight_kg", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "question", "expected"), ABOUT_THE_CARED_FOR)
def test_a_reply_about_someone_looked_after_is_no_fact_of_the_user(text: str, question: str, expected: set) -> None:
    assert triples(understand(text, question)) == expected


@pytest.mark.parametrize(("text", "question", "expected"), THE_USERS_OWN)
def test_a_question_to_the_user_or_by_a_prescriber_keeps_the_reply_the_users(
    text: str, question: str, expected: set
) -> None:
    assert triples(understand(text, question)) == expected
