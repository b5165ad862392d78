"""Each relative's illness goes to that relative, when one message names several.

- the relative named nearest before the illness owns it, with those joined to it by "and"
  ("my uncle has gout and my aunt had a stroke", "у тёти астма, у деда инфаркт", "我爸高血压，我姑姑糖尿病",
  "my mum and dad both have diabetes");
- a relative naming the side of the family is no owner ("my grandfather on dad's side", "дедушка по маме");
- a relative owned by a parent is the parent's relative as the user's ("mum's brother", "his sister"
  after "dad"); a spouse's relative or a parent's spouse is no blood relative ("my wife's dad",
  "mum's husband", "my husbands sister");
- half-siblings are named so ("half-sister", "сводный брат", "同父异母的哥哥").

Each row is (message, the exact {entity: relation} of its family-history facts). The sentences are
new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import understand

# fmt: off
ROWS: list[tuple[str, dict[str, str]]] = [
    ("my uncle has gout and my aunt had a stroke", {"gout": "uncle", "stroke": "aunt"}),
    ("у тёти астма, у деда инфаркт", {"asthma": "aunt", "myocardial infarction": "grandfather"}),
    ("我爸高血压，我姑姑糖尿病", {"hypertension": "father", "diabetes": "aunt"}),
    ("my mum and dad both have diabetes", {"diabetes": "father, mother"}),
    ("у мамы и у папы гипертония", {"hypertension": "father, mother"}),
    ("my grandfather on dad's side had parkinson's", {"parkinson's disease": "grandfather"}),
    ("дедушка по маме болел диабетом", {"diabetes": "grandfather"}),
    ("dad had a stroke and his sister has epilepsy", {"stroke": "father", "epilepsy": "aunt"}),
    ("mum's brother has type 1 diabetes", {"type 1 diabetes": "uncle"}),
    ("my half-sister has asthma", {"asthma": "half-sister"}),
    ("у сводного брата эпилепсия", {"epilepsy": "half-brother"}),
    ("我同父异母的哥哥有癫痫", {"epilepsy": "half-brother"}),
    ("my dad has gout. mum's husband has diabetes but he's my stepdad", {"gout": "father"}),
    ("my husbands sister has lupus", {}),
]
# fmt: on


@pytest.mark.parametrize(("text", "expected"), ROWS)
def test_each_illness_goes_to_its_relative(text: str, expected: dict[str, str]) -> None:
    got = {e["entity"]: e.get("relation") for e in understand(text).events if e["section"] == "family_history"}
    assert got == expected
