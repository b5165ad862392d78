"""A question about a habit in the family or the household asks no family history (issue 11).

"家里有人抽烟吗？", "Does anyone in your family smoke?": the habit is asked of everyone at home, the
user among them. "没有" / "no, nobody" denies the user's smoking as well; "我不抽，我爸抽" is the
user's denial, and the father's habit is no fact; "my dad does", "我爸抽" alone are the relative's
habit, no fact of the user's and no section-wide family denial. A question about an illness in the
family, or about what "runs" in it, still asks family history.

Each row is (text, the assistant turn before it, the exact set of (section, entity, status) the
message must yield). The sentences are new, written for this kind, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import probe_lang, triples, understand

# fmt: off
ROWS: list[tuple[str, str, set[tuple[str, str, str]]]] = [
    ("我不抽，我老公抽", "您抽烟吗？家里有人抽烟吗？", {("lifestyle", "smoking", "confirmed_absent")}),
    ("没有", "家里有人抽烟吗？", {("lifestyle", "smoking", "confirmed_absent")}),
    ("我爸抽", "家里有人抽烟吗？", set()),
    ("没有", "家里有人得过糖尿病吗？", {("family_history", "diabetes", "confirmed_absent")}),
    ("my dad does", "Does anyone in your family smoke?", set()),
    ("no, nobody", "Does anyone at home smoke?", {("lifestyle", "smoking", "confirmed_absent")}),
    ("папа курит", "В семье кто-нибудь курит?", set()),
    ("я курю", "В семье кто-нибудь курит?", {("lifestyle", "smoking", "active")}),
    # "runs in the family" names no habit: the question stays one of family history
    ("nothing that i know of", "Does anything run in your family?", {("family_history", "*", "confirmed_absent")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_household_habit_questions(text: str, context: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context, probe_lang(text))) == expected
