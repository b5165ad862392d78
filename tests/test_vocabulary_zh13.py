"""Chinese vocabulary that keeps its precision on text nobody tuned it on (issue 11).

A Chinese form matches without spaces, so it can end inside a longer everyday word: 眼睛很干 inside
眼睛很干净, 想吐 inside 想吐槽. Such words are listed in cues.tsv (``none`` of value ``word``) and
win over a term whose end they straddle (anamnesis/terminology/matcher.py). Every sentence is new, written for
this test (none is from the gold, dev, validation or blind sets).
"""

from __future__ import annotations

import pytest

from anamnesis.terminology.matcher import Matcher
from tests.test_rules_backend import Triple, triples, understand

_CLINICAL = ("symptoms", "chronic_conditions", "diagnoses")


def _clinical(text: str, context: str | None = None) -> set[Triple]:
    return {t for t in triples(understand(text, context)) if t[0] in _CLINICAL}


def test_a_word_that_straddles_a_terms_end_wins_over_the_term() -> None:
    matcher = Matcher([("眼睛很干", False, "term"), ("干净", False, "word"), ("眼睛", False, "part")], lambda p: p == "word")
    assert matcher.scan("洗完眼睛很干净") == [(5, 7, ("word",))]  # 眼睛很干 ended inside 干净
    assert matcher.scan_each("洗完眼睛很干净") == [(5, 7, "word")]
    assert matcher.scan("眼睛很干") == [(0, 4, ("term",))]  # no word after it: the term stays
    assert matcher.scan_each("干净的眼睛") == [(0, 2, "word"), (3, 5, "part")]


def test_without_marked_words_overlaps_stay_leftmost_longest() -> None:
    matcher = Matcher([("眼睛很干", False, "term"), ("干净", False, "word")])
    assert matcher.scan("眼睛很干净") == [(0, 4, ("term",))]


# fmt: off
#: a term that ends inside an everyday word is no term
INSIDE_A_WORD: list[str] = [
    "洗完脸眼睛很干净，也不红",
    "刷完牙嘴巴干净多了",
    "嗓子干净了，没有痰了",
    "最近总想吐槽单位的食堂",
    "我总是渴望能出去旅游",
    "我就是想吐槽一下物业",
]

#: the same terms where no word follows them: still found
STILL_FOUND: list[tuple[str, Triple]] = [
    ("眼睛很干，看手机久了就涩", ("chronic_conditions", "dry eye syndrome", "active")),
    ("最近老想吐，吃不下饭", ("symptoms", "nausea", "active")),
    ("最近总是渴，一天喝好几壶水", ("symptoms", "excessive thirst", "active")),
    ("脚趾头疼了两天了", ("symptoms", "toe pain", "active")),
]

# fmt: on


@pytest.mark.parametrize("text", INSIDE_A_WORD)
def test_a_term_that_ends_inside_an_everyday_word_is_no_fact(text: str) -> None:
    assert _clinical(text) == set()


@pytest.mark.parametrize(("text", "expected"), STILL_FOUND, ids=[c[0] for c in STILL_FOUND])
def test_the_term_without_a_word_after_it_is_still_found(text: str, expected: Triple) -> None:
    assert expected in _clinical(text)
