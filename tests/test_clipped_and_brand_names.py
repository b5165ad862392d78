"""Drug names as patients write them: a clipped name ("the oxy") and a brand that is one letter
pair away from another drug's brand ("eumovate", clobetasone, is not "dermovate", clobetasol).
The typo reader must not turn a known brand into its near neighbour, so each brand needs its own
entry in the drug lexicons.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("weaned off the oxy, just tylenol now if needed",
         {("medications", "oxycodone", "stopped"), ("medications", "paracetamol", "active")}),
        ("gp swapped the hydrocortisone for a stronger one, eumovate",
         {("medications", "hydrocortisone", "stopped"), ("medications", "clobetasone", "active")}),
        ("dermovate twice a day on the patches", {("medications", "clobetasol", "active")}),
    ],
)
def test_clipped_names_and_near_brands(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text)) == expected


def test_a_clipped_name_of_someone_else_is_not_the_users() -> None:
    assert triples(understand("my ex was on oxy for years")) == set()
