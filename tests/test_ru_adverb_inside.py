"""Russian complaint phrases with a time or degree word inside them (issue 11, vocab25).

The chat files list colloquial Russian phrases exactly as written ("=поясницу прихватило",
"=запахов не чувствую", "=сбился цикл", "=удалили грудь"); a patient puts "вчера", "опять",
"вообще" or the part's side ("левую") inside them, and the phrase is still the complaint (anamnesis/terminology/ru_order.py). A negation is
no adverb ("поясницу не прихватило" is a denial), a phrase with a number keeps its order, and
the phrase keeps the scope of every term: a question or another person makes no fact of it.
English (tenses, "n't" typed without its apostrophe) and Chinese (the … slot of zh_degree) have
their own mechanisms, tested with them.

Each row is (text, assistant turn before it, the exact set of (section, entity, status) the
message must yield). The sentences are new, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from anamnesis.terminology.ru_order import ru_order_keys
from tests.test_rules_backend import Row, triples, understand

# fmt: off
INSIDE: list[Row] = [
    ("поясницу вчера прихватило, нагнуться не могу", None, {("symptoms", "low back pain", "active")}),
    ("запахов вообще не чувствую третий день", None, {("symptoms", "anosmia", "active")}),
    ("сбился опять цикл после отпуска", None, {("symptoms", "irregular menstruation", "active")}),
    ("в 2019 удалили правую грудь", None, {("surgeries", "mastectomy", "historical")}),
    ("у сестры удалили левую грудь", None, set()),
    ("поясницу не прихватило, только шею", None, set()),
    ("у мужа поясницу опять прихватило", None, set()),
    ("поясницу опять прихватило? может от холода", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), INSIDE)
def test_an_adverb_inside_a_phrase_keeps_its_complaint(
    text: str, context: str | None, expected: set[tuple[str, str, str]]
) -> None:
    assert {t for t in triples(understand(text, context)) if t[2] != "confirmed_absent"} == expected


def test_a_negation_inside_is_a_denial() -> None:
    assert triples(understand("поясницу не прихватило")) == {("symptoms", "low back pain", "confirmed_absent")}


def test_only_phrases_of_words_get_an_adverb() -> None:
    assert ru_order_keys("температура 38") == []
    assert ru_order_keys("кашель") == []
    assert "поясницу вчера прихватило" in ru_order_keys("поясницу прихватило")
    assert not any(" не " in f" {key} " for key in ru_order_keys("поясницу прихватило"))
