"""A drug said to go on unchanged is no denial and no ending (``data/cues.tsv``, "none" row).

"metformin no change", "дозу эналаприла не меняли", "Глюкофаж пью как раньше", "格华止不变": the
denial word inside "no change" / "не меняли" / "不变" and the "before" of "как раньше" say the drug
and its dose stay as they were; the drug is taken, now. A real stop or denial beside them still is one.

Each row is (message, the assistant turn before it, the exact set of (section, entity, status)).
The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
UNCHANGED: list[Row] = [
    ("lisinopril no change, still once a day", None, {("medications", "lisinopril", "active")}),
    ("the atorvastatin dose hasn't changed", None, {("medications", "atorvastatin", "active")}),
    ("дозу эналаприла не меняли", None, {("medications", "enalapril", "active")}),
    ("Конкор пью как раньше, по утрам", None, {("medications", "bisoprolol", "active")}),
    ("варфарин без изменений", None, {("medications", "warfarin", "active")}),
    ("拜新同不变，还是一天一片", None, {("medications", "nifedipine", "active")}),
    ("还在吃，剂量没变", "阿卡波糖还在吃吗？", {("medications", "acarbose", "active")}),
    ("阿司匹林照旧吃", None, {("medications", "aspirin", "active")}),
]

# a stop or a denial beside an unchanged drug keeps its own meaning
BESIDE: list[Row] = [
    ("stopped the naproxen. omeprazole no change", None,
     {("medications", "naproxen", "stopped"), ("medications", "omeprazole", "active")}),
    ("ибупрофен больше не пью, метформин как раньше", None,
     {("medications", "ibuprofen", "stopped"), ("medications", "metformin", "active")}),
    ("布洛芬不吃了，二甲双胍不变", None,
     {("medications", "ibuprofen", "stopped"), ("medications", "metformin", "active")}),
    ("раньше пила Конкор", None, {("medications", "bisoprolol", "stopped")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), UNCHANGED + BESIDE)
def test_unchanged_drug_goes_on(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert triples(understand(text, context)) == expected
