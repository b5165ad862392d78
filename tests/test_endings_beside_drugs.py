"""Endings and denials beside a drug that are not about the drug (``rules.status``,
``rules.own_noun``, ``data/cues.tsv``).

- an English "no" or "no more" before a noun no vocabulary knows denies or ends that noun
  ("no lows since", "no relief", "no more INR checks"), never the drug named before it; a
  known name in its phrase keeps the denial its own ("no night hypos"); Russian "никакого
  эффекта" and Chinese "没什么效果" already read so;
- an ending that says an illness got well ("gone", "cleared up", "прошёл", "好了") never stops
  the drug the user is on: "the tremor is gone on the propranolol" ends the tremor;
- a thing that will not stop goes on ("a cough that just would not stop", "не могу перестать
  кашлять"), and the denial reaches no drug after it;
- the "no" of a self-correction ("60, ой нет, половинку", "no wait", "哦不对") denies nothing.

Each row is (message, the assistant turn before it, the exact set of (section, entity, status)).
The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
OWN_NOUN: list[Row] = [
    ("doc lowered the gliclazide, no lows since", None, {("medications", "gliclazide", "active")}),
    ("took the paracetamol, no relief", None, {("medications", "paracetamol", "active")}),
    ("started the insulin, no hypos since", None,
     {("medications", "insulin", "active"), ("symptoms", "hypoglycemia", "resolved")}),
    ("on apixaban now. no more INR checks", None, {("medications", "apixaban", "active")}),
    ("no regular meds", None, {("medications", "*", "confirmed_absent")}),
    ("пью эутирокс, никакого эффекта", None, {("medications", "levothyroxine", "active")}),
    ("吃了布洛芬，没什么效果", None, {("medications", "ibuprofen", "active")}),
]

RECOVERY_ON_A_DRUG: list[Row] = [
    ("the tremor is gone on the propranolol", None,
     {("symptoms", "tremor", "resolved"), ("medications", "propranolol", "active")}),
    ("my headaches have gone on the amitriptyline", None,
     {("symptoms", "headache", "resolved"), ("medications", "amitriptyline", "active")}),
    ("тремор прошёл на анаприлине", None,
     {("symptoms", "tremor", "resolved"), ("medications", "propranolol", "active")}),
    ("прошла курс амоксициллина", None, {("medications", "amoxicillin", "stopped")}),
    ("吃了普萘洛尔手抖好了", None,
     {("medications", "propranolol", "active"), ("symptoms", "tremor", "resolved")}),
]

GOES_ON: list[Row] = [
    ("a dry cough that just won't stop since the ramipril", None,
     {("symptoms", "cough", "active"), ("medications", "ramipril", "active")}),
    ("can't stop sneezing", None, {("symptoms", "sneezing", "active")}),
    ("не могу перестать кашлять", None, {("symptoms", "cough", "active")}),
]

CORRECTION_NO: list[Row] = [
    ("сертралин 100 мг, ой нет, половинку", None, {("medications", "sertraline", "active")}),
    ("amlodipine 10 mg, no wait, half a tablet", None, {("medications", "amlodipine", "active")}),
    ("吃的阿托伐他汀，哦不对，是瑞舒伐他汀", None, {("medications", "rosuvastatin", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), OWN_NOUN + RECOVERY_ON_A_DRUG + GOES_ON + CORRECTION_NO)
def test_ending_beside_a_drug(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected


# a corrected dose: the later value wins, with the unit of the first and the words after it kept
CORRECTED_DOSES = [
    ("Глюкофаж по 850 два раза, ой нет, по 1000 два раза в день", "metformin", "1000 mg"),
    ("propranolol's gone up to 80, no wait, 60 twice a day", "propranolol", "60 mg"),
    ("氨氯地平10mg，哦不对，5mg", "amlodipine", "5 mg"),
]


@pytest.mark.parametrize(("text", "entity", "dose"), CORRECTED_DOSES)
def test_corrected_dose(text: str, entity: str, dose: str) -> None:
    (event,) = [e for e in understand(text).events if e["section"] == "medications"]
    assert (event["entity"], event["status"], event.get("dose")) == (entity, "active", dose)
