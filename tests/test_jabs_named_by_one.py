"""A jab named by its disease and a word for "one" (``rules.clause_facts.one_of_the_jabs``).

In a message about jabs, a disease that has a vaccine followed by "one" is that vaccine: "had the
flu jab, not the pneumonia one"; in Chinese by "那个" / "那针" / "的" ("流感疫苗打了，肺炎那个没打上",
"乙肝的小时候打过"); Russian says it with "от" ("от гриппа сделала, от пневмококка не делала",
``rules.ru_vaccines``). Each jab keeps its own polarity: the denial of one never reaches the other.
The same disease with no jab in the message stays an illness ("肺炎那个病好了").

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
ROWS: list[Row] = [
    ("got the covid booster, not the flu one yet", None,
     {("vaccinations", "covid-19 vaccine", "historical"), ("vaccinations", "influenza vaccine", "confirmed_absent")}),
    ("от гриппа сделала, от пневмококка не делала", None,
     {("vaccinations", "influenza vaccine", "historical"),
      ("vaccinations", "pneumococcal vaccine", "confirmed_absent")}),
    ("新冠的打了三针，流感那针没打", None,
     {("vaccinations", "covid-19 vaccine", "historical"), ("vaccinations", "influenza vaccine", "confirmed_absent")}),
    ("乙肝的小时候打过", None, {("vaccinations", "hepatitis b vaccine", "historical")}),
    ("流感疫苗打了 肺炎那个还没打上", None,
     {("vaccinations", "influenza vaccine", "historical"),
      ("vaccinations", "pneumococcal vaccine", "confirmed_absent")}),
    # no jab in the message: the illness itself
    ("肺炎那个病好了", None, {("diagnoses", "pneumonia", "resolved")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_jab_named_by_one(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
