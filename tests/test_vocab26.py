"""Names by the blind kit's conventions (docs/blind-kit/CONVENTIONS.md), in three languages.

- calcium with vitamin D3 in one tablet (Adcal-D3, Кальций-Д3 Никомед, 钙尔奇D) is the combination
  ``calcium carbonate/cholecalciferol``; Adcal or 钙尔奇 alone is the calcium only;
- nitroglycerin of any form is ``glyceryl trinitrate``;
- the perimenopause said of oneself is ``diagnoses`` / ``menopause``;
- a migraine with an aura is ``migraine``, the name most labels give it (names29: 12 of 16 dev
  dialogues that say "with aura", every Russian and Chinese one), and stays apart from a relative's
  migraine; "osteo" is osteoarthritis.

The sentences are written for these tests, not copied from any evaluation set.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import triples, understand

Row = tuple[str, str | None, set[tuple[str, str, str]]]

# fmt: off
NAMED: list[Row] = [
    ("Adcal-D3 twice a day for my bones", None, {("medications", "calcium carbonate/cholecalciferol", "active")}),
    ("Adcal twice a day", None, {("medications", "calcium carbonate", "active")}),
    ("пью кальций д3 никомед по таблетке", None, {("medications", "calcium carbonate/cholecalciferol", "active")}),
    ("每天吃钙尔奇D", None, {("medications", "calcium carbonate/cholecalciferol", "active")}),
    ("每天吃钙尔奇", None, {("medications", "calcium carbonate", "active")}),
    ("I keep a GTN spray for the angina", None,
     {("medications", "glyceryl trinitrate", "active"), ("chronic_conditions", "angina pectoris", "active")}),
    ("нитроспрей всегда в кармане", None, {("medications", "glyceryl trinitrate", "active")}),
    ("胸闷的时候含硝酸甘油", None, {("medications", "glyceryl trinitrate", "active")}),
    ("the GP thinks it's the perimenopause", None, {("diagnoses", "menopause", "active")}),
    ("гинеколог сказала пременопауза", None, {("diagnoses", "menopause", "active")}),
    ("医生说我是围绝经期", None, {("diagnoses", "menopause", "active")}),
    ("I get migraines with aura, three a month", None, {("chronic_conditions", "migraine", "active")}),
    ("у меня мигрень с аурой", None, {("chronic_conditions", "migraine", "active")}),
    ("我有先兆偏头痛", None, {("chronic_conditions", "migraine", "active")}),
    ("my knees are bad, the doctor says osteo", None, {("chronic_conditions", "osteoarthritis", "active")}),
]
#: a relative's general name stays their own fact; what is no one's own (a wife's, a question) is none
APART: list[Row] = [
    ("mum had migraines, I get migraine with aura", None,
     {("family_history", "migraine", "active"), ("chronic_conditions", "migraine", "active")}),
    ("мама страдала мигренью, у меня мигрень с аурой", None,
     {("family_history", "migraine", "active"), ("chronic_conditions", "migraine", "active")}),
    ("妈妈有偏头痛，我是有先兆偏头痛", None,
     {("family_history", "migraine", "active"), ("chronic_conditions", "migraine", "active")}),
    ("is a GTN spray safe with viagra?", None, set()),
    ("my wife takes Adcal-D3", None, set()),
    ("можно ли пить кальций д3 никомед с эутироксом?", None, set()),
    ("is migraine with aura a risk with the pill?", None, set()),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), NAMED)
def test_the_concept_takes_the_conventions_name(
    text: str, context: str | None, expected: set[tuple[str, str, str]]
) -> None:
    assert triples(understand(text, context)) == expected


@pytest.mark.parametrize(("text", "context", "expected"), APART)
def test_a_relatives_name_stays_apart_and_no_ones_own_is_none(
    text: str, context: str | None, expected: set[tuple[str, str, str]]
) -> None:
    assert triples(understand(text, context)) == expected
