"""What a reply answers: not a purpose the question names, not a spouse's story.

"Do you drink alcohol to help with sleep?" asks of the drinking: "a bit" is alcohol, no sleep (a
purpose, "to help with", "чтобы", "为了", is a circumstance of the question, ``answers._WHEN``).
"Any dizziness on the tamsulosin?" — "the wife takes it for her kidney stones": a reply whose every
clause is about someone who is no blood relative, with no "yes" or "no" of its own, answers nothing
of the user (``replies._of_someone_else``); a "yes" beside it still answers. The sentences are new,
written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
CASES: list[Row] = [
    ("a little, couple of glasses of wine", "Do you drink alcohol to help you sleep?",
     {("lifestyle", "alcohol", "active")}),
    ("yes", "Do you smoke to help with stress?", {("lifestyle", "smoking", "active")}),
    ("да", "Вы пьёте алкоголь, чтобы уснуть?", {("lifestyle", "alcohol", "active")}),
    ("是的", "您喝酒是为了帮助睡眠吗？", {("lifestyle", "alcohol", "active")}),
    ("yes", "Do you have trouble sleeping?", {("symptoms", "insomnia", "active")}),
    # someone else's story answers nothing
    ("my husband takes it for his prostate", "Any dizziness on the tamsulosin?", set()),
    ("the wife is on the same one", "Any headaches on the amlodipine?", set()),
    ("муж тоже его пьёт", "Голова кружится от тамсулозина?", set()),
    ("我老公也在吃这个", "吃坦索罗辛头晕吗？", set()),
    # a "yes" of the user's own still answers
    ("yes a bit, the wife noticed", "Any dizziness on the tamsulosin?",
     {("symptoms", "dizziness", "active"), ("medications", "tamsulosin", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CASES)
def test_what_a_reply_answers(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
