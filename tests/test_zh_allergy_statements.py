"""Chinese allergy statements the reader used to lose or invert.

- the allergy word right after its allergen binds before a verb of taking before it: "吃虾过敏",
  "吃芒果会过敏", "用了青霉素过敏" state the allergy (the verb made it read as a food or drug taken);
- an allergy told in the past is still one: "以前吃阿莫西林过敏", "阿莫西林以前过敏" (a dating word
  read as an ending denied the allergy); outgrowing it says so ("以前对青霉素过敏，现在不过敏了"), and
  so does a belief that was wrong ("一直以为对青霉素过敏");
- a section word before "的话" is a topic when the statement after it says the word again: "过敏的话
  海鲜过敏" (as for allergies: seafood), not a condition; "过敏的话就停药" and "过敏的话能吃…吗" stay
  conditions.
The sentences are new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

# fmt: off
STATED: list[tuple[str, str | None, set[tuple[str, str, str]]]] = [
    ("吃虾过敏", "过敏情况呢？", {("allergies", "shrimp", "active")}),
    ("吃虾过敏，别的没有", "过敏情况呢？", {("allergies", "shrimp", "active")}),
    ("吃芒果会过敏", None, {("allergies", "mango", "active")}),
    ("用了青霉素过敏", None, {("allergies", "penicillin", "active")}),
    ("以前吃阿莫西林过敏", None, {("allergies", "amoxicillin", "active")}),
    ("阿莫西林以前过敏", None, {("allergies", "amoxicillin", "active")}),
    ("以前对青霉素过敏，现在不过敏了", None, {("allergies", "penicillin", "confirmed_absent")}),
    # believed wrongly ("以为") is no allergy
    ("一直以为对青霉素过敏", None, {("allergies", "penicillin", "confirmed_absent")}),
    ("过敏的话 海鲜过敏", "有过敏吗？", {("allergies", "seafood", "active")}),
    ("过敏的话，海鲜过敏", "有过敏吗？", {("allergies", "seafood", "active")}),
]
CONDITIONS = ["过敏的话就停药", "过敏的话，能吃氯雷他定吗"]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), STATED)
def test_a_chinese_allergy_statement(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize("text", CONDITIONS)
def test_a_condition_on_allergies_states_none(text: str) -> None:
    assert not any(section == "allergies" for section, _, _ in triples(understand(text)))
