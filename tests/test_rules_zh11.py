"""The rules backend in Chinese, eleventh round (issue 11): failure kinds as general mechanisms,
each with new sentences written for it (none copied from an evaluation set).

- an ending said in a later message that names nothing ("好了", "早就好了", "没事了", "消了",
  "不疼了") refers to the illness, symptom or injury discussed last: the message proposes a
  resolved ``^`` event and the fold finds the referent (tests/test_reconcile.py);
  "好了，我知道了" closes a conversation and ends nothing;
- "药也停了" is the drug in question stopped, not every drug denied.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, Triple, triples, understand

# fmt: off
#: a recovery that names nothing: the one discussed last is over (the fold resolves "^")
UNNAMED_RECOVERY: list[Row] = [
    ("好了", None, {("diagnoses", "^", "resolved")}),
    ("早就好了", None, {("diagnoses", "^", "resolved")}),
    ("现在没事了", None, {("diagnoses", "^", "resolved")}),
    ("基本上全好了，谢谢医生", None, {("diagnoses", "^", "resolved")}),
    # a pain, a swelling or a fever that went points to the symptom
    ("不疼了", None, {("symptoms", "^", "resolved")}),
    ("已经消下去了", None, {("symptoms", "^", "resolved")}),
    ("退了", None, {("symptoms", "^", "resolved")}),
    # with the medicine stopped too: the one in question, not every medicine
    ("好了，药也停了", None, {("diagnoses", "^", "resolved"), ("medications", "^", "stopped")}),
    # an ending that names its illness is that illness
    ("咳嗽好了", None, {("symptoms", "cough", "resolved")}),
    # the end of a conversation, a question, a promise: nothing is over
    ("好了好了，我知道了", None, set()),
    ("好了，那我先去做饭", None, set()),
    ("吃几天药就好了吗", None, set()),
]
# fmt: on

ROUND_ELEVEN = [*UNNAMED_RECOVERY]


@pytest.mark.parametrize(("text", "context", "expected"), ROUND_ELEVEN)
def test_understands_chinese_round_eleven(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context, "zh")) == expected
