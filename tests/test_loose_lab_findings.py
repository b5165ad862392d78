"""Lab results told loosely are findings (CONTRACT §2: abnormal lab results are diagnoses).

- a value a few words after its test's name ("TSH from march was 7.4", "ПСА в прошлый раз 6,1",
  "糖化出来了 8.3") is that test's reading; words that already judge it ("TSH高了 ... 加到125微克"),
  a count of time ("A1c again in 3 months") or a dose after them leave the number alone
  (``measurements._after_few_words``);
- a reply with one bare value and no test of its own answers the assistant's question about one
  test ("What was your last HbA1c?" — "8.2 I think") (``measurements.asked_test``); a question
  about taking a medicine, or about several tests, gives the reply no test;
- a value the user calls abnormal ("控制得不太好") is judged by the side its value lies on;
- a low hemoglobin reading is ``low hemoglobin``, as the labels name it; a message that names
  anemia itself has that diagnosis only.

Rows are (reply, the assistant's question before it, the exact set of ``diagnoses`` triples). The
sentences are new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import understand

Row = tuple[str, str | None, set[tuple[str, str, str]]]


def _diagnoses(text: str, context: str | None) -> set[tuple[str, str, str]]:
    """The reply's ``diagnoses`` triples, without the endings a reading proposes of the other side."""
    return {
        (e["section"], e["entity"], e["status"])
        for e in understand(text, context).events
        if e["section"] == "diagnoses" and not e["entity"].startswith("^")
    }


# fmt: off
FEW_WORDS: list[Row] = [
    ("TSH from march was 7.4", None, {("diagnoses", "elevated thyroid-stimulating hormone", "active")}),
    ("psa last time 6.3, seeing urology", None, {("diagnoses", "elevated prostate-specific antigen", "active")}),
    ("ПСА в прошлый раз 6,1", None, {("diagnoses", "elevated prostate-specific antigen", "active")}),
    ("ттг опять пришел 9,2", None, {("diagnoses", "elevated thyroid-stimulating hormone", "active")}),
    ("糖化出来了 8.3", None, {("diagnoses", "elevated hba1c", "active")}),
    ("转氨酶上次查是120", None, {("diagnoses", "elevated alanine aminotransferase", "active")}),
    # the words judge it already: the number after them is a dose, not the reading
    ("TSH高了 医生让优甲乐加到100微克", None, {("diagnoses", "elevated thyroid-stimulating hormone", "active")}),
    ("testosterone a bit high at 3.1", None, {("diagnoses", "elevated testosterone", "active")}),
    # a count of time is no value
    ("need my A1c again in 3 months", None, set()),
    ("ттг через 2 недели пересдать", None, set()),
]

ASKED_TEST: list[Row] = [
    ("8.2 I think", "What was your last HbA1c?", {("diagnoses", "elevated hba1c", "active")}),
    ("в январе сдавал, 7,9", "Какой у вас последний гликированный гемоглобин?", {("diagnoses", "elevated hba1c", "active")}),
    ("上周查的 5.9 医生说偏高", "您的TSH是多少？", {("diagnoses", "elevated thyroid-stimulating hormone", "active")}),
    ("it was 1.9", "What was your INR this week?", {("diagnoses", "low international normalized ratio", "active")}),
    # a normal value names no finding
    ("2.3, all fine", "What was your TSH?", set()),
    # two values answer two questions; a question about taking a medicine asks no result
    ("61, and 2.4", "How old are you? And your TSH?", set()),
    ("да, 2000", "Витамин Д принимаете?", set()),
]

ABNORMAL_VALUE: list[Row] = [
    ("糖化7.9 医生说控制得不太好", None, {("diagnoses", "elevated hba1c", "active")}),
    ("ALT 140, the GP said it's abnormal", None, {("diagnoses", "elevated alanine aminotransferase", "active")}),
    ("АЛТ 95, сказали не в норме", None, {("diagnoses", "elevated alanine aminotransferase", "active")}),
]

HEMOGLOBIN: list[Row] = [
    ("bloods showed my Hb at 95", None, {("diagnoses", "low hemoglobin", "active")}),
    ("гемоглобин 97, вот и устаю", None, {("diagnoses", "low hemoglobin", "active")}),
    ("血红蛋白才92", None, {("diagnoses", "low hemoglobin", "active")}),
    # the message names anemia: that is the finding
    ("体检说我贫血 血红蛋白99", None, {("diagnoses", "anemia", "active")}),
    ("сказали анемия, гемоглобин 96", None, {("diagnoses", "anemia", "active")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), FEW_WORDS + ASKED_TEST + ABNORMAL_VALUE + HEMOGLOBIN)
def test_loose_lab_values_are_findings(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert _diagnoses(text, context) == expected
