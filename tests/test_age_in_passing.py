"""An age the writer adds in passing: "42 if that matters", "мужик я 31 год если надо".

A number of years set off as a phrase of its own and flagged as information for the reader ("if that
matters", "by the way", "btw", "если надо", "кстати") is the writer's age, wherever it stands in the
message and whatever the assistant asked, unless the question asked for another number (a weight, a
dose, how many); a sex word added as an item of its own after it ("..., male") is the writer's sex. A
drug's dose before such a flag ("aspirin, 75 btw") is no age.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import understand


def _demographics(text: str, context: str | None) -> dict[str, str]:
    return {e["entity"]: e["value"] for e in understand(text, context).events if e["section"] == "demographics"}


# fmt: off
CASES: list[tuple[str, str | None, dict[str, str]]] = [
    ("my knees ache going downstairs, worse in the cold. 61 if that matters", None, {"age": "61"}),
    ("rash is almost gone now. 27 by the way, if you need it, female", "How's the rash?", {"age": "27", "sex": "female"}),
    ("sleeping badly since the new job. im 35 btw", None, {"age": "35"}),
    ("голова болит третий день, давление 130/85. женщина я 48 лет если надо", None, {"age": "48", "sex": "female"}),
    ("кашель почти прошел. мне 52 года, кстати", "Как кашель?", {"age": "52"}),
    ("on aspirin, 75 btw", None, {}),
    ("80 if that helps", "How much do you weigh?", {}),
    ("сахар утром 7, кстати", None, {}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CASES)
def test_age_in_passing(text: str, context: str | None, expected: dict[str, str]) -> None:
    assert _demographics(text, context) == expected
