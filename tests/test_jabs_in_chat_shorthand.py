"""Jabs told in chat's shorthand.

- "did my flu jab yesterday": chat leaves out the "I"; a "did my ..." that asks nothing (no question
  mark) is a statement, not a question;
- the germ a vaccine is named for, listed after another jab ("от гриппа и пневмококка прививался",
  "flu and pneumococcus jabs", "流感和肺炎球菌疫苗都打了"): the pneumococcal vaccine.

The sentences are new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand


@pytest.mark.parametrize(
    ("text", "vaccine"),
    [
        ("did my flu jab at the pharmacy yesterday", "influenza vaccine"),
        ("did my covid booster on saturday, arm a bit sore", "covid-19 vaccine"),
    ],
)
def test_did_my_jab_is_told_not_asked(text: str, vaccine: str) -> None:
    assert ("vaccinations", vaccine, "historical") in triples(understand(text))


def test_did_my_with_a_question_mark_still_asks() -> None:
    assert not understand("did my flu jab cause this sore arm?").events


@pytest.mark.parametrize(
    "text",
    [
        "в поликлинике от гриппа и пневмококка прививалась в октябре",
        "got the flu and pneumococcus jabs at work",
        "流感疫苗和肺炎球菌疫苗上个月都打了",
    ],
)
def test_the_germ_listed_after_a_jab_is_its_vaccine(text: str) -> None:
    found = triples(understand(text))
    assert ("vaccinations", "pneumococcal vaccine", "historical") in found
    assert ("vaccinations", "influenza vaccine", "historical") in found
    assert not any(section == "diagnoses" for section, _, _ in found)
