"""A bare "no blood" is the denial its site names (``rules.named_by_site``), and denies nothing else.

- "no blood" / "крови нет" / "没有血" in a message (or after a question) that names where: the urine
  (``hematuria``), the stool (``hematochezia``), the sputum (``hemoptysis``), the vomit
  (``hematemesis``);
- no site, or two, or a site said of someone else: no fact; "no blood tests", "no blood pressure
  problems" are no bare "no blood";
- the Russian "крови нет" after a complaint denies the blood, never the complaint before the pause
  ("кашляю, крови нет": the cough is there) (``ru_negation.denies_no_mention``).

Each row is (message, the assistant's question before it, the exact set of (section, entity,
status) it must yield). The sentences are new, written for this test; none is from the gold, dev,
validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
ROWS: list[Row] = [
    ("it stings when i pee, no blood though", None,
     {("symptoms", "dysuria", "active"), ("symptoms", "hematuria", "confirmed_absent")}),
    ("loose stools since sunday, but no blood", None,
     {("symptoms", "diarrhea", "active"), ("symptoms", "hematochezia", "confirmed_absent")}),
    ("green phlegm all week, no blood", None,
     {("symptoms", "sputum production", "active"), ("symptoms", "hemoptysis", "confirmed_absent")}),
    ("no blood", "Any blood when you pass urine?", {("symptoms", "hematuria", "confirmed_absent")}),
    ("понос второй день, крови нет", None,
     {("symptoms", "diarrhea", "active"), ("symptoms", "hematochezia", "confirmed_absent")}),
    ("кашляю с мокротой, крови не было", None,
     {("symptoms", "cough", "active"), ("symptoms", "sputum production", "active"),
      ("symptoms", "hemoptysis", "confirmed_absent")}),
    ("крови нет", "Была ли кровь в моче?", {("symptoms", "hematuria", "confirmed_absent")}),
    ("拉肚子两天了，没有血", None,
     {("symptoms", "diarrhea", "active"), ("symptoms", "hematochezia", "confirmed_absent")}),
    ("尿频，没带血", None,
     {("symptoms", "frequent urination", "active"), ("symptoms", "hematuria", "confirmed_absent")}),
    # no site, or not the user's, or no bare blood: nothing
    ("no blood so far", None, set()),
    ("my husband pees blood sometimes, i've had no blood at all", None, set()),
    ("no blood tests yet", None, set()),
    ("кашляю, крови нет", None, {("symptoms", "cough", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_a_bare_no_blood_is_named_by_its_site(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected
