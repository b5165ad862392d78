"""A plural ending ends the complaints an illness brought, not the illness told before them.

"甲亢半年了 之前心慌手抖 吃药以后都没了": the palpitations and the tremor are over, the hyperthyroidism
goes on (it is being treated). A plural ending after complaints alone ends them all, and one
after illnesses alone ends those.
"""

from __future__ import annotations

from tests.test_rules_backend import triples, understand


def test_the_illness_told_first_stays() -> None:
    got = triples(understand("甲亢半年了 之前心慌手抖 吃药以后都没了 现在吃赛治", None, "zh"))
    assert ("chronic_conditions", "hyperthyroidism", "active") in got
    assert {("symptoms", "palpitations", "resolved"), ("symptoms", "tremor", "resolved")} <= got


def test_complaints_alone_all_end() -> None:
    got = triples(understand("前几天头疼咳嗽，现在都好了", None, "zh"))
    assert {("symptoms", "headache", "resolved"), ("symptoms", "cough", "resolved")} <= got
