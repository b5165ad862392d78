"""Names and sections the conventions settled (docs/blind-kit/CONVENTIONS.md, issue 11).

- One name per concept: ``hyoscine butylbromide`` (Buscopan, Бускопан, 解痉灵), ``halitosis`` (bad
  breath), ``open reduction and internal fixation`` (a plate put in); ``muscle weakness`` for weak
  limbs or muscles, ``weakness`` for being weak all over; ``knee stiffness`` for stiff knees, as a
  swollen knee is ``knee swelling``.
- A cancer an operation took out is a past episode: ``diagnoses``, ``resolved`` ("thyroid out
  for cancer", "удалили щитовидку из-за рака"); a long-lasting condition keeps its section.
- Sections the labels give a concept: nasal polyps and a brain tumour are diagnoses, mouth ulcers
  a symptom; "хр гастрит" is chronic gastritis.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import folded, triples, understand


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("I take buscopan when my stomach cramps", "en"),
        ("при спазмах пью бускопан", "ru"),
        ("肚子绞痛的时候吃解痉灵", "zh"),
    ],
)
def test_buscopan_is_hyoscine_butylbromide(text: str, lang: str) -> None:
    assert ("medications", "hyoscine butylbromide", "active") in triples(understand(text, None, lang))


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("bad breath for weeks even after brushing", "en"),
        ("неприятный запах изо рта уже месяц", "ru"),
        ("最近口臭很厉害", "zh"),
    ],
)
def test_bad_breath_is_halitosis(text: str, lang: str) -> None:
    assert ("symptoms", "halitosis", "active") in triples(understand(text, None, lang))


def test_a_plate_put_in_is_open_reduction_and_internal_fixation() -> None:
    got = triples(understand("They did an ORIF on my wrist last year.", None, "en"))
    assert ("surgeries", "open reduction and internal fixation", "historical") in got


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("my legs feel weak when i climb stairs", "en"),
        ("слабость в ногах, особенно вечером", "ru"),
        ("这两天腿没劲", "zh"),
    ],
)
def test_weak_limbs_are_muscle_weakness(text: str, lang: str) -> None:
    got = triples(understand(text, None, lang))
    assert ("symptoms", "muscle weakness", "active") in got
    assert not any(e == "weakness" for _, e, _ in got)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("I feel weak all over since the flu", "en"),
        ("общая слабость уже неделю", "ru"),
        ("最近全身无力", "zh"),
    ],
)
def test_weak_all_over_stays_weakness(text: str, lang: str) -> None:
    assert ("symptoms", "weakness", "active") in triples(understand(text, None, lang))


def test_weak_legs_denied_to_a_question_of_them() -> None:
    got = triples(understand("no numbness, legs arent weak", "Any numbness or weakness in the leg?", "en"))
    assert ("symptoms", "muscle weakness", "confirmed_absent") in got


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("my knees are stiff first thing in the morning", "en"),
        ("по утрам колени не гнутся", "ru"),
        ("早上起来膝盖发僵", "zh"),
    ],
)
def test_stiff_knees_are_knee_stiffness(text: str, lang: str) -> None:
    got = triples(understand(text, None, lang))
    assert ("symptoms", "knee stiffness", "active") in got
    assert not any(e == "joint stiffness" for _, e, _ in got)


def test_stiff_fingers_stay_joint_stiffness() -> None:
    assert ("symptoms", "joint stiffness", "active") in triples(understand("my fingers are stiff", None, "en"))


@pytest.mark.parametrize(
    ("text", "lang", "illness"),
    [
        ("had my whole thyroid taken out in 2020 for cancer", "en", "thyroid cancer"),
        ("had a mastectomy for breast cancer in 2021", "en", "breast cancer"),
        ("удалили щитовидку в 2019 из-за рака", "ru", "thyroid cancer"),
    ],
)
def test_a_cancer_an_operation_took_out_is_a_past_diagnosis(text: str, lang: str, illness: str) -> None:
    got = triples(understand(text, None, lang))
    assert ("diagnoses", illness, "resolved") in got
    assert not any(s == "chronic_conditions" for s, _, _ in got)


def test_a_condition_an_operation_took_out_keeps_its_section() -> None:
    got = triples(understand("I had my thyroid taken out in 2015 because of Graves", None, "en"))
    assert ("chronic_conditions", "graves disease", "resolved") in got


def test_a_condition_beside_an_operation_that_did_not_remove_it_stays_chronic() -> None:
    got = triples(understand("I have hypothyroidism since my thyroidectomy", None, "en"))
    assert ("chronic_conditions", "hypothyroidism", "active") in got


def test_a_cancer_under_treatment_stays_where_it_was() -> None:
    facts = folded(("breast cancer in 2022, on tamoxifen ever since", None), lang="en")
    assert facts.get(("chronic_conditions", "breast cancer")) == "active"


@pytest.mark.parametrize(
    ("text", "lang", "fact"),
    [
        ("ENT found nasal polyps", "en", ("diagnoses", "nasal polyps", "active")),
        ("у меня полипы в носу", "ru", ("diagnoses", "nasal polyps", "active")),
        ("口腔溃疡又犯了", "zh", ("symptoms", "mouth ulcers", "active")),
        ("mouth ulcers again this week", "en", ("symptoms", "mouth ulcers", "active")),
    ],
)
def test_sections_the_labels_give_a_concept(text: str, lang: str, fact: tuple[str, str, str]) -> None:
    assert fact in triples(understand(text, None, lang))



def test_a_russian_abbreviated_chronic_gastritis_is_chronic_gastritis() -> None:
    got = triples(understand("хр гастрит, но давно не обострялся", None, "ru"))
    assert any(e == "chronic gastritis" for _, e, _ in got)
