"""Operations named by what was done to what, and the lesion they took out over beside them.

- Half an organ removed is the organ's partial removal (anatomy.tsv ``part_removal``): "half my
  thyroid out", "полщитовидки", "切了一半" are a hemithyroidectomy, also when the half is said after
  the organ's phrase.
- A part stitched is the part's repair (anatomy.tsv ``repair``): "мениск подшивали", "半月板缝过",
  "порвал мениск на колене, ..., зашили" (the knee is where the meniscus is); a cut arm sewn is not.
- An operation named only by its site ("колено оперировали") yields to the operation on that site
  the sentence names ("мениск шили"); a different site's operation keeps both.
- A lesion named without its organ (data/lesions.tsv: stones, a nodule, polyps, fibroids) beside an
  operation that ends one illness of its kind is that illness, over; a general illness ("артроз")
  beside a joint replacement is the replaced joint's ("hip osteoarthritis"), over.
- A fibroid taken out is a myomectomy; fibroids as the reason of a hysterectomy are not a second
  operation, even in an answer to "any operations?".
- A kin word the assistant greets the user by ("您好阿姨，") is the user: the user's facts stay theirs.
- Nothing of this comes from a relative, a question or a plan.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Triple, triples, understand

HALF_REMOVED: list[tuple[str, set[Triple]]] = [
    ("had half my thyroid out in 2019 for a nodule",
     {("surgeries", "hemithyroidectomy", "historical"), ("diagnoses", "thyroid nodule", "resolved")}),
    ("I had half my thyroid removed", {("surgeries", "hemithyroidectomy", "historical")}),
    ("мне удалили половину щитовидки из-за узла",
     {("surgeries", "hemithyroidectomy", "historical"), ("diagnoses", "thyroid nodule", "resolved")}),
    ("полщитовидки отрезали в 2015 из-за узла",
     {("surgeries", "hemithyroidectomy", "historical"), ("diagnoses", "thyroid nodule", "resolved")}),
    ("十年前甲状腺长了个结节，切了一半",
     {("surgeries", "hemithyroidectomy", "historical"), ("diagnoses", "thyroid nodule", "resolved")}),
]


@pytest.mark.parametrize(("text", "expected"), HALF_REMOVED)
def test_half_an_organ_removed_is_its_partial_removal(text: str, expected: set[Triple]) -> None:
    assert expected <= triples(understand(text))
    assert ("surgeries", "thyroidectomy", "historical") not in triples(understand(text))


REPAIRED: list[tuple[str, set[Triple]]] = [
    ("had my knee operated, they stitched the meniscus", {("surgeries", "meniscus repair", "historical")}),
    ("на левом артроскопию делали лет 5 назад, мениск подшивали", {("surgeries", "meniscus repair", "historical")}),
    ("в 2022 порвал мениск на правом колене, делали артроскопию, зашили",
     {("surgeries", "meniscus repair", "historical"), ("injuries", "meniscus tear", "resolved")}),
    ("前年踢球膝盖半月板撕了，缝过", {("surgeries", "meniscus repair", "historical")}),
]


@pytest.mark.parametrize(("text", "expected"), REPAIRED)
def test_a_part_stitched_is_its_repair_and_the_site_or_approach_yields(text: str, expected: set[Triple]) -> None:
    got = triples(understand(text))
    assert expected <= got
    assert not {e for s, e, _ in got if s == "surgeries"} & {"knee surgery", "arthroscopy"}


def test_a_different_part_sewn_is_no_repair_of_the_meniscus() -> None:
    got = triples(understand("порвал мениск на правом колене, руку порезал, зашили"))
    assert not any(s == "surgeries" for s, _, _ in got)


def test_an_operation_on_another_site_keeps_the_site_operation() -> None:
    got = triples(understand("had knee surgery in 2010 and a hip replacement in 2020"))
    assert {("surgeries", "knee surgery", "historical"), ("surgeries", "hip replacement", "historical")} <= got


LESIONS: list[tuple[str, set[Triple]]] = [
    ("had the colonoscopy, they took out 2 polyps, both benign",
     {("surgeries", "polypectomy", "historical"), ("diagnoses", "colon polyps", "resolved")}),
    ("колоноскопию сделали, два полипа нашли и сразу удалили",
     {("surgeries", "polypectomy", "historical"), ("diagnoses", "colon polyps", "resolved")}),
    ("肠镜做完了，有个小息肉顺手切了",
     {("surgeries", "polypectomy", "historical"), ("diagnoses", "colon polyps", "resolved")}),
    ("желчный удалили в 2018, камни были",
     {("surgeries", "cholecystectomy", "historical"), ("diagnoses", "gallstones", "resolved")}),
    ("前年子宫肌瘤，做手术把肌瘤剥了",
     {("surgeries", "myomectomy", "historical"), ("diagnoses", "uterine fibroids", "resolved")}),
    ("手术就是四十岁那年子宫肌瘤做掉了",
     {("surgeries", "myomectomy", "historical"), ("diagnoses", "uterine fibroids", "resolved")}),
]


@pytest.mark.parametrize(("text", "expected"), LESIONS)
def test_the_lesion_an_operation_took_out_is_over(text: str, expected: set[Triple]) -> None:
    assert expected <= triples(understand(text))


def test_a_lesion_that_only_names_the_operation_is_not_said_over() -> None:
    got = triples(understand("前年做过鼻息肉手术"))
    assert ("surgeries", "nasal polypectomy", "historical") in got
    assert not any(e == "nasal polyps" for _, e, _ in got)


SITE_NAMED: list[tuple[str, set[Triple]]] = [
    ("hip replaced last year for osteoarthritis",
     {("surgeries", "hip replacement", "historical"), ("chronic_conditions", "hip osteoarthritis", "resolved")}),
    ("тазобедренный сустав меняли в 2017, правый, из-за артроза",
     {("surgeries", "hip replacement", "historical"), ("chronic_conditions", "hip osteoarthritis", "resolved")}),
    ("右边髋关节骨关节炎，前年换了髋关节",
     {("surgeries", "hip replacement", "historical"), ("chronic_conditions", "hip osteoarthritis", "resolved")}),
]


@pytest.mark.parametrize(("text", "expected"), SITE_NAMED)
def test_osteoarthritis_beside_a_joint_replacement_is_that_joints_and_over(text: str, expected: set[Triple]) -> None:
    got = triples(understand(text))
    assert expected <= got
    assert not any(e == "osteoarthritis" for _, e, _ in got)


def test_arthritis_of_other_joints_stays() -> None:
    got = triples(understand("I had my right knee replaced in 2021 for arthritis, the left one is grumbling now"))
    assert ("chronic_conditions", "arthritis", "active") in got


def test_the_prostate_rebored_is_a_turp() -> None:
    got = triples(understand("had my prostate rebored 2 yrs ago, waterworks fine since"))
    assert ("surgeries", "transurethral resection of the prostate", "historical") in got


FOR_FIBROIDS: list[tuple[str, str]] = [
    ("hysterectomy in 2019 for fibroids", "Any operations?"),
    ("матку удалили в 2020 из-за миомы", "Операции были?"),
    ("四年前子宫肌瘤，整个子宫切了", "做过妇科手术吗？"),
]


@pytest.mark.parametrize(("text", "context"), FOR_FIBROIDS)
def test_the_reason_of_a_hysterectomy_is_no_second_operation(text: str, context: str) -> None:
    got = triples(understand(text, context))
    assert ("surgeries", "hysterectomy", "historical") in got
    assert ("diagnoses", "uterine fibroids", "resolved") in got
    assert ("surgeries", "myomectomy", "historical") not in got


def test_each_illness_of_an_answer_keeps_its_own_operation() -> None:
    got = triples(understand("да дважды. аппендицит в детстве и паховую грыжу шили в 2019", "Операции были?"))
    assert {("surgeries", "appendectomy", "historical"), ("surgeries", "inguinal hernia repair", "historical")} <= got


ADDRESSED: list[tuple[str, str]] = [
    ("前几年肾结石做过体外碎石", "您好阿姨，有什么可以帮您？"),
    ("前几年胆结石，胆囊切了", "您好，阿姨！有什么可以帮您？"),
    ("前几年胆结石，胆囊切了", "阿姨您好，有什么可以帮您？"),
]


@pytest.mark.parametrize(("text", "context"), ADDRESSED)
def test_a_kin_word_greeting_the_user_is_the_user(text: str, context: str) -> None:
    got = triples(understand(text, context))
    assert not any(s == "family_history" for s, _, _ in got)
    assert any(s == "surgeries" for s, _, _ in got)


def test_a_relative_asked_of_stays_the_relative() -> None:
    assert ("family_history", "diabetes", "active") in triples(understand("有", "您阿姨有糖尿病吗？"))


NOT_OWN: list[tuple[str, str | None]] = [
    ("my mum had half her thyroid out for a nodule", None),
    ("should I have half my thyroid out for the nodule?", None),
    ("маме удалили половину щитовидки из-за узла", None),
    ("моему другу зашили мениск", None),
    ("如果要切一半甲状腺怎么办？", None),
    ("the surgeon might take out the polyps next month", None),
]


@pytest.mark.parametrize(("text", "context"), NOT_OWN)
def test_no_operation_or_lesion_of_another_or_a_plan(text: str, context: str | None) -> None:
    got = triples(understand(text, context))
    assert not any(s in ("surgeries", "diagnoses", "chronic_conditions") for s, _, _ in got)
