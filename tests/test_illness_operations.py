"""An illness told with its operation is the operation; a relative's cancer named by its organ.

The operation noun counts only beside the illness or joined to it ("hernia surgery", "surgery for
my hernia", "疝气做了手术", "оперировали аппендицит"); a cue nearer to a body part is the part's; a
concept's operation holds for every file's words for it ("cataracts" as "cataract").
"""

from __future__ import annotations

import pytest

from anamnesis.terminology import load_terminology
from tests.test_rules_backend import Triple, triples, understand

OPERATED: list[tuple[str, set[Triple]]] = [
    ("had surgery for my hernia in 2018", {("surgeries", "hernia repair", "historical")}),
    ("had the cataracts out of both eyes",
     {("surgeries", "cataract surgery", "historical"), ("diagnoses", "cataract", "resolved")}),
    ("疝气做了手术", {("surgeries", "hernia repair", "historical")}),
    ("阑尾炎做过手术", {("surgeries", "appendectomy", "historical")}),
    ("胆结石做了手术", {("surgeries", "cholecystectomy", "historical"), ("diagnoses", "gallstones", "resolved")}),
    ("оперировали аппендицит в 2010", {("surgeries", "appendectomy", "historical")}),
    ("паховую грыжу оперировали в 2005", {("surgeries", "inguinal hernia repair", "historical")}),
    ("на правом глазу катаракту оперировали в прошлом году", {("surgeries", "cataract surgery", "historical")}),
]


@pytest.mark.parametrize(("text", "expected"), OPERATED)
def test_an_illness_told_with_its_operation_is_the_operation(text: str, expected: set[Triple]) -> None:
    assert triples(understand(text)) == expected


NOT_DONE: list[tuple[str, str]] = [
    ("my hernia needs surgery", "hernia"),
    ("у меня аппендицит, хирург сказал оперировать будут завтра", "appendicitis"),
    ("医生说疝气以后要做手术", "hernia"),
]


@pytest.mark.parametrize(("text", "illness"), NOT_DONE)
def test_an_operation_not_done_leaves_the_illness(text: str, illness: str) -> None:
    got = triples(understand(text))
    assert not any(section == "surgeries" and status == "historical" for section, _, status in got), got
    assert any(entity == illness for _, entity, _ in got), got


PART_NEARER: list[tuple[str, set[str]]] = [
    ("去年胆结石把胆囊切了", {"gallstones", "cholecystectomy"}),
    ("i have a hernia and had surgery on my knee", {"knee surgery"}),
    ("камни в желчном были, желчный удалили в 2019", {"gallstones", "cholecystectomy"}),
]


@pytest.mark.parametrize(("text", "entities"), PART_NEARER)
def test_a_cue_nearer_to_a_body_part_is_the_parts(text: str, entities: set[str]) -> None:
    got = {entity for _, entity, _ in triples(understand(text))}
    assert entities <= got, got
    assert "hernia repair" not in got


RELATIVES: list[tuple[str, str]] = [
    ("у отца рак кишки был, прооперировали в 65", "colorectal cancer"),
    ("my mum had cancer in her breast at 50", "breast cancer"),
    ("我爸爸得过癌症，前列腺的", "prostate cancer"),
]


@pytest.mark.parametrize(("text", "cancer"), RELATIVES)
def test_a_relatives_cancer_named_beside_its_organ(text: str, cancer: str) -> None:
    assert ("family_history", cancer, "active") in triples(understand(text))


@pytest.mark.parametrize(
    "text",
    ["у мамы рак, а у меня болит желудок уже неделю", "my mum has cancer and my stomach has been hurting for a week"],
)
def test_the_users_own_organ_further_away_names_no_relatives_cancer(text: str) -> None:
    got = triples(understand(text))
    assert ("family_history", "cancer", "active") in got, got
    assert not any(entity == "gastric cancer" for _, entity, _ in got)


def test_every_row_of_a_concept_carries_its_operation() -> None:
    operations = {}
    for term in load_terminology().terms:
        if "operation" in term.links:
            operations.setdefault(term.canonical, set()).add(term.links["operation"])
    rows = [t for t in load_terminology().terms if t.canonical in operations]
    assert all("operation" in t.links for t in rows)
    assert operations["cataract"] == {"cataract surgery"}


@pytest.mark.parametrize(
    "text",
    [
        "i have a hernia and had surgery on my knee",
        "我有疝气，膝盖做过手术",
        "i've got gallstones, had my knee scoped in 2019",
    ],
)
def test_an_illness_the_user_has_now_is_not_ended_by_another_operation(text: str) -> None:
    got = triples(understand(text))
    assert any(section == "surgeries" for section, _, _ in got), got
    assert not any(section == "diagnoses" and status == "resolved" for section, _, status in got), got


def test_an_illness_told_with_the_operation_that_treated_it_is_over() -> None:
    assert ("diagnoses", "gallstones", "resolved") in triples(understand("去年胆结石把胆囊切了"))
