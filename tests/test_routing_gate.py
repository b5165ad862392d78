"""The router's treatment words behind their literals: the same answer as the bare pattern.

``QueryRouter.route`` asks :data:`anamnesis.api.routing.TREATMENT_WORDS` of a question that names
no drug and touches no medication (an IGNORECASE alternation opening with ``\\b``: ~7 µs a
question, tried at every position); it is searched lower-cased behind a gate of its literals.
"""

from __future__ import annotations

import pytest

from anamnesis.api.routing import _TREATMENT, TREATMENT_WORDS
from tests.lowered_patterns import assert_takes_each_letter_as_its_lower_case, labelled_texts

#: One question for each alternative of the pattern, in mixed case.
EVERY_WORD = [
    "Can I TAKE it?", "Taking it?", "a Medicine", "my MEDICATION", "which Drug", "the PILL", "one Tablet",
    "the DOSE", "Treat it", "the TREATMENT", "Prescribed?", "PRESCRIPTION", "a Cold Medicine", "ЛЕКАРСТВО",
    "Таблетки", "ПРЕПАРАТ", "Принимать", "ПИТЬ", "Лечение", "药", "服用", "吃两片", "吃什么药", "治疗",
    "Ta\u212ae it",  # the Kelvin sign, which IGNORECASE takes for "k"
]  # fmt: skip


def test_the_pattern_takes_every_letter_as_its_lower_case() -> None:
    assert_takes_each_letter_as_its_lower_case(TREATMENT_WORDS, (r"\w", "."))


@pytest.mark.parametrize("query", EVERY_WORD)
def test_the_gate_lets_every_word_through(query: str) -> None:
    assert TREATMENT_WORDS.search(query), query  # a case the pattern matches
    assert _TREATMENT.matches_lowered(query), query


@pytest.mark.parametrize("query", ["I have a headache again. What should I do?", "Что делать?", "我该怎么办？"])
def test_a_question_without_the_words_is_turned_away(query: str) -> None:
    assert not _TREATMENT.may_match(query.lower())
    assert not _TREATMENT.matches_lowered(query)


def test_the_gate_answers_as_the_pattern_on_every_labelled_text() -> None:
    texts = labelled_texts()
    texts += [text.upper() for text in texts[::7]] + [text.title() for text in texts[3::7]]
    assert len(texts) > 1_000
    for text in texts:
        assert _TREATMENT.matches_lowered(text) == (TREATMENT_WORDS.search(text) is not None), text
    assert sum(not _TREATMENT.may_match(text.lower()) for text in texts) > len(texts) // 3  # many turned away
