"""An English auxiliary after the subject its opening split names asks nothing.

"and i can't have penicillin, it brings me out in hives" states; the lexicon's split "and i" ends at
the subject, and the "can" after it is no inverted question ("and can i have penicillin?" still
asks, and so does any clause with a question mark) (``segment._asks``). The Russian and Chinese
statements of the same kind are read as statements too.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
CASES: list[Row] = [
    ("and i can't have penicillin, it brings me out in hives", None, {("allergies", "penicillin", "active")}),
    ("And I can't take codeine, it makes me vomit", None, {("allergies", "codeine", "active")}),
    ("and i do take metformin, 500 twice a day", None, {("medications", "metformin", "active")}),
    ("and can i have ibuprofen with it", None, set()),
    ("and i can take ibuprofen?", None, set()),
    ("и я не переношу ципрофлоксацин, от него губы отекли", None, {("allergies", "ciprofloxacin", "active")}),
    ("我不能吃环丙沙星，上次吃了嘴唇肿了", None, {("allergies", "ciprofloxacin", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), CASES)
def test_subject_before_auxiliary(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
