"""A run of denials with no commas answers each asked thing: "no bleeding no pain" to "Any bleeding or
tummy pain?" denies both, the bare "pain" being the asked tummy pain (``asked_parts._denial_run``).

Each "no" / "нет" of a run-on reply opens a piece of its own, as a comma would; Chinese replies
already part at each "不" / "没" clause. The sentences are new, written for this test; none is from
the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

ROWS: list[Row] = [
    ("no swelling no pain, bit of a rash", "Any leg swelling, chest pain or rash?",
     {("symptoms", "leg swelling", "confirmed_absent"), ("symptoms", "chest pain", "confirmed_absent"),
      ("symptoms", "rash", "active")}),
    ("no pain no blood", "Any pain in your tummy or blood in your stool?",
     {("symptoms", "abdominal pain", "confirmed_absent"), ("symptoms", "hematochezia", "confirmed_absent")}),
    ("нет отеков нет боли", "Есть ли отеки ног или боль в груди?",
     {("symptoms", "leg swelling", "confirmed_absent"), ("symptoms", "chest pain", "confirmed_absent")}),
    ("不肿不疼", "腿肿不肿？胸口疼不疼？",
     {("symptoms", "leg swelling", "confirmed_absent"), ("symptoms", "chest pain", "confirmed_absent")}),
]


@pytest.mark.parametrize(("text", "context", "expected"), ROWS)
def test_each_denial_of_a_run_answers_its_own_thing(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


def test_a_reply_with_one_denial_stays_one_piece() -> None:
    assert triples(understand("no, the pain is gone", "Any chest pain?")) == {("symptoms", "chest pain", "resolved")}
