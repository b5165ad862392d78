"""A reply to "what did the doctor advise?" names advice, not habits the user has.

"Did she give any advice?" — "less takeaway and sugary drinks", "Что посоветовал врач?" — "меньше
соли, больше ходить", "医生有什么建议吗？" — "少吃油腻的，多运动": no lifestyle fact, the section
touched (``advice_asked``). The user speaking of themself ("I've cut out takeaways") and a
medicine given ("atorvastatin 20") stay facts. The sentences are new, written for this test; none
is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
CASES: list[Row] = [
    ("less takeaway and more walking", "Did she give you any advice?", set()),
    ("меньше соли, больше ходить пешком", "Что посоветовал врач?", set()),
    ("少吃油腻的，多运动", "医生有什么建议吗？", set()),
    ("I've cut out takeaways and walk every day", "Did she give any advice?",
     {("lifestyle", "diet", "active"), ("lifestyle", "exercise", "active")}),
    ("atorvastatin 20", "What did the GP recommend?", {("medications", "atorvastatin", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CASES)
def test_the_advice_a_reply_tells_is_no_habit(text: str, context: str, expected: set) -> None:
    result = understand(text, context)
    assert triples(result) == expected
    assert result.sections
