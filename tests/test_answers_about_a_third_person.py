"""A reply to a question about someone spoken of in the third person is that person's, not the user's.

"Is he on anything for it?" — "ramipril and a statin", "Что ей сейчас дают?" — "нурофен и
парацетамол", "她平时吃什么药？" — "二甲双胍，还有阿司匹林": the assistant asks about the person the
user writes about, so the drugs the reply names are not the user's own (``answers._asks_of_another``).
A question that also addresses the user ("Does he smoke, and do you?") still asks about the user; a
"他" inside a drug's name ("阿托伐他汀", "扶他林") is no person. The sentences are new, written for
this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
ABOUT_ANOTHER: list[Row] = [
    ("ramipril and a statin, not sure which", "Is he on anything for his heart?", set()),
    ("just calpol when she's hot", "What have you been giving her for the fever?", set()),
    ("нурофен и парацетамол по очереди", "Какие лекарства ей сейчас дают?", set()),
    ("эналаприл 10 утром", "Какие таблетки ему назначили?", set()),
    ("二甲双胍，还有阿司匹林", "她平时吃什么药？", set()),
    ("每天一片氨氯地平", "他现在在吃什么降压药？", set()),
]

ABOUT_THE_USER: list[Row] = [
    # the question addresses the user too
    ("I take amlodipine", "Is he on blood pressure pills, and are you?", {("medications", "amlodipine", "active")}),
    ("我吃二甲双胍", "他吃药吗？你呢？", {("medications", "metformin", "active")}),
    # the 他 of a drug's name is no person
    ("不吃了", "阿托伐他汀还吃吗？", {("medications", "atorvastatin", "stopped")}),
    ("还在抹", "扶他林软膏还用吗？", {("medications", "diclofenac", "active")}),
    ("да, пью", "Вы принимаете эналаприл?", {("medications", "enalapril", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "question", "expected"), ABOUT_ANOTHER)
def test_a_reply_about_a_third_person_is_no_fact_of_the_user(text: str, question: str, expected: set):
    assert triples(understand(text, question)) == expected


@pytest.mark.parametrize(("text", "question", "expected"), ABOUT_THE_USER)
def test_a_question_that_addresses_the_user_or_names_a_drug_is_about_the_user(text: str, question: str, expected: set):
    assert triples(understand(text, question)) == expected
