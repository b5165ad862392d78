"""An instrumented look (gastroscopy, colonoscopy, cystoscopy, prostate biopsy) is a surgery only once undergone.

Told with a verb of having it done it is a ``historical`` surgery and treats nothing (the finding it
showed stays active); named only as where a finding came from, planned or not dared yet, it is none.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import probe_lang, triples, understand

EGD = ("surgeries", "esophagogastroduodenoscopy", "historical")

CASES = [
    # undergone: the look is the user's, the finding stays active
    ("I had a gastroscopy on friday, they found gastritis", {EGD, ("diagnoses", "gastritis", "active")}),
    ("в среду сделали гастроскопию, нашли гастрит", {EGD, ("diagnoses", "gastritis", "active")}),
    ("上周做了胃镜 查出来胃炎", {EGD, ("diagnoses", "gastritis", "active")}),
    ("went for a colonoscopy in may", {("surgeries", "colonoscopy", "historical")}),
    ("прошла колоноскопию в мае", {("surgeries", "colonoscopy", "historical")}),
    ("五月份做过肠镜", {("surgeries", "colonoscopy", "historical")}),
    ("the urologist did a cystoscopy today", {("surgeries", "cystoscopy", "historical")}),
    ("уролог сделал цистоскопию", {("surgeries", "cystoscopy", "historical")}),
    ("昨天做了膀胱镜", {("surgeries", "cystoscopy", "historical")}),
    ("got my prostate biopsy done on monday", {("surgeries", "prostate biopsy", "historical")}),
    ("в понедельник сделали биопсию простаты", {("surgeries", "prostate biopsy", "historical")}),
    ("周一做了前列腺穿刺", {("surgeries", "prostate biopsy", "historical")}),
    # a finding's source, not told as undergone
    ("the gastroscopy showed an ulcer", {("diagnoses", "peptic ulcer", "active")}),
    ("по гастроскопии язва", {("diagnoses", "peptic ulcer", "active")}),
    ("胃镜显示是溃疡", {("diagnoses", "peptic ulcer", "active")}),
    # denied: a look never had
    ("I've never had a colonoscopy", {("surgeries", "colonoscopy", "confirmed_absent")}),
    ("колоноскопию ни разу не делал", {("surgeries", "colonoscopy", "confirmed_absent")}),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_looks(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, None, probe_lang(text))) == expected


@pytest.mark.parametrize("text", ["cystoscopy next week, bit nervous", "肠镜还没敢做"])
def test_a_look_to_come_is_none(text: str) -> None:
    assert not any(s == "surgeries" for s, _, _ in triples(understand(text, None, probe_lang(text))))
