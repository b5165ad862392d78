"""A drug's past side effect: the drug stopped or switched, and no symptom event (CONVENTIONS).

- a complaint told as what a drug did ("X gave me Y", "Y from the X", "от него Y", "X吃了两天Y",
  "吃得Y") and a stop or switch of that drug is the drug's past effect: no symptom, whether the
  message says it is over ("..., fine now", "现在不X了") or not (``rules.drug_effects``);
- a stop or switch after the complaint that names no new drug ("医生让我别吃了", "就不吃了",
  "..., switched, ...", "so they swapped it", "..., заменили") stops the drug the complaint came from;
- the complaint stays when the user says it is still there now ("still", "до сих пор", "还"), or
  tells the cause in the present ("is giving me", "от него кашляю"); a drug not stopped leaves
  its effect a current symptom ("since I started metformin I have diarrhoea every day");
- a complaint the stop was for ("stopped the ibuprofen because my back pain went away") is no
  effect of the drug: it stays resolved.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
PAST_EFFECT: list[Row] = [
    ("the naproxen gave me awful heartburn so I packed it in", None,
     {("medications", "naproxen", "stopped")}),
    ("the diarrhoea from the metformin got so bad they stopped it", None,
     {("medications", "metformin", "stopped")}),
    ("lisinopril caused a dry cough so the gp stopped it, cough went within a week", None,
     {("medications", "lisinopril", "stopped")}),
    ("амлодипин пью, эналаприл отменили, от него кашель был, сейчас прошёл", None,
     {("medications", "amlodipine", "active"), ("medications", "enalapril", "stopped")}),
    ("лозартан пью, от эналаприла кашель был сухой, его отменили", None,
     {("medications", "losartan", "active"), ("medications", "enalapril", "stopped")}),
    ("二甲双胍吃了一个礼拜老拉肚子，医生让停了，现在不拉了", None,
     {("medications", "metformin", "stopped")}),
    ("以前吃布洛芬胃疼，早就不吃了", None, {("medications", "ibuprofen", "stopped")}),
    ("氨氯地平吃了脚肿，医生换成缬沙坦了，现在不肿了", None,
     {("medications", "amlodipine", "stopped"), ("medications", "valsartan", "active")}),
]

# a Chinese stop after the complaint stops the drug named before it
STOP_AFTER_THE_EFFECT: list[Row] = [
    ("阿托伐他汀吃了腿疼，医生让我别吃了", None, {("medications", "atorvastatin", "stopped")}),
    ("去年吃过别嘌醇，吃得起疹子就不吃了", None, {("medications", "allopurinol", "stopped")}),
]

# a switch that names no new drug, after the complaint, replaces the drug it came from
BARE_SWITCH: list[Row] = [
    ("amlodipine made my ankles swell, switched, swelling gone", None, {("medications", "amlodipine", "stopped")}),
    ("the amlodipine made my ankles swell so they swapped it", None, {("medications", "amlodipine", "stopped")}),
    ("амлодипин - от него отекали ноги, заменили, отеки прошли", None, {("medications", "amlodipine", "stopped")}),
    ("氨氯地平吃了脚肿，换药了，现在不肿了", None, {("medications", "amlodipine", "stopped")}),
    ("amlodipine made my ankles swell, switched me to losartan, still swollen", None,
     {("medications", "amlodipine", "stopped"), ("medications", "losartan", "active"),
      ("symptoms", "swelling", "active")}),
]

# still there now, or caused in the present: a current symptom
STILL_THERE: list[Row] = [
    ("simvastatin gave me cramps so I came off it, still get cramps at night", None,
     {("medications", "simvastatin", "stopped"), ("symptoms", "muscle cramps", "active")}),
    ("от аторвастатина болели мышцы, его отменили, но мышцы до сих пор болят", None,
     {("medications", "atorvastatin", "stopped"), ("symptoms", "muscle pain", "active")}),
    ("二甲双胍吃了拉肚子，换成了西格列汀，现在还拉肚子", None,
     {("medications", "metformin", "stopped"), ("medications", "sitagliptin", "active"),
      ("symptoms", "diarrhea", "active")}),
]

# a drug not stopped: its effect is a symptom now; a complaint the stop was for is no effect
NOT_AN_ENDED_EFFECT: list[Row] = [
    ("since I started metformin I have diarrhoea every day", None,
     {("medications", "metformin", "active"), ("symptoms", "diarrhea", "active")}),
    ("二甲双胍吃了拉肚子", None, {("medications", "metformin", "active"), ("symptoms", "diarrhea", "active")}),
    ("от метформина понос", None, {("medications", "metformin", "active"), ("symptoms", "diarrhea", "active")}),
    ("stopped the ibuprofen because my back pain went away", None,
     {("medications", "ibuprofen", "stopped"), ("symptoms", "back pain", "resolved")}),
    ("кашель прошёл, эналаприл отменили", None,
     {("medications", "enalapril", "stopped"), ("symptoms", "cough", "resolved")}),
    ("昨天吃了火锅拉肚子", None, {("symptoms", "diarrhea", "active")}),
]
# fmt: on


@pytest.mark.parametrize(
    ("text", "context", "expected"),
    [*PAST_EFFECT, *STOP_AFTER_THE_EFFECT, *BARE_SWITCH, *STILL_THERE, *NOT_AN_ENDED_EFFECT],
)
def test_a_stopped_drugs_past_effect_is_no_symptom(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


def test_a_cause_told_in_the_present_is_a_symptom_now() -> None:
    """ "is giving me" keeps the complaint current even when the drug is switched in the sentence."""
    got = triples(understand("the doxy is giving me awful nausea, gp switched me to lymecycline"))
    assert ("symptoms", "nausea", "active") in got
    assert ("medications", "doxycycline", "stopped") in got
