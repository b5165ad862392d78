"""The rules backend on diagnoses and the section a concept lands in (issue 11, sect23).

A user's own reading of a test outside its reference range is a finding in ``diagnoses``
(CONTRACT §2: abnormal lab results), named as the labels name it ("elevated hba1c",
"elevated uric acid", "hypokalemia"): by its value against the test's range (in the unit written, or
the one that makes the number possible: "LDL 185" is mg/dL), or by the user's own judgement
("PSA 5.6, a bit high they said", "维生素D偏低"). A reading in the range or judged normal, a
relative's reading, a question about a value, and a test the findings table has no finding
for, name none. An INR is judged by what a patient on warfarin aims at (2 to 3).

Each row is (text, assistant turn before it, the exact set of (section, entity, status) the
message must yield). The sentences are new, written for these kinds, not copied from any
evaluation set.
"""

from __future__ import annotations

import pytest

from schemas.sections import held_name
from tests.test_rules_backend import Row, triples, understand

# fmt: off
OUT_OF_RANGE: list[Row] = [
    ("my a1c came back at 7.6 on friday", None, {("diagnoses", "elevated hba1c", "active")}),
    ("bloods in june: ALT 81", None, {("diagnoses", "elevated alanine aminotransferase", "active")}),
    ("cholesterol check done, LDL 185", None, {("diagnoses", "elevated ldl cholesterol", "active")}),
    ("PSA 5.6, a bit high they said", None, {("diagnoses", "elevated prostate-specific antigen", "active")}),
    ("my potassium was 3.1 at the hospital", None, {("diagnoses", "hypokalemia", "active")}),
    ("сдала анализы, ТТГ 7,3", None, {("diagnoses", "elevated thyroid-stimulating hormone", "active")}),
    ("мочевая кислота 510 в прошлом месяце", None, {("diagnoses", "elevated uric acid", "active")}),
    ("ферритин 9, терапевт сказала маловато", None, {("diagnoses", "low ferritin", "active")}),
    ("体检糖化血红蛋白7.2", None, {("diagnoses", "elevated hba1c", "active")}),
    ("化验单上甘油三酯2.9", None, {("diagnoses", "elevated triglycerides", "active")}),
    ("上周查的INR 4.1", None, {("diagnoses", "elevated international normalized ratio", "active")}),
]
NO_FINDING: list[Row] = [
    ("a1c was 5.3 at my physical, all good", None, set()),
    ("INR 2.4 last check, right where they want it", None, set()),
    ("my dad's PSA was 9", None, set()),
    ("is a TSH of 6 high?", None, set()),
    ("ТТГ 2,1, в норме", None, set()),
    ("我妈尿酸600", None, set()),
]
# fmt: on


def _findings(text: str, context: str | None) -> set[tuple[str, str, str]]:
    """The diagnoses a message names; a ``^name`` event ends a finding only if the user holds it
    (tests/test_labs23.py), and names none."""
    return {t for t in triples(understand(text, context)) if t[0] == "diagnoses" and held_name(t[1]) is None}


@pytest.mark.parametrize(("text", "context", "expected"), OUT_OF_RANGE)
def test_a_reading_out_of_range_is_a_finding(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert _findings(text, context) == expected


@pytest.mark.parametrize(("text", "context", "expected"), NO_FINDING)
def test_a_reading_in_range_or_not_the_users_is_none(
    text: str, context: str | None, expected: set[tuple[str, str, str]]
) -> None:
    assert _findings(text, context) == expected


#: A finding from blood sugar tests (R73) and the nerve pain that follows shingles are episodic
#: diagnoses, as the tuned labels file them (prediabetes 3 of 4, postherpetic neuralgia 5 of 5).
ROW_KIND: list[Row] = [
    ("GP says I'm prediabetic now", None, {("diagnoses", "prediabetes", "active")}),
    ("эндокринолог сказал преддиабет", None, {("diagnoses", "prediabetes", "active")}),
    ("医生说我是糖尿病前期", None, {("diagnoses", "prediabetes", "active")}),
    ("the shingles rash is gone but now it's postherpetic neuralgia", None,
     {("diagnoses", "postherpetic neuralgia", "active"), ("diagnoses", "herpes zoster", "resolved")}),
    ("невролог сказал постгерпетическая невралгия", None, {("diagnoses", "postherpetic neuralgia", "active")}),
]


@pytest.mark.parametrize(("text", "context", "expected"), ROW_KIND)
def test_findings_and_sequelae_are_diagnoses(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    got = {t for t in triples(understand(text, context)) if t[0] in ("diagnoses", "chronic_conditions")}
    assert got == expected
