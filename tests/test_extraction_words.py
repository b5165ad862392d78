"""Words of pulling a part out compose with it as its removal (issue 11, vocab25).

A body part with a removal operation (anatomy.tsv's removal column) and a removal cue in its
clause is that operation (rules/mentions.py). Teeth are pulled, not removed: "they pulled the
wisdom tooth", "tooth got pulled", "wisdom tooth came out" (right after the part only, as "out"),
"智齿今天拔了", "拔了一颗牙"; Russian says "удалили зуб мудрости" and "удалили восьмерку" (the
eighth tooth), listed as the wisdom tooth's own phrases so the tooth's shorter one does not take
them. A pulled muscle stays an injury, a part with no removal operation composes nothing, and a
plan, a question or another person's tooth make no fact.

Each row is (text, assistant turn before it, the exact set of (section, entity, status) the
message must yield). The sentences are new, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
PULLED: list[Row] = [
    ("the dentist pulled my wisdom tooth this morning", None,
     {("surgeries", "wisdom tooth extraction", "historical")}),
    ("back tooth got pulled last week", None, {("surgeries", "tooth extraction", "historical")}),
    ("my wisdom tooth came out on monday, no problems", None,
     {("surgeries", "wisdom tooth extraction", "historical")}),
    ("上周智齿终于拔了", None, {("surgeries", "wisdom tooth extraction", "historical")}),
    ("在医院把智齿拔掉了", None, {("surgeries", "wisdom tooth extraction", "historical")}),
    ("в пятницу удалили зуб мудрости", None, {("surgeries", "wisdom tooth extraction", "historical")}),
    ("удалили восьмерку снизу, щеку раздуло", None,
     {("surgeries", "wisdom tooth extraction", "historical"), ("symptoms", "facial swelling", "active")}),
]
NOT_PULLED: list[Row] = [
    ("i pulled a muscle in my calf", None, {("injuries", "muscle strain", "active")}),
    ("the dentist wants to pull my wisdom tooth", None, set()),
    ("should my wisdom teeth be pulled?", None, set()),
    ("my daughter's tooth came out today", None, set()),
    ("我女儿的智齿拔了", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), PULLED)
def test_a_pulled_tooth_is_its_extraction(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), NOT_PULLED)
def test_pulling_names_no_operation_elsewhere(
    text: str, context: str | None, expected: set[tuple[str, str, str]]
) -> None:
    assert triples(understand(text, context)) == expected
