"""A Chinese injury is the topic of the bare swelling and pain told after it.

"把右膝盖扭了 肿得老高 走路疼": the swelling and the pain are the injured knee's, as English "twisted
my knee, swollen like a balloon" and Russian "подвернул голеностоп, опух" are read. The part is
the injury's (a sprained 脚 is the ankle), or the narrower one its words name (腰 of a back strain
is the lower back). A "when it hurts", another person's injury and a hypothetical give nothing.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand


# fmt: off
@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("打篮球把右膝盖扭了 肿得老高 走路疼", "zh",
         {("symptoms", "knee swelling", "active"), ("symptoms", "knee pain", "active")}),
        ("前天打篮球把右脚崴了 肿得老高", "zh", {("symptoms", "ankle swelling", "active")}),
        ("昨天摔了一跤 手腕骨折了 肿得厉害", "zh", {("symptoms", "wrist swelling", "active")}),
        ("搬家闪了腰，疼得直不起来", "zh", {("symptoms", "low back pain", "active")}),
        ("上周崴了脚 现在不肿了 也不疼了", "zh",
         {("symptoms", "ankle swelling", "resolved"), ("symptoms", "ankle pain", "resolved")}),
        ("twisted my knee at rugby sat, swollen like a balloon", "en", {("symptoms", "knee swelling", "active")}),
        ("подвернул голеностоп, опух", "ru", {("symptoms", "ankle swelling", "active")}),
    ],
)
def test_bare_complaints_are_the_injured_parts(text: str, lang: str, expected: set) -> None:
    got = triples(understand(text, None, lang))
    assert expected <= got, got


@pytest.mark.parametrize(
    "text",
    [
        "右手腕骨折 打了石膏 医院开了乐松 疼的时候吃一片",  # when it hurts: no complaint
        "我老公把脚崴了 肿得老高",  # another person's
        "脚崴了 要是肿了怎么办？",  # a hypothetical
        "肿得老高",  # no injury to be of
    ],
)
def test_no_complaint_without_an_own_injury(text: str) -> None:
    assert not {t for t in triples(understand(text, None, "zh")) if t[0] == "symptoms"}


def test_a_strain_of_no_named_part_gives_no_part_complaint() -> None:
    got = triples(understand("右肩拉伤了 疼得厉害", None, "zh"))
    assert not {t for t in got if t[1] == "muscle pain"}, got
