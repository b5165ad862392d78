"""Russian "грудь" with a side ("левая грудь", "рак левой груди") is the breast: the chest is not paired.

Bare "грудь" stays the chest ("болит в груди слева" is chest pain, a heart's complaint).
"""

import pytest

from tests.test_rules_backend import triples, understand


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        (
            "2 года назад рак левой груди, сделали мастэктомию и химию",
            ("chronic_conditions", "breast cancer", "active"),
        ),
        ("у мамы был рак левой груди", ("family_history", "breast cancer", "active")),
        ("в 2021 рак груди, удалили левую грудь", ("surgeries", "mastectomy", "historical")),
        ("температура 38,4 и левая грудь болит, уплотнение", ("symptoms", "breast pain", "active")),
    ],
)
def test_a_sided_breast_is_the_breast(text, wanted):
    got = triples(understand(text))
    assert wanted in got
    assert not any(e == "cancer" for _, e, _ in got)


@pytest.mark.parametrize("text", ["болит в груди слева, отдаёт в руку", "давит в груди, когда иду в горку"])
def test_a_bare_chest_stays_the_chest(text):
    got = triples(understand(text))
    assert ("symptoms", "chest pain", "active") in got
    assert not any(e.startswith("breast") for _, e, _ in got)
