"""English "burns" as a verb is a feeling, not the injury (``felt_burning``).

"the skin still burns like hot needles", "reflux ... burns right up my throat": no burn injury;
"some bad burns on my arm", "burns on both hands from the kettle" are the injury. English only:
Russian "жжёт" and Chinese "烧得慌" are verbs of their own, never the injury's noun. The sentences
are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the skin still burns like hot needles", {("symptoms", "burning pain", "active")}),
        (
            "reflux for years, burns right up my throat",
            {("chronic_conditions", "gastroesophageal reflux disease", "active")},
        ),
        ("got some bad burns on my arm", {("injuries", "burn", "active")}),
        ("burns on both hands from the kettle", {("injuries", "burn", "active")}),
    ],
)
def test_burns_as_a_verb_is_a_feeling_not_the_injury(text: str, expected: set) -> None:
    assert triples(understand(text)) == expected
