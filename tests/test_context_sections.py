"""Which sections a context block draws on.

A question about a drug or a treatment needs the critical sections and the current diagnoses (a
pregnancy, a low kidney function or a high INR decide whether a drug suits the patient now);
every question needs the age and sex. A section with no fact on record is named as never
discussed, so the assistant knows the age is unknown rather than absent.
"""

from __future__ import annotations

from anamnesis.api.context import Draft


def _fact(fact_id: str, section: str, entity: str, status: str) -> dict:
    return {"fact_id": fact_id, "section": section, "entity": entity, "status": status, "attributes": {},
            "valid_from": "2026-03-02T10:00:00+00:00", "decayed": False}


FACTS = [
    _fact("f1", "medications", "metformin", "active"),
    _fact("f2", "diagnoses", "pregnancy", "active"),
    _fact("f3", "demographics", "age", "active"),
    _fact("f4", "lifestyle", "smoking", "active"),
    _fact("f5", "vaccinations", "influenza vaccine", "historical"),
]


def _chosen(sections: list[str], *, drug_question: bool) -> set[str]:
    draft = Draft(FACTS, sections, max_tokens=800, count_tokens=lambda s: len(s.split()), drug_question=drug_question)
    return {f["entity"] for f in draft.finish([]).facts}


def test_a_drug_question_brings_the_current_diagnoses_and_the_age() -> None:
    assert _chosen(["medications"], drug_question=True) == {"metformin", "pregnancy", "age"}


def test_any_question_brings_the_age_and_nothing_it_does_not_route_to() -> None:
    assert _chosen(["vaccinations"], drug_question=False) == {"influenza vaccine", "age"}


def test_a_section_with_nothing_on_record_is_named_as_never_discussed() -> None:
    draft = Draft(FACTS[:1], ["medications"], max_tokens=800, count_tokens=lambda s: len(s.split()),
                  drug_question=True)
    context = draft.finish([])
    assert {"diagnoses", "demographics", "allergies"} <= set(context.not_discussed)
    assert "Never discussed:" in context.context
