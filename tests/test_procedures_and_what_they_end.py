"""Diagnostic procedures said in plain words, and the illness an operation ends.

CONVENTIONS: a look with an instrument or a needle (gastroscopy, colonoscopy, cystoscopy, a
biopsy) is a ``surgeries`` / ``historical`` fact; it finds illnesses and ends none. An operation
ends the illness it removed, said on its own beside it or as what the operation took out: the
illness is ``resolved`` beside the operation. A plan, a question or another person gives nothing.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Triple, triples, understand

DONE = "historical"

#: (text, triples that must be among the message's, triples that must not)
LOOKS: list[tuple[str, set[Triple], set[Triple]]] = [
    (
        "had the camera down the throat thing yesterday, gastritis they said",
        {("surgeries", "gastroscopy", DONE), ("diagnoses", "gastritis", "active")},
        set(),
    ),
    ("urologist did the camera in the bladder, all normal", {("surgeries", "cystoscopy", DONE)}, set()),
    ("had a colonoscopy last year, all clear", {("surgeries", "colonoscopy", DONE)}, set()),
    ("сделал фгдс, нашли гастрит", {("surgeries", "gastroscopy", DONE), ("diagnoses", "gastritis", "active")}, set()),
    ("сделали колоноскопию в марте, всё чисто", {("surgeries", "colonoscopy", DONE)}, set()),
    ("做了胃镜，慢性胃炎", {("surgeries", "gastroscopy", DONE), ("diagnoses", "chronic gastritis", "active")}, set()),
    ("上个月做了肠镜，没啥问题", {("surgeries", "colonoscopy", DONE)}, set()),
    ("做了膀胱镜，没事", {("surgeries", "cystoscopy", DONE)}, set()),
    # a bare biopsy is the biopsy of the organ its message names, and nothing with no organ
    ("сделали биопсию, рака нет. просто аденома", {("surgeries", "prostate biopsy", DONE)}, set()),
    ("做了前列腺穿刺 不是癌", {("surgeries", "prostate biopsy", DONE)}, set()),
    ("上周做了个肝穿刺", {("surgeries", "liver biopsy", DONE)}, set()),
    ("had a biopsy, it was fine", set(), {("surgeries", "biopsy", DONE)}),
    ("做了穿刺，病理没事", set(), {("surgeries", "biopsy", DONE)}),
]


@pytest.mark.parametrize(("text", "must", "never"), LOOKS)
def test_a_look_inside_is_a_procedure_had(text: str, must: set[Triple], never: set[Triple]) -> None:
    got = triples(understand(text))
    assert must <= got
    assert not never & got


NOTHING = [
    "my gp wants me to have a colonoscopy next month",
    "should i get a gastroscopy?",
    "my wife had a colonoscopy last week",
    "колоноскопию назначили, боюсь",
    "гастроскопия запланирована на май",
    "МРТ простаты чистое, биопсию решили не делать",
    "муж сделал гастроскопию",
    "下礼拜要做肠镜",
    "我老婆也想去做个肠镜 她有必要吗？",
]


@pytest.mark.parametrize("text", NOTHING)
def test_a_look_planned_asked_or_of_another_is_no_fact(text: str) -> None:
    assert not {t for t in triples(understand(text)) if t[0] == "surgeries" and t[2] == DONE}


FIBROIDS_OVER: Triple = ("diagnoses", "uterine fibroids", "resolved")
ENDED: list[tuple[str, set[Triple]]] = [
    ("hysterectomy in 2019 for fibroids", {("surgeries", "hysterectomy", DONE), FIBROIDS_OVER}),
    ("матку удалили в 48 из-за миомы", {("surgeries", "hysterectomy", DONE), FIBROIDS_OVER}),
    ("前年子宫肌瘤，整个子宫切了", {("surgeries", "hysterectomy", DONE), FIBROIDS_OVER}),
    ("十年前肾结石打过一次碎石", {("surgeries", "lithotripsy", DONE), ("diagnoses", "kidney stones", "resolved")}),
    # the illness as what the operation took out, which the rules read as the operation
    ("в 15 лет аппендицит вырезали", {("surgeries", "appendectomy", DONE), ("diagnoses", "appendicitis", "resolved")}),
    ("had my cataracts out in 2020", {("surgeries", "cataract surgery", DONE), ("diagnoses", "cataract", "resolved")}),
    ("前两年痔疮割了", {("surgeries", "hemorrhoidectomy", DONE), ("diagnoses", "hemorrhoids", "resolved")}),
]


@pytest.mark.parametrize(("text", "must"), ENDED)
def test_an_operation_ends_the_illness_it_removed(text: str, must: set[Triple]) -> None:
    assert must <= triples(understand(text))


PANCREATITIS: Triple = ("chronic_conditions", "chronic pancreatitis", "active")
KEPT: list[tuple[str, Triple]] = [
    # a condition the operation does not remove stays
    ("chronic pancreatitis for 5 years, gallbladder out in 2020", PANCREATITIS),
    ("Хронический панкреатит лет 5, желчный вырезали в 2020", PANCREATITIS),
    ("慢性胰腺炎五年了，前年胆囊切了", PANCREATITIS),
    (
        "i have arthritis in my knees, had my hip replaced last year",
        ("chronic_conditions", "knee osteoarthritis", "active"),
    ),
    # the illness named as the operation's own name is not said over: "cataract surgery"
    ("右眼去年做了白内障手术", ("surgeries", "cataract surgery", DONE)),
]


@pytest.mark.parametrize(("text", "kept"), KEPT)
def test_an_operation_ends_only_what_it_removes(text: str, kept: Triple) -> None:
    got = triples(understand(text))
    assert kept in got
    assert ("diagnoses", "cataract", "resolved") not in got


def test_a_look_ends_no_illness() -> None:
    got = triples(understand("胃镜做了，胃炎"))
    assert ("diagnoses", "gastritis", "active") in got
    assert ("diagnoses", "gastritis", "resolved") not in got


SOURCES: list[tuple[str, Triple]] = [
    ("The endoscopy showed gastritis.", ("diagnoses", "gastritis", "active")),
    ("the colonoscopy found hemorrhoids", ("diagnoses", "hemorrhoids", "active")),
    ("На гастроскопии нашли гастрит.", ("diagnoses", "gastritis", "active")),
    ("гастроскопия показала язву двенадцатиперстной кишки", ("diagnoses", "duodenal ulcer", "active")),
    ("胃镜查出来是胃炎。", ("diagnoses", "gastritis", "active")),
]


@pytest.mark.parametrize(("text", "finding"), SOURCES)
def test_a_look_named_as_the_source_of_a_finding_is_no_procedure(text: str, finding: Triple) -> None:
    got = triples(understand(text))
    assert finding in got
    assert not {t for t in got if t[0] == "surgeries"}


HAD_AND_FOUND = [
    ("had a colonoscopy, found hemorrhoids", "colonoscopy"),
    ("сделали гастроскопию, нашли гастрит", "gastroscopy"),
    ("做了胃镜发现是胃溃疡", "gastroscopy"),
]


@pytest.mark.parametrize(("text", "look"), HAD_AND_FOUND)
def test_a_look_told_as_had_is_the_users_even_when_it_found_something(text: str, look: str) -> None:
    assert ("surgeries", look, DONE) in triples(understand(text))


LITHOTRIPSY: Triple = ("surgeries", "lithotripsy", DONE)
STONES_OVER: Triple = ("diagnoses", "kidney stones", "resolved")
GALLSTONES_OVER: Triple = ("diagnoses", "gallstones", "resolved")
STONES: list[tuple[str, set[Triple]]] = [
    # a stone crushed is its lithotripsy, and the stones are over
    ("kidney stones in 2018, they blasted it with the shockwave thing", {LITHOTRIPSY, STONES_OVER}),
    ("в 21м камень в почке раздробили, с тех пор не беспокоят", {LITHOTRIPSY, STONES_OVER}),
    ("раньше были камни, в 2021 дробили", {LITHOTRIPSY, STONES_OVER}),
    ("肾结石前年震碎了", {LITHOTRIPSY, STONES_OVER}),
    # bare stones beside an operation that removes one kind of stones are those stones
    ("had my gallbladder out in 2019 because of stones", {("surgeries", "cholecystectomy", DONE), GALLSTONES_OVER}),
    ("желчный мне удалили в 2020, камни были", {("surgeries", "cholecystectomy", DONE), GALLSTONES_OVER}),
    ("我5年前胆囊切了，有结石", {("surgeries", "cholecystectomy", DONE), GALLSTONES_OVER}),
]


@pytest.mark.parametrize(("text", "must"), STONES)
def test_stones_crushed_or_named_beside_their_operation(text: str, must: set[Triple]) -> None:
    assert must <= triples(understand(text))


@pytest.mark.parametrize(
    "text",
    [
        "can they blast my kidney stone?",
        "my mum had her kidney stone blasted",
        "they blasted music all night",
        "маме камень в почке раздробили",
        "妈妈的肾结石震碎了",
    ],
)
def test_a_crushed_stone_of_a_question_or_another_is_no_operation(text: str) -> None:
    assert LITHOTRIPSY not in triples(understand(text))


def test_stones_denied_beside_an_operation_are_no_fact() -> None:
    got = triples(understand("gallbladder out in 2019, no stones in the kidneys"))
    assert GALLSTONES_OVER not in got


HIP_REPLACED: Triple = ("surgeries", "hip replacement", DONE)
JOINTS: list[tuple[str, Triple]] = [
    # the joint named in either word order, and a joint with no replacement of its own, replaced
    # after a part that has one, is that part's replacement
    ("в 2019 сустав тазобедренный поменяли, левый", HIP_REPLACED),
    ("сустав коленный заменили в 2020", ("surgeries", "knee replacement", DONE)),
    ("в 2023 сломала шейку бедра, сустав поменяли", HIP_REPLACED),
    ("前年摔了一跤髋骨断了，换了个人工关节", HIP_REPLACED),
    ("broke my hip last year and got a new hip", HIP_REPLACED),
]


@pytest.mark.parametrize(("text", "operation"), JOINTS)
def test_a_joint_replaced_in_plain_words(text: str, operation: Triple) -> None:
    assert operation in triples(understand(text))


@pytest.mark.parametrize(
    "text", ["колено болит, врач поменял мазь", "сломала руку, поставили протез", "膝盖疼，换了个药"]
)
def test_a_change_of_something_else_replaces_no_joint(text: str) -> None:
    assert not {t for t in triples(understand(text)) if t[0] == "surgeries"}


ANSWERS: list[tuple[str, str, set[Triple]]] = [
    ("ok", "I'd recommend a colonoscopy given your family history.", set()),
    ("хорошо", "Вам нужно сделать ФГДС.", set()),
    ("好的", "建议你做个胃镜。", set()),
    ("yes", "Have you ever had a colonoscopy?", {("surgeries", "colonoscopy", DONE)}),
    ("да", "Делали когда-нибудь колоноскопию?", {("surgeries", "colonoscopy", DONE)}),
    ("做过", "做过胃镜吗？", {("surgeries", "gastroscopy", DONE)}),
]


@pytest.mark.parametrize(("text", "asked", "expected"), ANSWERS)
def test_a_look_acknowledged_is_none_and_one_confirmed_is_had(text: str, asked: str, expected: set[Triple]) -> None:
    assert {t for t in triples(understand(text, asked)) if t[0] == "surgeries"} == expected


@pytest.mark.parametrize(
    "text",
    ["уролог сказал для возраста норма, биопсия не нужна", "医生说先不用穿刺", "医生说不用做胃镜了"],
)
def test_a_look_not_needed_is_not_had(text: str) -> None:
    assert not {t for t in triples(understand(text)) if t[0] == "surgeries"}


def test_a_question_about_a_look_asks_of_no_operation() -> None:
    # "头两天" (the first two days) is no head, and the biopsy named by the question no operations topic
    got = triples(understand("头两天尿里有点血 现在没了", "穿刺后有没有发烧、尿血？"))
    assert not {t for t in got if t[0] == "surgeries"}
    assert ("surgeries", "appendectomy", DONE) in triples(understand("just my appendix", "Any operations?"))
