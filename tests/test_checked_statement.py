"""A statement followed by "is that normal?" states its facts; the tag alone is the question
(``rules.checked_statement``).

- "<complaint>, is that normal?", "<жалоба>, это нормально?", "<症状> 正常吗？": the complaint is the
  user's, as it would be before a full stop;
- the check still covers the whole sentence where it comes first ("is it normal to ...", "это
  нормально, что ..."), where the complaint comes on a trigger ("after", "после", 就, 会), and
  where the complaint is someone else's.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
STATEMENT_THEN_CHECK: list[Row] = [
    ("my ankles have been swelling up all week, is that normal?", None,
     {("symptoms", "peripheral edema", "active")}),
    ("third day of a headache, is this normal??", None, {("symptoms", "headache", "active")}),
    ("кружится голова третий день, это нормально?", None, {("symptoms", "dizziness", "active")}),
    ("от метформина понос, это нормально?", None,
     {("medications", "metformin", "active"), ("symptoms", "diarrhea", "active")}),
    ("这两天一直头晕 正常吗？", None, {("symptoms", "dizziness", "active")}),
    ("最近老是恶心，这正常吗？", None, {("symptoms", "nausea", "active")}),
]

STILL_A_QUESTION: list[Row] = [
    ("is it normal to feel dizzy on amlodipine?", None, set()),
    ("I get a headache whenever I skip coffee, is that normal?", None, set()),
    ("Это нормально, что кружится голова от амлодипина?", None, set()),
    ("когда встаю резко, темнеет в глазах, это нормально?", None, set()),
    ("每次吃完饭就恶心，正常吗？", None, set()),
    ("这个药吃了会头晕，正常吗？", None, set()),
    ("my wife gets headaches on the pill, is that normal?", None, set()),
    ("у мамы кружится голова, это нормально?", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), STATEMENT_THEN_CHECK + STILL_A_QUESTION)
def test_checked_statement(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    got = {t for t in triples(understand(text, context)) if t[0] in ("symptoms", "medications")}
    assert got == expected
