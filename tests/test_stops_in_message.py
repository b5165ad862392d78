"""A stop said of a drug the same message named (``rules.stops_in_message``, ``rules.status``).

- a stop by a pronoun ("stopped it", "not taking it anymore", "ditched it", "swapped it for",
  "бросила его", "那个药不吃了") ends the drug the message named last before it, and never the drug
  the next verb starts ("the GP stopped it and started me on pravastatin");
- a Chinese cream is used with 抹 / 涂, so "不涂了" stops it as "不吃了" stops a tablet;
- an English "stop" with its drug as object ("had to stop the metformin") ends it; a question or a
  plan to stop ends nothing, and a bare "stop" ("won't stop") is no ending of a drug;
- a Russian ending verb after the drug it ends ("эналаприл отменили и назначили лозартан", "врач его
  отменил и назначил...") closes at the "и": the next verb's drug is started, not stopped;
- a Russian side effect told in the present up to the stop ("от X пальцы немеют, врач сказал
  отменять") is still there; one told in the past ended with the drug.

Each row is (message, the assistant turn before it, the exact set of (section, entity, status)).
The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
PRONOUN_STOPS: list[Row] = [
    ("the simvastatin made my legs ache so the GP stopped it and started me on pravastatin", None,
     {("medications", "simvastatin", "stopped"), ("medications", "pravastatin", "active")}),
    ("the sertraline made me jittery. not taking it anymore", None, {("medications", "sertraline", "stopped")}),
    ("tried the melatonin for a month, did nothing so I ditched it", None, {("medications", "melatonin", "stopped")}),
    ("my ankles puffed up on the nifedipine so she swapped it for ramipril", None,
     {("medications", "nifedipine", "stopped"), ("medications", "ramipril", "active")}),
    ("пила метформин полгода, потом бросила его", None, {("medications", "metformin", "stopped")}),
    ("吃了二甲双胍老拉肚子，那个药不吃了，现在吃阿卡波糖", None,
     {("medications", "metformin", "stopped"), ("medications", "acarbose", "active")}),
    ("氨氯地平吃了脚肿，医生说那药停了吧，换成缬沙坦", None,
     {("medications", "amlodipine", "stopped"), ("medications", "valsartan", "active")}),
]

# a cream stopped is said with the verb it is used with ("不涂了", "не мажу", "not using it")
TOPICAL: list[Row] = [
    ("之前抹过夫西地酸乳膏 没啥效果 后来就不涂了", None, {("medications", "fusidic acid", "stopped")}),
    ("was on the adapalene gel for a bit, not using it anymore", None, {("medications", "adapalene", "stopped")}),
    ("мазала вольтареном колено, больше не мажу", None, {("medications", "diclofenac", "stopped")}),
]

STOP_THE_DRUG: list[Row] = [
    ("had to stop the metformin, it upset my stomach", None, {("medications", "metformin", "stopped")}),
    ("the pharmacist told me to stop my ibuprofen", None, {("medications", "ibuprofen", "stopped")}),
    ("should I stop the metformin?", None, set()),
    ("my legs won't stop the twitching at night", None, {("symptoms", "twitching", "active")}),
    ("невролог сказал отменить финлепсин", None, {("medications", "carbamazepine", "stopped")}),
]

RU_OBJECT_FIRST: list[Row] = [
    ("эналаприл отменили и назначили лозартан", None,
     {("medications", "enalapril", "stopped"), ("medications", "losartan", "active")}),
    ("от эналаприла першит в горле, врач его отменил и назначил валсартан", None,
     {("medications", "enalapril", "stopped"), ("symptoms", "sore throat", "active"), ("medications", "valsartan", "active")}),
    ("Конкор бросила и начала пить метопролол", None,
     {("medications", "bisoprolol", "stopped"), ("medications", "metoprolol", "active")}),
]

RU_EFFECT_TENSE: list[Row] = [
    ("от амлодипина ноги отекают, врач отменил", None,
     {("medications", "amlodipine", "stopped"), ("symptoms", "leg swelling", "active")}),
    ("от амлодипина ноги отекали, врач отменил", None, {("medications", "amlodipine", "stopped")}),
]
# fmt: on


@pytest.mark.parametrize(
    ("text", "context", "expected"), PRONOUN_STOPS + TOPICAL + STOP_THE_DRUG + RU_OBJECT_FIRST + RU_EFFECT_TENSE
)
def test_stop_in_message(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
