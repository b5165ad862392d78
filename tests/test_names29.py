"""One concept, one name: procedures, lab findings and combinations (names29), in three languages.

- a joint replaced is its replacement however the user says the new joint: "a new one" after the
  broken hip, "new left knee", "换了个新的", "поставили новый сустав" (``rules/data/cues.tsv`` replace);
- a look inside the user went to is one they had: "сходила на фгдс", "на фгдс сходила", "была на
  колоноскопии" (``rules/looks.py``); a plan to go, or the look only as the source of a finding, is none;
- an illness operated on in a colloquial word ("开了一刀") is its operation (the condition's
  ``operation`` link: a disc herniation's is the discectomy), the lesion shelled out with the organ kept
  is no organ removal ("子宫保住了", "матка сохранена"), and a hernia removed microsurgically is a
  microdiscectomy, which ends the disc herniation;
- a combination drug is its INNs in the package's order, the name the labels give it
  (``salmeterol/fluticasone``, ``ipratropium bromide/fenoterol``, ``ferrous sulfate/ascorbic acid``);
- a white count or an eGFR the user reports low is the reading's finding (``low white blood cell
  count``, ``low estimated glomerular filtration rate``, CONVENTIONS), protein in the urine is
  ``proteinuria``; leukopenia and chronic kidney disease only where the user names them;
- a migraine with an aura is ``migraine``, the name most labels give it;
- "по 1 таб" counts tablets: it is no dose.

The sentences are written for these tests, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

Triple = tuple[str, str, str]
Row = tuple[str, str | None, set[Triple]]

_HIP = ("surgeries", "hip replacement", "historical")
_KNEE = ("surgeries", "knee replacement", "historical")

# fmt: off
REPLACED: list[Row] = [
    ("fell on the ice last winter and broke my hip, they gave me a new one", None,
     {("injuries", "hip fracture", "resolved"), _HIP}),
    ("new right knee in 2021, no problems since", None, {_KNEE}),
    ("my knee was shot so they gave me a new one", None, {_KNEE}),
    ("去年摔断了髋骨，换了个新的", None, {("injuries", "hip fracture", "resolved"), _HIP}),
    ("膝盖不行了 前年换了个新的", None, {_KNEE}),
    ("упала, сломала шейку бедра, поставили новый сустав", None, {("injuries", "hip fracture", "active"), _HIP}),
    ("колено поменяли на новое в 2020", None, {_KNEE}),
]
#: "a new one" of something that is no joint is no operation
NOT_REPLACED: list[Row] = [
    ("the pharmacist gave me a new one, the old inhaler was empty", None, set()),
    ("поставили новый кардиостимулятор? нет, старый", None, set()),
]

_GASTRO = ("surgeries", "gastroscopy", "historical")
_COLONO = ("surgeries", "colonoscopy", "historical")
WENT_FOR: list[Row] = [
    ("сходила на фгдс, гастрит", None, {_GASTRO, ("diagnoses", "gastritis", "active")}),
    ("на фгдс сходил в мае", None, {_GASTRO}),
    ("был на колоноскопии, всё чисто", None, {_COLONO}),
    ("went for the colonoscopy last week, all clear", None, {_COLONO}),
    ("上个月去做了胃镜 慢性胃炎", None, {_GASTRO, ("diagnoses", "chronic gastritis", "active")}),
]
NOT_WENT: list[Row] = [
    ("надо сходить на фгдс", None, set()),
    ("записалась на колоноскопию на май", None, set()),
    ("на фгдс нашли гастрит", None, {("diagnoses", "gastritis", "active")}),
]

_MYOMECTOMY = ("surgeries", "myomectomy", "historical")
_FIBROIDS_OVER = ("diagnoses", "uterine fibroids", "resolved")
OPERATED: list[Row] = [
    ("前年子宫肌瘤开了一刀 把瘤子剔掉了 子宫保住了", None, {_MYOMECTOMY, _FIBROIDS_OVER}),
    ("子宫肌瘤开了一刀", None, {_MYOMECTOMY, _FIBROIDS_OVER}),
    ("миому удалили в 2020, матка сохранена", None, {_MYOMECTOMY, _FIBROIDS_OVER}),
    ("fibroids removed in 2020, they kept my womb", None, {_MYOMECTOMY, _FIBROIDS_OVER}),
    ("грыжу диска прооперировали в 2018", None,
     {("surgeries", "discectomy", "historical"), ("chronic_conditions", "intervertebral disc herniation", "resolved")}),
    ("грыжу удалили микрохирургически месяц назад", None,
     {("surgeries", "microdiscectomy", "historical"),
      ("chronic_conditions", "intervertebral disc herniation", "resolved")}),
    ("had a microdiscectomy in march", None, {("surgeries", "microdiscectomy", "historical")}),
    ("грыжу удалили в 2019, паховую", None, {("surgeries", "hernia repair", "historical")}),
    ("子宫切了 卵巢保住了", None, {("surgeries", "hysterectomy", "historical")}),
]

COMBINATIONS: list[Row] = [
    ("беродуал 2 вдоха утром", None, {("medications", "ipratropium bromide/fenoterol", "active")}),
    ("duovent when I'm wheezy", None, {("medications", "ipratropium bromide/fenoterol", "active")}),
    ("舒利迭一天两次", None, {("medications", "salmeterol/fluticasone", "active")}),
    ("on seretide twice a day", None, {("medications", "salmeterol/fluticasone", "active")}),
    ("пью серетид утром и вечером", None, {("medications", "salmeterol/fluticasone", "active")}),
    ("сорбифер по 1 таб 2 раза", None, {("medications", "ferrous sulfate/ascorbic acid", "active")}),
    ("taking sorbifer durules for my iron", None, {("medications", "ferrous sulfate/ascorbic acid", "active")}),
    ("在吃达英 第二盒了", None, {("medications", "cyproterone/ethinylestradiol", "active")}),
    ("在吃達英-35", None, {("medications", "cyproterone/ethinylestradiol", "active")}),
]

_LOW_WBC = ("diagnoses", "low white blood cell count", "active")
_LOW_EGFR = ("diagnoses", "low estimated glomerular filtration rate", "active")
_CKD = ("chronic_conditions", "chronic kidney disease", "active")
FINDINGS: list[Row] = [
    ("复查白细胞有点低", None, {_LOW_WBC}),
    ("my white count is low, 3.1", None, {_LOW_WBC}),
    ("лейкоциты низкие, 3,2", None, {_LOW_WBC}),
    ("医生说肾小球滤过率低 尿里有蛋白", None, {_LOW_EGFR, ("diagnoses", "proteinuria", "active")}),
    ("the gp said my egfr is low", None, {_LOW_EGFR}),
    ("СКФ снижена, 48", None, {_LOW_EGFR}),
    ("i have CKD stage 3", None, {_CKD}),
    ("у меня хроническая болезнь почек", None, {_CKD}),
    ("慢性肾病三期", None, {_CKD}),
    ("the haematologist says it is leukopenia", None, {("diagnoses", "leukopenia", "active")}),
    # a count alone names no finding: "白细胞3+" is a urine test's
    ("查了尿常规，白细胞3+", None, set()),
]

MIGRAINE: list[Row] = [
    ("I get migraines with aura, twice a month", None, {("chronic_conditions", "migraine", "active")}),
    ("мигрень с аурой лет с двадцати", None, {("chronic_conditions", "migraine", "active")}),
    ("我有先兆偏头痛", None, {("chronic_conditions", "migraine", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), REPLACED + NOT_REPLACED)
def test_a_new_joint_is_its_replacement(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), WENT_FOR + NOT_WENT)
def test_a_look_the_user_went_to_was_had(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), OPERATED)
def test_an_operation_takes_the_name_of_what_was_done(
    text: str, context: str | None, expected: set[Triple]
) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), COMBINATIONS)
def test_a_combination_is_its_ingredients_in_the_package_order(
    text: str, context: str | None, expected: set[Triple]
) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), FINDINGS)
def test_a_reading_said_low_is_its_finding(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), MIGRAINE)
def test_a_migraine_with_aura_is_migraine(text: str, context: str | None, expected: set[Triple]) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize("text", ["сорбифер по 1 таб 2 раза", "аспирин по 1 таб в день", "омепразол 1 капс утром"])
def test_a_count_of_tablets_is_no_dose(text: str) -> None:
    assert all("dose" not in e for e in understand(text).events)
