"""A Chinese topic list followed, after a comma, by a denial of taking it is denied.

"阿司匹林和华法林，都没吃过", "阿司匹林、华法林、还有氯吡格雷，都没有", "烟，不抽": the comma parts the topic
from its predicate, not two statements; the predicate may be a bare "没有" or a denial of taking
or doing it ("没吃过", "没用过", "不抽", "从不抽", "没打过") with no object of its own. Reading each medicine as
taken (as before) put a drug the user denied into their active list. A stretch that says more
than the denial ("不吃不行": must take it) keeps its comma; "没用" (no use) is no denial of use.
The sentences are new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

# fmt: off
DENIED: list[tuple[str, str | None, set[tuple[str, str, str]]]] = [
    ("阿司匹林和华法林，都没吃过", "您在吃阿司匹林或者华法林吗？",
     {("medications", "aspirin", "confirmed_absent"), ("medications", "warfarin", "confirmed_absent")}),
    ("阿司匹林，没吃过", None, {("medications", "aspirin", "confirmed_absent")}),
    ("阿司匹林、华法林，都没用过", None,
     {("medications", "aspirin", "confirmed_absent"), ("medications", "warfarin", "confirmed_absent")}),
    ("阿司匹林、华法林，都不吃", None,
     {("medications", "aspirin", "confirmed_absent"), ("medications", "warfarin", "confirmed_absent")}),
    ("阿司匹林、华法林、还有氯吡格雷，都没有", None,
     {("medications", "aspirin", "confirmed_absent"), ("medications", "warfarin", "confirmed_absent"),
      ("medications", "clopidogrel", "confirmed_absent")}),
    ("烟，不抽", None, {("lifestyle", "smoking", "confirmed_absent")}),
    ("烟，从不抽", None, {("lifestyle", "smoking", "confirmed_absent")}),
]
KEPT: list[tuple[str, set[tuple[str, str, str]]]] = [
    ("阿司匹林还有，华法林没有",
     {("medications", "aspirin", "active"), ("medications", "warfarin", "confirmed_absent")}),
    ("吃了布洛芬，没用", {("medications", "ibuprofen", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), DENIED)
def test_a_topic_list_denied_after_its_comma(
    text: str, context: str | None, expected: set[tuple[str, str, str]]
) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "expected"), KEPT)
def test_a_stretch_that_says_more_than_a_denial_keeps_its_comma(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text)) == expected
