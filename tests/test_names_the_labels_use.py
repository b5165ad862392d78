"""Names and sections as the labels write them (issue 11, names25).

Facts are scored by the exact (section, entity), so a concept the rules name otherwise than the
labels is a missed fact and an extra one (anamnesis/terminology/README.md). These rows check the
choices made from the tuned labels' counts: the findings of a reading the labels name (a low
eGFR, a low ejection fraction, high sugars after meals, a high BNP, an INR that will not stay in
range, a low ferritin), and the section of a row (pregnancy is an episode, sciatica a pain the
user feels). Each row is (text, assistant turn before it, triples the message must yield); the
sentences are new, written for these kinds, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
NAMES: list[Row] = [
    # the INN, whatever the brand or the English habit
    ("I keep a GTN spray in my bag for the angina", None, {("medications", "glyceryl trinitrate", "active")}),
    ("ношу с собой нитроглицерин под язык", None, {("medications", "glyceryl trinitrate", "active")}),
    ("胸口疼的时候含一片硝酸甘油", None, {("medications", "glyceryl trinitrate", "active")}),
]

FINDINGS: list[Row] = [
    ("kidney bloods: eGFR 42", None, {("diagnoses", "low estimated glomerular filtration rate", "active")}),
    ("СКФ 44 по последним анализам", None, {("diagnoses", "low estimated glomerular filtration rate", "active")}),
    ("复查肾小球滤过率43", None, {("diagnoses", "low estimated glomerular filtration rate", "active")}),
    ("the echo showed an ejection fraction of 35%", None, {("diagnoses", "low left ventricular ejection fraction", "active")}),
    ("на УЗИ сердца фракция выброса 38%", None, {("diagnoses", "low left ventricular ejection fraction", "active")}),
    ("心超射血分数35%", None, {("diagnoses", "low left ventricular ejection fraction", "active")}),
    ("сахар после еды 11,5", None, {("diagnoses", "elevated postprandial glucose", "active")}),
    ("餐后血糖13", None, {("diagnoses", "elevated postprandial glucose", "active")}),
    ("BNP came back at 900", None, {("diagnoses", "elevated brain natriuretic peptide", "active")}),
    ("my INR keeps jumping around on warfarin", None, {("diagnoses", "labile international normalized ratio", "active")}),
    ("МНО скачет, варфарин подбирают", None, {("diagnoses", "labile international normalized ratio", "active")}),
    ("华法林吃着INR忽高忽低", None, {("diagnoses", "labile international normalized ratio", "active")}),
    ("ферритин низкий, назначили железо", None, {("diagnoses", "low ferritin", "active")}),
    ("GP said my ferritin is low", None, {("diagnoses", "low ferritin", "active")}),
    ("铁蛋白偏低，医生让补铁", None, {("diagnoses", "low ferritin", "active")}),
    ("INR too low this week, they upped the warfarin", None, {("diagnoses", "low international normalized ratio", "active")}),
    ("МНО низкое, дозу варфарина подняли", None, {("diagnoses", "low international normalized ratio", "active")}),
    ("这周INR偏低，华法林加了四分之一片", None, {("diagnoses", "low international normalized ratio", "active")}),
]

SECTIONS: list[Row] = [
    ("I'm pregnant, 14 weeks", None, {("diagnoses", "pregnancy", "active")}),
    ("я беременна, 20 недель", None, {("diagnoses", "pregnancy", "active")}),
    ("我现在怀孕了，五个月", None, {("diagnoses", "pregnancy", "active")}),
    ("my sciatica is playing up again", None, {("symptoms", "sciatica", "active")}),
    ("опять ишиас разыгрался", None, {("symptoms", "sciatica", "active")}),
    ("坐骨神经痛又犯了", None, {("symptoms", "sciatica", "active")}),
]
# fmt: on


def _got(text: str, context: str | None) -> set[tuple[str, str, str]]:
    return set(triples(understand(text, context)))


@pytest.mark.parametrize(("text", "context", "expected"), NAMES)
def test_a_concept_takes_the_name_the_labels_use(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert expected <= _got(text, context)


@pytest.mark.parametrize(("text", "context", "expected"), FINDINGS)
def test_a_reading_or_its_words_name_the_labels_finding(
    text: str, context: str | None, expected: set[tuple[str, str, str]]
) -> None:
    assert expected <= _got(text, context)


@pytest.mark.parametrize(("text", "context", "expected"), SECTIONS)
def test_a_concept_lands_in_the_labels_section(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert expected <= _got(text, context)

