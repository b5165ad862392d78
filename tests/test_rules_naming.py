"""The names the rules give, as independent annotators name the same concepts (issue 11, naming):
a swollen body part is that part's swelling in Russian as in English ("голеностоп опух": ankle
swelling, not the generic swelling); swollen legs are leg swelling and a Chinese 脚踝肿 ankle
swelling; 腰 is the lower back; "подвернуть ногу" is the idiom for a twisted ankle; a renamed
canonical is what the rules emit. The sentences are new, written for these probes.

Each row is (text, assistant turn before it or None, the exact set of (section, entity, status)).
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
SWOLLEN_PARTS: list[Row] = [
    ("голеностоп опух после падения", None, {("symptoms", "ankle swelling", "active")}),
    ("с утра запястье опухло, трудно держать чашку", None, {("symptoms", "wrist swelling", "active")}),
    ("локоть отёк после удара", None, {("symptoms", "elbow swelling", "active")}),
    ("к вечеру ноги опухли", None, {("symptoms", "leg swelling", "active")}),
    ("my legs swell up by the evening", None, {("symptoms", "leg swelling", "active")}),
    ("两条腿肿了一个星期", None, {("symptoms", "leg swelling", "active")}),
    ("右脚踝肿得厉害", None, {("symptoms", "ankle swelling", "active")}),
    ("my ankles are swollen again tonight", None, {("symptoms", "peripheral edema", "active")}),
]

NAMED_AS_ANNOTATORS_DO: list[Row] = [
    ("вчера подвернул ногу на ступеньках", None, {("injuries", "ankle sprain", "active")}),
    ("ногу подвернула на каблуках", None, {("injuries", "ankle sprain", "active")}),
    ("腰疼了三天", None, {("symptoms", "low back pain", "active")}),
    ("搬家以后腰一直酸", None, {("symptoms", "low back pain", "active")}),
    ("позавчера ЭКГ показала синусовую тахикардию", None, {("diagnoses", "sinus tachycardia", "active")}),
    ("had a chest infection last month, all cleared now", None,
     {("diagnoses", "lower respiratory tract infection", "resolved")}),
    ("hurt my back moving a wardrobe", None, {("injuries", "back strain", "active")}),
    ("I'm allergic to house dust and ragweed", None,
     {("allergies", "house dust mite", "active"), ("allergies", "ragweed pollen", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "before", "expected"), SWOLLEN_PARTS + NAMED_AS_ANNOTATORS_DO)
def test_named_as_annotators_name_it(text: str, before: str | None, expected: set) -> None:
    assert triples(understand(text, before)) == expected
