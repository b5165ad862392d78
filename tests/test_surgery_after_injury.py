"""An operation named by the injury it mended ("trauma surgery", "операция после травмы", "外伤手术")
is a surgery the user had; asked about ("will I need trauma surgery?") it is none.

Each row is (message, the assistant turn before it, language, the exact set of (section, entity,
status) it must yield). The sentences are new, written for this test, not from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

ROWS = [
    ("yes, major trauma surgery after the crash in 2012", "Any operations in the past?", "en",
     {("surgeries", "trauma surgery", "historical")}),
    ("в 2015 была операция после травмы, сейчас всё нормально", None, "ru",
     {("surgeries", "trauma surgery", "historical")}),
    ("十年前做过外伤手术", None, "zh", {("surgeries", "trauma surgery", "historical")}),
    ("will I need trauma surgery?", None, "en", set()),
]


@pytest.mark.parametrize(("text", "context", "lang", "expected"), ROWS, ids=[r[0][:30] for r in ROWS])
def test_surgery_named_by_its_injury(text: str, context: str | None, lang: str, expected: set) -> None:
    assert triples(understand(text, context, lang)) == expected
