"""A jab told by where or how it was given is the vaccine, never the illness; a sore arm after it
is the jab's injection site pain.

"got the hep a and typhoid at the travel clinic today", "got yellow fever and typhoid done",
"сделал тиф в прививочном центре", "黄热病的上礼拜在海关那边打了": an illness is caught, not received at a
travel clinic or "done", and 打 closing the clause after a disease is the jab
(``rules/jab_setting.py``). A word of falling ill ("caught", "заболел", "确诊"), a bare "got covid",
a question, another person or a treatment after 打 ("打了三天吊瓶") keep it from being a jab. The
sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
JABS: list[Row] = [
    ("got the hep b and tetanus at the travel clinic this morning", None,
     {("vaccinations", "hepatitis b vaccine", "historical"), ("vaccinations", "tetanus vaccine", "historical")}),
    ("got rabies and typhoid done on friday", None,
     {("vaccinations", "rabies vaccine", "historical"), ("vaccinations", "typhoid vaccine", "historical")}),
    ("had yellow fever for the trip to peru", None, {("vaccinations", "yellow fever vaccine", "historical")}),
    ("в прививочном центре сделала брюшной тиф и гепатит а", None,
     {("vaccinations", "typhoid vaccine", "historical"), ("vaccinations", "hepatitis a vaccine", "historical")}),
    ("от тифа делал два года назад", None, {("vaccinations", "typhoid vaccine", "historical")}),
    ("甲肝的前天在疾控那边打了", None, {("vaccinations", "hepatitis a vaccine", "historical")}),
    ("乙肝的去年已经打了三针", None, {("vaccinations", "hepatitis b vaccine", "historical")}),
]

NOT_JABS: list[Row] = [
    ("caught the flu at the travel clinic", None, {("diagnoses", "influenza", "active")}),
    ("had covid before my holiday, all better now", None, {("diagnoses", "covid-19", "resolved")}),
    ("i have hep b and need advice for my trip", None, {("chronic_conditions", "chronic hepatitis b", "active")}),
    ("got covid at the travel clinic lol", None, {("diagnoses", "covid-19", "active")}),
    ("should i get the hep a done at the travel clinic?", None, set()),
    ("my husband got the typhoid and hep a at the travel clinic", None, set()),
    ("заболела тифом в поездке, лежала в прививочном центре", None, {("diagnoses", "typhoid fever", "active")}),
    ("болел тифом в детстве", None, {("diagnoses", "typhoid fever", "resolved")}),
    ("确诊甲肝，住院打了", None, {("diagnoses", "hepatitis a", "active")}),
    ("要不要打甲肝？", None, set()),
]

SORE_ARM: list[Row] = [
    ("flu jab this morning and my arm is sore", None,
     {("vaccinations", "influenza vaccine", "historical"), ("symptoms", "injection site pain", "active")}),
    ("сделала прививку от столбняка, рука болит", None,
     {("vaccinations", "tetanus vaccine", "historical"), ("symptoms", "injection site pain", "active")}),
    # an injury of the message explains the arm
    ("had my covid booster, but i broke my arm last month", None,
     {("vaccinations", "covid-19 vaccine", "historical"), ("injuries", "arm fracture", "active")}),
    # no jab in the message: the arm is only sore
    ("my arm is sore after the gardening", None, {("symptoms", "arm pain", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), JABS)
def test_a_disease_received_where_jabs_are_given_is_its_vaccine(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), NOT_JABS)
def test_an_illness_caught_asked_or_of_another_stays_no_jab(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), SORE_ARM)
def test_a_sore_arm_after_a_jab_is_injection_site_pain(text: str, context: str | None, expected: set) -> None:
    assert triples(understand(text, context)) == expected
