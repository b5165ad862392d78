"""A denial that names what it denies answers only the question about that thing.

"Any allergies? Any operations?" — "no allergies" / "аллергии нет" / "没有过敏" / "不过敏" denies the
allergies and says nothing of operations; a bare "no" / "нет" / "没有" / "都没有" answers both
(``replies._zh_denies_its_own``). After a section's name, a Chinese "的话" that opens a statement
told as done ("手术的话十几岁的时候切过阑尾") puts its topic, no condition
(``discourse._zh_topic_told``); a condition stays one ("手术的话要住院吗"). The sentences are new,
written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

ALLERGY_NONE = ("allergies", "*", "confirmed_absent")
SURGERY_NONE = ("surgeries", "*", "confirmed_absent")

# fmt: off
NAMED_DENIAL: list[Row] = [
    ("no allergies that I know of", "Do you have any allergies? Have you had any operations?", {ALLERGY_NONE}),
    ("аллергии никакой нет", "Есть ли аллергия? Операции были?", {ALLERGY_NONE}),
    ("没有过敏", "有药物过敏吗？做过什么手术吗？", {ALLERGY_NONE}),
    ("不过敏", "您有过敏史吗？以前动过手术吗？", {ALLERGY_NONE}),
    ("没做过手术", "对什么过敏吗？做过手术吗？", {SURGERY_NONE}),
]

BARE_DENIAL: list[Row] = [
    ("nope", "Any allergies? Any operations?", {ALLERGY_NONE, SURGERY_NONE}),
    ("нет", "Есть ли аллергия? Операции были?", {ALLERGY_NONE, SURGERY_NONE}),
    ("都没有", "有药物过敏吗？做过什么手术吗？", {ALLERGY_NONE, SURGERY_NONE}),
    ("没有", "您有过敏史吗？以前动过手术吗？", {ALLERGY_NONE, SURGERY_NONE}),
]

TOPIC_THEN_STATEMENT: list[Row] = [
    ("不过敏，手术的话前年做过胆囊切除", "有过敏吗？做过手术吗？",
     {ALLERGY_NONE, ("surgeries", "cholecystectomy", "historical")}),
    ("疫苗的话上个月打了流感疫苗", None, {("vaccinations", "influenza vaccine", "historical")}),
    ("手术的话要住院吗", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), NAMED_DENIAL + BARE_DENIAL + TOPIC_THEN_STATEMENT)
def test_a_named_denial_answers_its_own_question(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected
