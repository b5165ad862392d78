"""The naming audit (tools/naming_audit.py) and what it guards: the gold labels use the names the
terminology emits, so a canonical renamed without its labels (or a label written with another
row's form) is caught here rather than as a silent fact miss."""

from __future__ import annotations

from collections import Counter

from anamnesis.evaluation.datasets import bundled
from anamnesis.evaluation.gold import load_gold
from tools.naming_audit import classify, label_counts


def test_a_label_name_that_is_another_rows_form_is_reported_with_both_counts() -> None:
    found = classify(Counter({"myalgia": 2, "muscle pain": 6, "ischaemic stroke": 1}))
    assert [o[:4] for o in found.other] == [
        ("myalgia", 2, "muscle pain", 6),
        ("ischaemic stroke", 1, "ischemic stroke", 0),
    ]
    assert found.unknown == [] and found.composed == []


def test_composed_and_unknown_names_are_told_apart() -> None:
    found = classify(Counter({"hand laceration": 3, "quux of the left zorb": 1, "cough": 9}))
    assert found.composed == [("hand laceration", 3)]
    assert found.unknown == [("quux of the left zorb", 1)]
    assert found.other == []


def test_every_gold_label_is_a_name_the_terminology_emits() -> None:
    by_name: Counter[str] = Counter()
    for (_, entity), n in label_counts(load_gold(bundled("gold"))).items():
        by_name[entity] += n
    found = classify(by_name)
    assert found.other == [] and found.unknown == []
