"""In a message about jabs, a disease had "for" a place or "before a trip" is its vaccine.

"what jabs do i need? had hep a and typhoid for thailand in 2019": one is not ill with typhoid for
Thailand, one is jabbed for it (``rules/jab_setting.py``, ``about_jabs``). Outside a message about
jabs, a "for" of a while ("for two weeks"), a word of falling ill, another person or a question keep
the illness or nothing. Russian "перед поездкой" and Chinese "去泰国前打过" read the same. The
sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
JABS: list[Row] = [
    ("off to peru in may, what jabs do i need? had hep a and typhoid for vietnam back in 2021", None,
     {("vaccinations", "hepatitis a vaccine", "historical"), ("vaccinations", "typhoid vaccine", "historical")}),
    ("which vaccines for india? i had typhoid for nepal a few years ago", None,
     {("vaccinations", "typhoid vaccine", "historical")}),
    ("do i need more jabs? had yellow fever before a trip in 2018", None,
     {("vaccinations", "yellow fever vaccine", "historical")}),
    ("какие прививки нужны в Таиланд? гепатит А делала перед поездкой в Индию", None,
     {("vaccinations", "hepatitis a vaccine", "historical")}),
    ("去泰国要打什么疫苗？甲肝前年去越南前打过", None, {("vaccinations", "hepatitis a vaccine", "historical")}),
]

NOT_JABS: list[Row] = [
    # a "for" of a while is the illness had
    ("what jabs do i need for peru? i had typhoid for two weeks in 2015", None,
     {("diagnoses", "typhoid fever", "resolved")}),
    # no word of jabs in the message: "for" a place says nothing of a jab
    ("had typhoid in india last year", None, {("diagnoses", "typhoid fever", "resolved")}),
    # falling ill, said in words
    ("what jabs do i need? caught hep a for the first time in mexico", None,
     {("diagnoses", "hepatitis a", "active")}),
    # another person's jab
    ("what jabs does he need? my husband had typhoid for thailand", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), JABS + NOT_JABS)
def test_a_disease_had_for_a_trip(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
