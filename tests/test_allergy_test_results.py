"""What an allergy test found, in English, Russian and Chinese: a negative result denies the allergy.

"allergy test to penicillin came back negative", "аллерготест на пенициллин отрицательный",
"查了过敏原 海鲜是阴性": the test words and the result words are data (cues.tsv, allergy/test) and
``allergies._RESULT``. A positive result is an allergy. In Russian and Chinese a result without a test
word in its sentence ("анализ на молоко отрицательный", maybe of a child) says nothing of an allergy;
an allergy test word in the clause does not hide the denial said after it. A drug tested with no
result in its sentence ("had a penicillin skin test") is neither an allergy nor a medicine taken.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import understand


def allergies(text: str) -> dict[str, str]:
    result = understand(text)
    return {e["entity"]: e["status"] for e in result.events if e["section"] == "allergies"}


@pytest.mark.parametrize(
    "text",
    [
        "the allergy test to penicillin came back negative",
        "аллерготест на пенициллин отрицательный",
        "去年做过青霉素皮试 结果阴性",
    ],
)
def test_negative_test_denies_the_allergy(text: str) -> None:
    assert allergies(text) == {"penicillin": "confirmed_absent"}


@pytest.mark.parametrize(
    "text",
    ["skin prick test: dust mites positive, peanuts negative", "查了过敏原 尘螨阳性 花生阴性"],
)
def test_each_allergen_takes_its_own_result(text: str) -> None:
    assert allergies(text) == {"house dust mite": "active", "peanuts": "confirmed_absent"}


def test_a_russian_result_without_a_test_word_is_no_allergy() -> None:
    assert allergies("сдали анализ на молоко, отрицательный") == {}


def test_a_test_word_does_not_hide_the_denial_after_it() -> None:
    assert allergies("сделала аллергопробы, на лидокаин аллергии нет") == {"lidocaine": "confirmed_absent"}


@pytest.mark.parametrize(
    "text",
    ["I had a penicillin skin test last year", "сделала аллерготест на пенициллин", "去年做过青霉素皮试"],
)
def test_a_test_without_a_result_says_nothing(text: str) -> None:
    result = understand(text)
    assert result.events == []


def test_a_drug_apart_from_the_test_word_is_still_taken() -> None:
    result = understand("I take metformin, had an allergy test last week")
    assert [(e["section"], e["entity"], e["status"]) for e in result.events] == [("medications", "metformin", "active")]
