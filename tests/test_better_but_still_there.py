"""A short answer that the asked complaint is better, or mostly gone, but still there (rules.still_there).

"уже меньше, но да" to "Желудок до сих пор болит?", "好点了但还是麻" to "脚麻有没有好一点？", "still a bit"
to "Is the cough gone?": the asked complaint is present, however the question was put (to "is it
gone?" a plain "yes" ends it; this answer does not). Only what the question's last clause names is
answered ("注意监测有没有低血糖。脚麻有没有好一点？" answers the numbness, not the hypoglycemia).

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
STILL_THERE: list[Row] = [
    ("a bit better but still there", "Is the cough gone?", {("symptoms", "cough", "active")}),
    ("less but yes", "Still getting the headaches?", {("symptoms", "headache", "active")}),
    ("still a bit", "Has the wheezing settled?", {("symptoms", "wheezing", "active")}),
    ("уже меньше, но да", "Голова до сих пор болит?", {("symptoms", "headache", "active")}),
    ("чуть легче, но есть", "Кашель прошёл?", {("symptoms", "cough", "active")}),
    ("немного осталась", "А одышка?", {("symptoms", "shortness of breath", "active")}),
    ("好点了，但还是有点", "咳嗽好了吗？", {("symptoms", "cough", "active")}),
    ("还有一点", "头还疼吗？", {("symptoms", "headache", "active")}),
    ("好点了但还是疼", "记得按时吃药，注意有没有发烧。头疼有没有好一点？", {("symptoms", "headache", "active")}),
]

# a plain answer keeps its own reading: "yes" to "is it gone?" ends it
PLAIN: list[Row] = [
    ("yes", "Is the cough gone?", {("symptoms", "cough", "resolved")}),
    ("да", "Кашель прошёл?", {("symptoms", "cough", "resolved")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), STILL_THERE + PLAIN)
def test_better_but_still_there(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
