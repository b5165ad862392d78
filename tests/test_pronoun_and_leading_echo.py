"""A question's singular pronoun is the last thing named before it; a Russian echo may open a longer reply.

- "При раке кишечника у брата колоноскопия вам рекомендуется. Делали её раньше?": "её" is the
  colonoscopy, the last thing named, not the brother's cancer (``rules/answers.py``); a plural pronoun
  ("them", "их") is everything named before; a "yes" then never makes the relative's illness the user's;
- "Вы делали гастроскопию?" — "делал в 2023, гастрит нашли": the reply's first clause repeats the
  asked verb, a yes, and the rest says more (``rules/echoes.py``); a denial in it ("не делал") is none.

The sentences are written for these tests, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

Triple = tuple[str, str, str]

_COLONO = ("surgeries", "colonoscopy", "historical")

# fmt: off
CASES: list[tuple[str, str, set[Triple]]] = [
    ("делал в 2023", "При раке кишечника у брата колоноскопия вам рекомендуется. Делали её раньше?", {_COLONO}),
    ("yes", "Your dad's bowel cancer means a colonoscopy is worth it. Have you had it?", {_COLONO}),
    ("yes", "You mentioned metformin and lisinopril. Are you still taking them?",
     {("medications", "metformin", "active"), ("medications", "lisinopril", "active")}),
    ("да", "Вы упоминали эналаприл и бисопролол. Продолжаете их принимать?",
     {("medications", "enalapril", "active"), ("medications", "bisoprolol", "active")}),
    ("yes", "Last time you mentioned metoprolol. Are you still taking it?", {("medications", "metoprolol", "active")}),
    ("делал в 2023, гастрит нашли", "Вы делали гастроскопию?",
     {("surgeries", "gastroscopy", "historical"), ("diagnoses", "gastritis", "active")}),
    ("делала, но давно, лет 10 назад", "Прививку от столбняка делали?", {("vaccinations", "tetanus vaccine", "historical")}),
    ("делал, а брат нет", "Вы делали колоноскопию?", {_COLONO}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CASES)
def test_the_pronoun_and_the_echo_answer_what_was_asked(text: str, context: str, expected: set[Triple]) -> None:
    assert triples(understand(text, context)) == expected


def test_a_denied_echo_says_no_yes() -> None:
    assert ("surgeries", "gastroscopy", "historical") not in triples(understand("не делал, боюсь", "Вы делали гастроскопию?"))
