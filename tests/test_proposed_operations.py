"""An operation a clinician only proposes, or one set for a day to come, is no surgery had (``rules/plans.py``).

- a proposal before the operation in its clause ("they talked about septoplasty", "consultant
  recommended a hysterectomy", "ортопед говорит артроскопия", "хирург предлагает холецистэктомию"),
  a doubt after it ("a knee replacement, haven't decided"), or a day to come before it ("через неделю
  артроскопия", "下礼拜拔牙", "约了下周三做胆囊切除") leaves no ``historical`` surgery and no denial;
- the operation told as done stays: "врач говорит, артроскопию сделали хорошо", "had my gallbladder
  removed last year", "去年切了阑尾".

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
PROPOSED: list[Row] = [
    ("they talked about a hysterectomy if the bleeding doesnt settle", None, set()),
    ("consultant recommended a hysterectomy", None, set()),
    ("the surgeon is offering a knee replacement, havent decided", None, set()),
    ("ортопед говорит артроскопия", None, set()),
    ("через неделю артроскопия", None, set()),
    ("хирург предлагает холецистэктомию", None, set()),
    ("下礼拜拔牙", None, set()),
    ("约了下周三做胆囊切除", None, set()),
]

DONE: list[Row] = [
    ("I had my gallbladder removed last year", None, {("surgeries", "cholecystectomy", "historical")}),
    ("врач говорит, артроскопию сделали хорошо", None, {("surgeries", "arthroscopy", "historical")}),
    ("сделали артроскопию, ортопед говорит всё хорошо", None, {("surgeries", "arthroscopy", "historical")}),
    ("去年切了阑尾", None, {("surgeries", "appendectomy", "historical")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), PROPOSED + DONE)
def test_a_proposed_operation_is_not_had(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected
