"""A denied attack of a long-lasting illness keeps the illness (rules.attacks_denied).

"no gout flares this year", "приступов подагры не было", "这个月痛风没犯过": the episode is denied,
the gout is not; it must never read absent or resolved. With "never" nothing is read of the illness.
A plain denial of the illness, without an attack word, stays a denial. The sentences are new,
written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand


@pytest.mark.parametrize(
    ("text", "context", "entity"),
    [
        ("I have gout, no gout flares this year.", None, "gout"),
        ("No asthma attacks since the spring, the inhaler helps.", None, "asthma"),
        ("У меня подагра, приступов подагры в этом году не было.", None, "gout"),
        ("Обострений астмы с весны не было.", None, "asthma"),
        ("我有痛风，这个月痛风没犯过。", None, "gout"),
        ("哮喘最近一直没发作。", None, "asthma"),
    ],
)
def test_denied_attack_keeps_the_illness(text: str, context: str | None, entity: str) -> None:
    got = triples(understand(text, context))
    assert ("chronic_conditions", entity, "confirmed_absent") not in got
    assert ("chronic_conditions", entity, "resolved") not in got


@pytest.mark.parametrize(
    "text",
    ["I've never had an asthma attack.", "Приступов астмы никогда не было.", "哮喘从来没发作过。"],
)
def test_never_an_attack_reads_nothing_of_the_illness(text: str) -> None:
    got = {t for t in triples(understand(text)) if t[1] == "asthma"}
    assert got == set()


@pytest.mark.parametrize(
    ("text", "context", "entity"),
    [
        ("No gout, no asthma.", "Any long-term conditions?", "gout"),
        ("Подагры нет.", "Хронические болезни есть?", "gout"),
        ("没有痛风。", "有慢性病吗？", "gout"),
    ],
)
def test_plain_denial_of_the_illness_stays(text: str, context: str, entity: str) -> None:
    assert ("chronic_conditions", entity, "confirmed_absent") in triples(understand(text, context))
