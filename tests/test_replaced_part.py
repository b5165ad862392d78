"""A replacement said after the broken part is that part's replacement (issue 11, vocab25).

"Сломала шейку бедра, поставили протез", "бедро сломала, поставили эндопротез", "broke my hip
and they gave me a new hip": the prosthesis names no part of its own phrase, and the sentence
named the part just before it, as its fracture. The part's replacement operation (anatomy.tsv)
is then a surgery beside the fracture (rules/mentions.py). A part with no replacement operation
("сломала руку, поставили гипс") gets none, a relative's fracture stays the relative's, a
question or a plan ("ill need a replacement eventually": "I'll" typed without its apostrophe)
states none. Chinese names the replaced joint itself (换了人工髋关节), so it needs no carrying.

Each row is (text, assistant turn before it, the exact set of (section, entity, status) the
message must yield). The sentences are new, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
REPLACED: list[Row] = [
    ("в марте сломала шейку бедра, поставили протез", None,
     {("injuries", "hip fracture", "active"), ("surgeries", "hip replacement", "historical")}),
    ("бедро сломал, поставили эндопротез, хожу с тростью", None,
     {("injuries", "hip fracture", "active"), ("surgeries", "hip replacement", "historical")}),
    ("broke my hip on the ice and they gave me a new hip", None,
     {("injuries", "hip fracture", "active"), ("surgeries", "hip replacement", "historical")}),
]
NOT_REPLACED: list[Row] = [
    ("сломала руку, поставили гипс", None, {("injuries", "arm fracture", "active")}),
    ("у папы перелом шейки бедра, поставили протез", None,
     {("family_history", "hip fracture", "active")}),
    ("если сломаю бедро, поставят протез?", None, set()),
    ("knees are shot, surgeon says ill need a replacement eventually", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), REPLACED)
def test_the_replacement_is_the_broken_parts(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), NOT_REPLACED)
def test_no_replacement_without_a_replaceable_part_of_ones_own(
    text: str, context: str | None, expected: set[tuple[str, str, str]]
) -> None:
    got = triples(understand(text, context))
    assert {t for t in got if t[0] == "surgeries"} == set()
    assert got == expected
