"""Abnormal results as diagnoses findings, and the section and name of episodic states.

- a reading outside its range names the finding the labels write for it (``rules/data/findings.tsv``):
  an eGFR under 60 ``low estimated glomerular filtration rate``, an
  ejection fraction under 50% ``low left ventricular ejection fraction``, a high after-meal sugar
  ``elevated postprandial glucose``; "空腹" with a number is a fasting glucose, which is
  raised from 6.1 (WHO's impaired fasting glucose);
- the lasting condition said in the same message ("LDL 5.1 ... the GP says I've got high cholesterol") is that
  reading's finding already: no second, episodic fact for it;
- pregnancy, insulin resistance, a thyroid nodule, a hiatus hernia and a
  medication overuse headache are episodic findings (``diagnoses``), as the tuned labels file them;
- "acute bronchitis", "acute appendicitis", "acute urticaria", said so, are their own episodes.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

_ILLNESS = ("diagnoses", "chronic_conditions")


def _illnesses(text: str, context: str | None = None) -> set[tuple[str, str, str]]:
    return {t for t in triples(understand(text, context)) if t[0] in _ILLNESS}


# fmt: off
READINGS: list[tuple[str, set[tuple[str, str, str]]]] = [
    ("kidney bloods: egfr 44", {("diagnoses", "low estimated glomerular filtration rate", "active")}),
    ("нефролог смотрел, СКФ 47", {("diagnoses", "low estimated glomerular filtration rate", "active")}),
    ("肾小球滤过率52", {("diagnoses", "low estimated glomerular filtration rate", "active")}),
    ("echo showed an EF of 30%", {("diagnoses", "low left ventricular ejection fraction", "active")}),
    ("на эхо фракция выброса 38%", {("diagnoses", "low left ventricular ejection fraction", "active")}),
    ("心超射血分数40%", {("diagnoses", "low left ventricular ejection fraction", "active")}),
    ("餐后两小时血糖13", {("diagnoses", "elevated postprandial glucose", "active")}),
    ("сахар после еды 12", {("diagnoses", "elevated postprandial glucose", "active")}),
    ("早上空腹9.1", {("diagnoses", "elevated fasting glucose", "active")}),
    ("сахар натощак 8,0 сегодня", {("diagnoses", "elevated fasting glucose", "active")}),
    ("fasting glucose 7.4 this morning", {("diagnoses", "elevated fasting glucose", "active")}),
]

# in the range, or only borderline by the WHO line: no finding
NO_FINDING: list[str] = [
    "fasting glucose 5.9 today",
    "空腹5.9",
    "сахар натощак 5,8",
    "эутирокс натощак 75 каждое утро",
    "egfr 75, so fine",
    "гемоглобин 135",
    "空腹吃二甲双胍500mg",
]

# the lasting condition said beside the reading is its finding
CONDITION_SAID: list[tuple[str, set[tuple[str, str, str]]]] = [
    ("LDL came back 5.1 and the GP says I've got high cholesterol",
     {("chronic_conditions", "hypercholesterolemia", "active")}),
    ("ЛПНП 4,8, врач сказал гиперхолестеринемия", {("chronic_conditions", "hypercholesterolemia", "active")}),
    ("低密度4.6，医生说我是高胆固醇血症", {("chronic_conditions", "hypercholesterolemia", "active")}),
]

EPISODIC: list[tuple[str, set[tuple[str, str, str]]]] = [
    ("I'm 20 weeks pregnant with twins", {("diagnoses", "pregnancy", "active")}),
    ("я беременна, 12 недель", {("diagnoses", "pregnancy", "active")}),
    ("我怀孕了，十周，孕吐很厉害", {("diagnoses", "pregnancy", "active")}),
    ("the endocrinologist says I have insulin resistance", {("diagnoses", "insulin resistance", "active")}),
    ("医生说有胰岛素抵抗", {("diagnoses", "insulin resistance", "active")}),
    ("на узи узел щитовидной железы 8 мм", {("diagnoses", "thyroid nodule", "active")}),
    ("neuro says it's medication overuse headache", {("diagnoses", "medication overuse headache", "active")}),
    ("GP said acute bronchitis, no antibiotics needed", {("diagnoses", "acute bronchitis", "active")}),
    ("терапевт сказал острый бронхит", {("diagnoses", "acute bronchitis", "active")}),
    ("医生说是急性支气管炎", {("diagnoses", "acute bronchitis", "active")}),
    ("в больнице сказали острый аппендицит", {("diagnoses", "acute appendicitis", "active")}),
    ("医生说是急性荨麻疹", {("diagnoses", "acute urticaria", "active")}),
    ("the bronchitis cleared up last week", {("diagnoses", "bronchitis", "resolved")}),
]

# a pregnancy named only to date something or asked about is no fact
NOT_HELD: list[str] = [
    "я бросила курить ещё до беременности",
    "怀孕期间能吃布洛芬吗？",
]
# fmt: on


@pytest.mark.parametrize(("text", "expected"), READINGS)
def test_a_reading_outside_its_range_names_its_finding(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _illnesses(text) == expected


@pytest.mark.parametrize("text", NO_FINDING)
def test_a_reading_in_range_names_nothing(text: str) -> None:
    assert {t for t in _illnesses(text) if not t[1].startswith("^")} == set()


@pytest.mark.parametrize(("text", "expected"), CONDITION_SAID)
def test_the_condition_said_beside_a_reading_is_its_finding(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _illnesses(text) == expected


@pytest.mark.parametrize(("text", "expected"), EPISODIC)
def test_episodic_states_are_diagnoses_under_their_own_names(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _illnesses(text) == expected


@pytest.mark.parametrize("text", NOT_HELD)
def test_what_is_not_the_users_own_state_is_no_fact(text: str) -> None:
    assert _illnesses(text) == set()
