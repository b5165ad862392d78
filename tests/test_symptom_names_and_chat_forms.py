"""Symptom names the tuned labels use, and chat forms of aching legs and a taste in the mouth.

- one concept, one name (``anamnesis/terminology/README.md``): a runny nose is ``rhinorrhea``, a
  lost sense of smell ``anosmia``, phlegm coughed up ``sputum production`` (the names the labels
  write most), in every language;
- legs that ache are ``muscle pain`` in all three languages ("my legs ache", "ноги ноют", 腿酸),
  while legs that hurt stay ``leg pain``;
- a taste the mouth has ("everything tastes like metal", "во рту была горечь", "嘴里一股铁锈味") is
  ``dysgeusia``.

The sentences are new, written for this test; none is from the gold, dev, validation or blind sets.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import Row, triples, understand

# fmt: off
NAMES: list[Row] = [
    ("nose has been running for two days", None, {("symptoms", "rhinorrhea", "active")}),
    ("третий день насморк", None, {("symptoms", "rhinorrhea", "active")}),
    ("这两天一直流鼻涕", None, {("symptoms", "rhinorrhea", "active")}),
    ("lost my sense of smell last week", None, {("symptoms", "anosmia", "active")}),
    ("запахи не чувствую уже неделю", None, {("symptoms", "anosmia", "active")}),
    ("这几天闻不到味道了", None, {("symptoms", "anosmia", "active")}),
    ("bringing up phlegm every morning", None, {("symptoms", "sputum production", "active")}),
    ("по утрам отходит мокрота", None, {("symptoms", "sputum production", "active")}),
    ("早上起来嗓子里总有痰", None, {("symptoms", "sputum production", "active")}),
]

ACHING_LEGS: list[Row] = [
    ("my calves ache after work", None, {("symptoms", "muscle pain", "active")}),
    ("к вечеру ноги ноют", None, {("symptoms", "muscle pain", "active")}),
    ("这几天爬楼梯腿酸", None, {("symptoms", "muscle pain", "active")}),
    ("腿不酸了", None, {("symptoms", "muscle pain", "resolved")}),
    ("болит нога после падения", None, {("symptoms", "leg pain", "active")}),
]

TASTE: list[Row] = [
    ("since the new tablets everything tastes like metal", None, {("symptoms", "dysgeusia", "active")}),
    ("во рту была горечь неделю, сейчас прошла", None, {("symptoms", "dysgeusia", "resolved")}),
    ("最近嘴里一股铁锈味", None, {("symptoms", "dysgeusia", "active")}),
    ("嘴里的怪味没了", None, {("symptoms", "dysgeusia", "resolved")}),
]
# fmt: on


@pytest.mark.parametrize(("text", "context", "expected"), NAMES + ACHING_LEGS + TASTE)
def test_symptom_names_and_chat_forms(text: str, context: str | None, expected: set[tuple[str, str, str]]) -> None:
    got = {t for t in triples(understand(text, context)) if t[0] == "symptoms"}
    assert got == expected
