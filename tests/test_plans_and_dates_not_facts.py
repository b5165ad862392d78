"""What is still to come and what only dates an event name no fact of now.

A medicine whose start is still ahead, named by a pronoun ("doxycycline, ill start it before I
fly", "выписали ксарелто, начну его после операции", "开了二甲双胍，下周开始吃"), is not taken yet
(``plans.without_later_starts``); an operation only booked ("booked me in for an extraction",
"septoplasty, booked for june") is not had. An age that dates an event ("about age 6", "12岁确诊的")
or names a child ("my 4yo") is not the user's age; a lab value that rises ("ferritin up to 35",
"гемоглобин поднялся до 118") is no dose of the medicine discussed. The sentences are new, written
for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
NO_FACT_YET: list[Row] = [
    ("yeah doxycycline, ill start it two days before the flight", "Did they recommend malaria tablets?", set()),
    ("врач выписал ксарелто, начну его пить после операции", None, set()),
    ("医生开了二甲双胍，下周开始吃", None, set()),
    ("dentist booked me in for an extraction", None, set()),
    ("ENT says septoplasty, booked for june", None, set()),
]

DATES_NOT_AGES: list[Row] = [
    ("yes, around age 7 I think", "Did you have measles as a child?", {("diagnoses", "measles", "resolved")}),
    ("哮喘 12岁确诊的", None, {("chronic_conditions", "asthma", "active")}),
    ("my 3yo has a cough", None, set()),
]

KEPT: list[Row] = [
    ("had my knee replaced, booked the physio for june", None, {("surgeries", "knee replacement", "historical")}),
    ("on metformin, and I'll start it again tomorrow", None, set()),
    ("I'm a 45 yo woman", None, {("demographics", "age", "active"), ("demographics", "sex", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), NO_FACT_YET)
def test_a_start_or_operation_still_ahead_is_no_fact(text: str, context: str | None, expected: set) -> None:
    result = understand(text, context)
    assert triples(result) == expected
    assert result.sections, "the plan is still a topic of the message"


@pytest.mark.parametrize(("text", "context", "expected"), DATES_NOT_AGES)
def test_an_age_dating_an_event_is_not_the_users_age(text: str, context: str | None, expected: set) -> None:
    assert {t for t in triples(understand(text, context)) if t[0] == "demographics"} == set()
    assert {t for t in triples(understand(text, context)) if t[0] != "demographics"} >= expected - {
        t for t in expected if t[0] == "demographics"
    }


@pytest.mark.parametrize(("text", "context", "expected"), KEPT)
def test_what_was_done_or_is_the_users_stays(text: str, context: str | None, expected: set) -> None:
    assert expected <= triples(understand(text, context))


@pytest.mark.parametrize(
    "text",
    ["ferritin up to 35 now", "гемоглобин поднялся до 118", "Hb up to 125 now"],
)
def test_a_rising_lab_value_is_no_dose(text: str) -> None:
    assert not any(e["section"] == "medications" for e in understand(text).events)


@pytest.mark.parametrize(
    ("text", "entity", "dose"),
    [
        ("TSH was 7 so they upped me to 100mcg", "^", "100 mcg"),
        ("氯沙坦加到100了", "losartan", "100 mg"),
        ("ттг 5,9, эутирокс подняли до 75", "levothyroxine", "75"),
    ],
)
def test_a_medicine_changed_after_a_lab_value_keeps_its_dose(text: str, entity: str, dose: str) -> None:
    (event,) = [e for e in understand(text).events if e["section"] == "medications"]
    assert (event["entity"], event.get("dose", "").split(" ")[0]) == (entity, dose.split(" ")[0])


# fmt: off
NOT_YET: list[Row] = [
    ("not yet, they said whooping cough at 20 weeks", "Have you been offered any vaccines yet?", set()),
    ("пока нет, от коклюша предлагают в третьем триместре", None, set()),
    ("还没，医生说下个月打流感疫苗", None, set()),
    ("not yet, but I had the tetanus jab last week", "Have you had your jabs?",
     {("vaccinations", "tetanus vaccine", "historical")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), NOT_YET)
def test_a_jab_after_not_yet_is_still_to_come(text: str, context: str | None, expected: set) -> None:
    """ "not yet, ..." opening a sentence: its jabs and operations are not had, unless told as done."""
    assert {t for t in triples(understand(text, context)) if t[2] == "historical"} == expected
