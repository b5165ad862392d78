"""A user's own cancer is named by its organ when the message or question names one.

- a prostate cancer is a ``diagnoses`` fact, as every label files it; the other cancers keep their
  kind (the labels disagree on them); a relative's stays ``family_history``;
- "no cancer" said with one organ (a body part: "biopsy of the prostate", "биопсия простаты",
  "前列腺穿刺"; or a test of that organ: "PSA") is that organ's cancer
  (``organ_cancer.with_organ_cancer``, ``anatomy.tsv``'s ``cancer`` column); after a question that
  names one organ's cancer ("Any history of breast cancer?") a bare "no cancer" is that one; a
  named cancer ruled out so is a ``diagnoses`` fact (``named_by_site``, as the labels file every
  ruled-out finding);
- two organs, or none, leave the cancer unnamed.

Rows are (reply, the assistant's question before it, the exact set of triples in the sections of
illnesses). The sentences are new, written for this test.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import understand

Row = tuple[str, str | None, set[tuple[str, str, str]]]
_ILLNESS = frozenset({"diagnoses", "chronic_conditions", "family_history"})


def _illnesses(text: str, context: str | None) -> set[tuple[str, str, str]]:
    return {
        (e["section"], e["entity"], e["status"])
        for e in understand(text, context).events
        if e["section"] in _ILLNESS and not e["entity"].startswith("^")
    }


# fmt: off
ORGAN_NAMED: list[Row] = [
    ("they took a sample from my prostate last week, no cancer!", None, {("diagnoses", "prostate cancer", "confirmed_absent")}),
    ("взяли биопсию из простаты — рака не нашли", None, {("diagnoses", "prostate cancer", "confirmed_absent")}),
    ("前列腺做了穿刺 结果不是癌", None, {("diagnoses", "prostate cancer", "confirmed_absent")}),
    # a test of the organ names it too
    ("psa came back 3.1 after the antibiotics, no cancer", None, {("diagnoses", "prostate cancer", "confirmed_absent")}),
    ("узи щитовидки хорошее, рака нет", None, {("diagnoses", "thyroid cancer", "confirmed_absent")}),
    ("甲状腺做了穿刺 不是癌", None, {("diagnoses", "thyroid cancer", "confirmed_absent")}),
]

ASKED_ORGAN: list[Row] = [
    ("no cancer in me so far", "Have you ever had breast cancer?", {("diagnoses", "breast cancer", "confirmed_absent")}),
    ("нет, рака не было", "У вас был рак груди?", {("diagnoses", "breast cancer", "confirmed_absent")}),
    ("没有 没得过癌", "您得过乳腺癌吗？", {("diagnoses", "breast cancer", "confirmed_absent")}),
]

OWN_CANCER: list[Row] = [
    ("I was treated for bowel cancer in 2019, all clear now", None, {("chronic_conditions", "colorectal cancer", "resolved")}),
    ("у меня рак щитовидной железы, жду операцию", None, {("chronic_conditions", "thyroid cancer", "active")}),
    # a relative's cancer stays family history
    ("my aunt on mum's side had ovarian cancer", None, {("family_history", "ovarian cancer", "active")}),
]

UNNAMED: list[Row] = [
    # unnamed, yet ruled out by the scans: a diagnosis ruled out (rules/ruled_out.py)
    ("scans all fine, no cancer", None, {("diagnoses", "cancer", "confirmed_absent")}),
    ("checked my breast and my thyroid, no cancer anywhere", None, {("chronic_conditions", "cancer", "confirmed_absent")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), ORGAN_NAMED + ASKED_ORGAN + OWN_CANCER + UNNAMED)
def test_a_cancer_is_named_by_its_organ(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    assert _illnesses(text, context) == expected
