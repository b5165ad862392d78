"""A doubled "烧烧的" after the stomach or chest is the burning of heartburn, one word, not a fever too.

"胃里烧烧的" named heartburn and, from its second 烧, a fever. A body burning all over ("身上烧烧的")
is still a fever.
"""

import pytest

from tests.test_rules_backend import triples, understand


@pytest.mark.parametrize("text", ["胃里烧烧的", "福善美吃完胃里烧烧的，福善美不能躺着吃吗？", "胸口烧烧的，反酸"])
def test_a_doubled_burning_of_the_stomach_is_heartburn_alone(text):
    got = triples(understand(text))
    assert ("symptoms", "heartburn", "active") in got
    assert not any(e == "fever" for _, e, _ in got)


def test_a_doubled_burning_of_the_body_is_a_fever():
    assert ("symptoms", "fever", "active") in triples(understand("身上烧烧的，37度8"))
