"""Words for people at work and for hospital departments state nothing of the user (issue 11, lead27).

- A manager, a section chief, a housemate ("my manager", "у сослуживца", "我们科长", "我领导") is
  another person: what is said of them yields no fact.
- A Chinese department is an illness or organ word before 科 ("风湿科", "皮肤科", "呼吸科"): the
  rheumatology clinic raising a drug makes no one rheumatic.

The sentences are written for these tests, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand


@pytest.mark.parametrize(
    "text",
    [
        "my manager has type 2 diabetes and eats cake all day",
        "my housemate is on sertraline",
        "у сослуживца тоже гастрит",
        "у начальницы давление скачет",
        "我们科长脂肪肝也天天喝，啥事没有",
        "我领导也有高血压",
        "闺蜜在吃二甲双胍",
    ],
)
def test_what_is_said_of_a_workmate_or_friend_is_no_fact(text: str) -> None:
    assert triples(understand(text)) == set()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("风湿科把甲氨蝶呤加到15mg了", {("medications", "methotrexate", "active")}),
        ("风湿免疫科开了羟氯喹", {("medications", "hydroxychloroquine", "active")}),
        ("去了皮肤科，湿疹又犯了", {("chronic_conditions", "atopic dermatitis", "active")}),
        ("我有风湿，关节老疼", {("chronic_conditions", "rheumatism", "active"), ("symptoms", "joint pain", "active")}),
    ],
)
def test_a_department_names_no_illness(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text)) == expected
