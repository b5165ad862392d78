"""Doses said in chat: changed in everyday verbs, planned, asked about, or someone else's
(``rules.attributes``, ``rules.referring``).

- an English dose change of a drug the message names, often without a unit ("pushed the
  bisoprolol up to 5", "ramipril went up to 10", "halved the citalopram to 10", "zoloft is 50
  now"), gives the drug's new dose in its usual unit, as Russian and Chinese changes did;
- a change still to come ("going up to 150 next week", "через месяц повысим до 40",
  "两周后加到1000") leaves the dose said now; one told as done ("через неделю подняли до 50",
  "两周后加到了1000") is the dose now;
- a dose in a question or of someone else ("can I go up to 20 mg?", "можно поднять до 20 мг?",
  "能不能加到10mg？", "my husband is on 20 mg of it") is no dose of the user's;
- a dose said now with no drug ("сейчас на 100 мг", "on 100mg now", "cut me down to 2.5mg") refers to
  the drug discussed;
- vitamin D in Russian "ед" or Chinese "单位" is in IU (English "units" keeps its word); "ug" is mcg.

Each row is (message, the assistant turn before it, the exact medication (entity, status, dose)
set it must give, dose ``None`` when none). The sentences are new, written for this test; none is
from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import understand

DoseRow = tuple[str, str | None, set[tuple[str, str, str | None]]]

# fmt: off
NAMED_CHANGES: list[DoseRow] = [
    ("the cardiologist pushed the bisoprolol up to 5", None, {("bisoprolol", "active", "5 mg")}),
    ("ramipril went up to 10 last month", None, {("ramipril", "active", "10 mg")}),
    ("gp halved the citalopram to 10", None, {("citalopram", "active", "10 mg")}),
    ("atorvastatin was dropped from 80 to 40", None, {("atorvastatin", "active", "40 mg")}),
    ("sertraline is 100 now, much calmer", None, {("sertraline", "active", "100 mg")}),
    ("аторвастатин подняли до 40", None, {("atorvastatin", "active", "40 mg")}),
    ("医生把缬沙坦加到160了", None, {("valsartan", "active", "160 mg")}),
]

PLANNED: list[DoseRow] = [
    ("started venlafaxine 75, going up to 150 next week", None, {("venlafaxine", "active", "75 mg")}),
    ("аторвастатин 20 мг, через месяц повысим до 40", None, {("atorvastatin", "active", "20 mg")}),
    ("先吃二甲双胍500mg，医生说两周后加到1000", None, {("metformin", "active", "500 mg")}),
    # told as done, a change a while later is the dose now
    ("сертралин 25 мг, через неделю подняли до 50", None, {("sertraline", "active", "50 mg")}),
    ("二甲双胍500mg，两周后加到了1000", None, {("metformin", "active", "1000 mg")}),
]

NOT_THE_USERS: list[DoseRow] = [
    ("I take lisinopril 10 mg, can I go up to 20 mg?", None, {("lisinopril", "active", "10 mg")}),
    ("I'm on ramipril 5mg, my wife takes 10 mg of it", None, {("ramipril", "active", "5 mg")}),
    ("эналаприл 10 мг, можно поднять до 20 мг?", None, {("enalapril", "active", "10 mg")}),
    ("атенолол 50 мг, а муж пьёт 100 мг", None, {("atenolol", "active", "50 mg")}),
    ("氨氯地平5mg，能不能加到10mg？", None, {("amlodipine", "active", "5 mg")}),
]

REFERRED: list[DoseRow] = [
    ("короче сейчас на 150 мг, тревога ушла", None, {("^", "active", "150 mg")}),
    ("i'm on 40mg now, feeling better", None, {("^", "active", "40 mg")}),
    # the change done to the user, the drug unnamed: "cut me down to", "knocked me back to"
    ("INR came back 4.2 so the clinic cut me down to 2.5mg", None, {("^", "active", "2.5 mg")}),
    ("they knocked me back to 50 after the dizzy spells", None, {("^", "active", "50")}),
]

UNITS: list[DoseRow] = [
    ("аквадетрим 1000 ед каждый день", None, {("cholecalciferol", "active", "1000 IU")}),
    ("维生素D 800单位 每天一粒", None, {("cholecalciferol", "active", "800 IU")}),
    ("vitamin d 1000 units a day", None, {("cholecalciferol", "active", "1000 units")}),
    ("优甲乐一天75ug", None, {("levothyroxine", "active", "75 mcg")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), NAMED_CHANGES + PLANNED + NOT_THE_USERS + REFERRED + UNITS)
def test_dose_in_chat(text: str, context: str | None, expected: set[tuple[str, str, str | None]]) -> None:
    got = {
        (e["entity"], e["status"], e.get("dose")) for e in understand(text, context).events if e["section"] == "medications"
    }
    assert got == expected
