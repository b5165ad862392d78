"""Ages as chat writes them, and ages that are only a likeness.

- a sex letter written against the age at the start of a message ("m67.", "ж52, ...");
- "мне же 15" (a particle between "мне" and the years);
- "ache like i'm 90", "feel as if i'm 80": a likeness says nothing of the writer's age;
- "just turned 70": the age reached;
- the height and weight told after a sex-age pair ("муж 48, рост 182 вес 95": "муж" is the writer,
  not a husband whose sizes these would be).

The sentences are new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import understand


def _profile(text: str, context: str | None = None) -> dict[str, str]:
    return {e["entity"]: e["value"] for e in understand(text, context).events if e["section"] == "demographics"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("m67. knees are shot", {"sex": "male", "age": "67"}),
        ("f38, two kids, tired all the time", {"sex": "female", "age": "38"}),
        ("ж52. давление скачет", {"sex": "female", "age": "52"}),
        ("а ибупрофен можно? мне же 16", {"age": "16"}),
        ("just turned 70 last week, bp fine", {"age": "70"}),
        ("муж 48, рост 182 вес 95. храплю", {"sex": "male", "age": "48", "height_cm": "182", "weight_kg": "95"}),
    ],
)
def test_ages_written_short(text: str, expected: dict[str, str]) -> None:
    assert _profile(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "my back aches like i'm 95 some mornings",
        "walking up stairs i feel as if i'm 80",
        "puffing like I am 70 on the hill",
        "the rash turned 2 shades darker",
    ],
)
def test_a_likeness_is_no_age(text: str) -> None:
    assert "age" not in _profile(text)


def test_a_plain_age_still_reads() -> None:
    assert _profile("i'm 44 and on sertraline")["age"] == "44"
