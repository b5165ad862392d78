"""A total cholesterol reading above its range is the finding ``elevated total cholesterol`` (findings.tsv).

Abnormal lab results are diagnoses (CONTRACT §2), named as the labels name a reading; a reading in
range names none, and the condition named in the same message (high cholesterol) is the finding
already.
"""

from __future__ import annotations

import pytest

from tests.test_rules_backend import probe_lang, triples, understand

HIGH = ("diagnoses", "elevated total cholesterol", "active")


@pytest.mark.parametrize(
    "text", ["my cholesterol came back at 7.1", "общий холестерин 6,9 по анализам", "体检总胆固醇6.9"]
)
def test_a_high_total_cholesterol_is_a_finding(text: str) -> None:
    assert HIGH in triples(understand(text, None, probe_lang(text)))


@pytest.mark.parametrize("text", ["cholesterol 4.3 this time", "холестерин 4,3", "胆固醇4.3"])
def test_a_total_cholesterol_in_range_names_no_finding(text: str) -> None:
    assert not any(status == "active" for _, _, status in triples(understand(text, None, probe_lang(text))))


def test_the_named_condition_is_the_finding_already() -> None:
    facts = triples(understand("cholesterol 7.4, the doctor says I have high cholesterol", None, "en"))
    assert HIGH not in facts
    assert any(entity == "hypercholesterolemia" for _, entity, _ in facts)
