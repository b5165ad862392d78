"""A low-sugar episode's sweat and tremor are the episode (``rules.event_signs``).

"had 2 hypos in the night, woke up sweaty and shaky", "低血糖了一次，出冷汗手抖": told in the sentence
that tells the hypo, the shaking and sweating are what it looked like, not complaints of their
own. Told without the episode, they stay symptoms. The sentences are new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("had 2 hypos in the night this week, woke up sweaty and shaky", {("symptoms", "hypoglycemia", "active")}),
        ("前天半夜低血糖了一次，出冷汗手抖", {("symptoms", "hypoglycemia", "active")}),
        ("ночью был низкий сахар, трясло и пот холодный", {("symptoms", "hypoglycemia", "active")}),
    ],
)
def test_the_signs_of_a_hypo_are_the_hypo(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text)) == expected


def test_the_same_signs_without_an_episode_stay_symptoms() -> None:
    assert ("symptoms", "tremor", "active") in triples(understand("hands shaky all week, no idea why"))
    assert ("symptoms", "sweating", "active") in triples(understand("最近老出汗，手也抖"))
