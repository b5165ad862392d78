"""Chinese jab words: the rabies jab by its short name, and an arm that aches (酸) after a jab.

"狂犬没打过", "打了狂犬第一针" name the rabies vaccine as "甲肝", "乙肝" name theirs; without it the
denial fell on the jab listed before ("新冠打了三针，狂犬没打过" denied the covid one). "胳膊有点酸"
after a jab is its injection site pain, as "胳膊疼" is.
"""

from __future__ import annotations

from tests.test_rules_backend import triples, understand


def test_a_rabies_denial_stays_its_own() -> None:
    got = triples(understand("甲肝小时候打过，新冠打了三针，狂犬没打过", "打过哪些疫苗？", "zh"))
    assert ("vaccinations", "rabies vaccine", "confirmed_absent") in got
    assert ("vaccinations", "covid-19 vaccine", "historical") in got
    assert ("vaccinations", "covid-19 vaccine", "confirmed_absent") not in got


def test_the_rabies_jab_and_its_sore_arm() -> None:
    got = triples(understand("昨天在疾控打了狂犬第一针，胳膊有点酸，不发烧", None, "zh"))
    assert ("vaccinations", "rabies vaccine", "historical") in got
    assert ("symptoms", "injection site pain", "active") in got


def test_the_disease_is_still_the_disease() -> None:
    got = triples(understand("被狗咬了，医生说要防狂犬病", None, "zh"))
    assert ("vaccinations", "rabies vaccine", "historical") not in got


def test_an_aching_arm_with_no_jab_is_arm_pain() -> None:
    assert ("symptoms", "arm pain", "active") in triples(understand("这几天胳膊有点酸", None, "zh"))
