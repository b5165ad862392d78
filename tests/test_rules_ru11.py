"""Russian endings told with everyday verbs, bare endings that refer back, colloquial denials of
hypertension, and questions without a question mark that start elsewhere than the first word.

Every row is a new sentence written the way patients type, not one from the tuned or unseen
dialogue sets: what is checked is the mechanism, so a rewording must read the same. Rows are
(text, assistant turn before it or None, the exact set of (section, entity, status)).
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, Triple, triples, understand

# fmt: off
#: A complaint "went away" in many verbs: "ушли", "сошла", "исчезла", "пропала", "отпустило".
#: "пропал аппетит" is itself a complaint (loss of appetite), not the end of one.
ENDING_VERBS: list[Row] = [
    ("головные боли ушли", None, {("symptoms", "headache", "resolved")}),
    ("сыпь сошла за пару дней", None, {("symptoms", "rash", "resolved")}),
    ("изжога исчезла через неделю", None, {("symptoms", "heartburn", "resolved")}),
    ("тошнота пропала, ем нормально", None, {("symptoms", "nausea", "resolved")}),
    ("поясница болела, сейчас отпустило", None, {("symptoms", "low back pain", "resolved")}),
    ("пропал аппетит", None, {("symptoms", "loss of appetite", "active")}),
    ("аппетит пропал совсем", None, {("symptoms", "loss of appetite", "active")}),
]
# fmt: on

ROWS = ENDING_VERBS


@pytest.mark.parametrize(("text", "context", "expected"), ROWS, ids=[r[0][:40] for r in ROWS])
def test_russian_mechanisms(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context)) == expected
