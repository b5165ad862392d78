"""The fold with people's inputs: resolutions and corrections replayed, settled facts, confidence."""

from __future__ import annotations

import json
from datetime import timedelta

import polars as pl
import pytest

from anamnesis.facts.confidence import confidence
from anamnesis.facts.fold import fold
from anamnesis.facts.ids import conflict_id, fact_id
from schemas.frames import Conflicts, Corrections, Events, FactEvents, FactState, Resolutions, polars_schema
from tests.test_reconcile import T0, ev, history, state


def resolution(day: int, conflict: str, outcome: str, *, rid: str = "r1", source: str = "user") -> dict:
    return {
        "resolution_id": rid,
        "conflict_id": conflict,
        "user_id": "u",
        "outcome": outcome,
        "source": source,
        "note": None,
        "reviewer": None,
        "created_at": T0 + timedelta(days=day),
    }


def correction(day: int, fact: str, change: dict, *, cid: str = "c1") -> dict:
    return {
        "correction_id": cid,
        "user_id": "u",
        "fact_id": fact,
        "reviewer": "dr a",
        "note": "chart",
        "change": json.dumps(change),
        "created_at": T0 + timedelta(days=day),
    }


def run(events: list[dict], resolutions: list[dict] = (), corrections: list[dict] = ()):
    out = fold(
        pl.DataFrame(events, schema=polars_schema(Events)),
        resolutions=pl.DataFrame(list(resolutions), schema=polars_schema(Resolutions)),
        corrections=pl.DataFrame(list(corrections), schema=polars_schema(Corrections)),
    )
    for model, frame in zip((FactEvents, FactState, Conflicts), out, strict=True):
        model.validate(frame)
    return out


PENICILLIN_THEN_NONE = [
    ev(0, "m1", "allergies", "penicillin", "active", mention="penicillin"),
    ev(10, "m2", "allergies", "*", "confirmed_absent", mention="allergies"),
]
PEN = fact_id("u", "allergies", "penicillin")
CID = conflict_id("u", PEN, "m2")


def test_a_conflict_is_open_with_both_statements_and_lowers_confidence():
    _, facts, conflicts = run(PENICILLIN_THEN_NONE)
    (c,) = conflicts.to_dicts()
    assert (c["conflict_id"], c["status"], c["resolution"], c["resolved_at"]) == (CID, "open", None, None)
    assert (c["earlier_status"], c["later_status"], c["later_entity"]) == ("active", "confirmed_absent", "*")
    assert (c["source_message_id"], c["conflicting_message_id"]) == ("m1", "m2")
    assert state(facts, "allergies", "penicillin")["confidence"] == confidence("explicit", 0, open_conflict=True)


@pytest.mark.parametrize(
    ("outcome", "status", "wide"),
    [("earlier_stands", "active", None), ("later_stands", "confirmed_absent", "confirmed_absent")],
)
def test_a_resolution_is_an_event_and_closes_the_conflict(outcome, status, wide):
    events, facts, conflicts = run(PENICILLIN_THEN_NONE, [resolution(20, CID, outcome)])
    assert state(facts, "allergies", "penicillin")["status"] == status
    assert state(facts, "allergies", "penicillin")["confidence"] == 0.9
    assert (wide is None) == facts.filter(pl.col("entity") == "*").is_empty()
    last = events.filter(pl.col("entity") == "penicillin").row(-1, named=True)
    assert (last["source"], last["source_ref"], last["status"]) == ("clarification", "r1", status)
    (c,) = conflicts.to_dicts()
    assert (c["status"], c["resolution"], c["resolved_at"]) == ("resolved", outcome, T0 + timedelta(days=20))


def test_a_later_statement_reopens_a_settled_fact_instead_of_changing_it():
    later = [*PENICILLIN_THEN_NONE, ev(30, "m3", "allergies", "penicillin", "confirmed_absent", mention="penicillin")]
    _, facts, conflicts = run(later, [resolution(20, CID, "earlier_stands")])
    assert state(facts, "allergies", "penicillin")["status"] == "active"
    assert conflicts.filter(pl.col("status") == "open")["conflicting_message_id"].to_list() == ["m3"]
    # the same statement before the resolution would simply have changed the fact
    _, facts, _ = run(later)
    assert state(facts, "allergies", "penicillin")["status"] == "confirmed_absent"


def test_an_allergy_reported_again_after_a_specific_denial_is_kept_and_questioned():
    events, facts, conflicts = run(
        [
            ev(0, "m1", "allergies", "penicillin", "active", mention="penicillin"),
            ev(5, "m2", "allergies", "penicillin", "confirmed_absent", mention="penicillin"),
            ev(9, "m3", "allergies", "penicillin", "active", mention="penicillin"),
        ]
    )
    assert history(events, "allergies", "penicillin")[-1] == ("change", "active")
    (c,) = conflicts.to_dicts()
    assert (c["source_message_id"], c["conflicting_message_id"]) == ("m2", "m3")
    assert (c["earlier_status"], c["later_status"]) == ("confirmed_absent", "active")
    assert run(
        [
            ev(0, "m1", "symptoms", "cough", "active", mention="c"),
            ev(5, "m2", "symptoms", "cough", "confirmed_absent"),
            ev(9, "m3", "symptoms", "cough", "active", mention="c"),
        ]
    )[2].is_empty()  # not a critical section


def test_corrections_retract_change_a_dose_and_rename_and_stay_after_reextraction():
    events = [
        ev(0, "m1", "medications", "metformin", "active", dose="500 mg", mention="metformin"),
        ev(1, "m2", "diagnoses", "gastritis", "active", mention="gastritis"),
        ev(2, "m3", "allergies", "penicilin", "active", mention="penicilin"),
        ev(40, "m4", "allergies", "penicilin", "active", mention="penicilin"),
    ]
    fixes = [
        correction(10, fact_id("u", "medications", "metformin"), {"attributes": {"dose": "1000 mg"}}, cid="c1"),
        correction(11, fact_id("u", "diagnoses", "gastritis"), {"retract": True}, cid="c2"),
        correction(12, fact_id("u", "allergies", "penicilin"), {"entity": "penicillin"}, cid="c3"),
    ]
    fact_events, facts, _ = run(events, corrections=fixes)
    assert state(facts, "medications", "metformin")["attributes"] == json.dumps(
        {"dose": "1000 mg", "mention": "metformin"}, sort_keys=True, separators=(",", ":")
    )
    assert state(facts, "medications", "metformin")["confidence"] == 1.0
    assert facts.filter(pl.col("entity").is_in(["gastritis", "penicilin"])).is_empty()
    assert state(facts, "allergies", "penicillin")["status"] == "active"  # m4 reaches the corrected name
    retracted = fact_events.filter((pl.col("entity") == "gastritis") & (pl.col("source") == "review"))
    assert json.loads(retracted["attributes"][0])["retracted"] is True
    # re-extraction with another extractor version: same fact ids, the corrections still apply
    again = [{**e, "extractor_version": "test-2"} for e in events]
    _, facts_again, _ = run(again, corrections=fixes)
    assert facts_again.drop("confidence").equals(facts.drop("confidence"))


def test_an_orphaned_input_changes_nothing_and_order_of_arrival_does_not_matter():
    base = run(PENICILLIN_THEN_NONE)
    orphan = run(
        PENICILLIN_THEN_NONE,
        [resolution(20, "no-such-conflict", "later_stands")],
        [correction(20, "no-such-fact", {"retract": True})],
    )
    for a, b in zip(base, orphan, strict=True):
        assert a.equals(b)
    one = run(PENICILLIN_THEN_NONE, [resolution(20, CID, "later_stands")])
    two = run(list(reversed(PENICILLIN_THEN_NONE)), [resolution(20, CID, "later_stands")])
    for a, b in zip(one, two, strict=True):
        assert a.sort(a.columns).equals(b.sort(b.columns))


def test_confidence_rule():
    assert confidence("explicit", 0, open_conflict=False) > confidence("answer", 0, open_conflict=False)
    assert confidence("answer", 0, open_conflict=False) > confidence("inferred", 0, open_conflict=False)
    assert confidence("explicit", 2, open_conflict=False) > confidence("explicit", 0, open_conflict=False)
    assert confidence("explicit", 50, open_conflict=False) == 0.95
    assert confidence("reviewed", 0, open_conflict=False) == 1.0
    assert confidence("explicit", 0, open_conflict=True) < confidence("explicit", 0, open_conflict=False)
    _, facts, _ = run(
        [
            ev(0, "m1", "allergies", "*", "confirmed_absent"),  # a bare "No." to "Any allergies?"
            ev(3, "m2", "medications", "aspirin", "active", mention="aspirin"),
            ev(4, "m3", "medications", "aspirin", "active", mention="aspirin"),
            ev(5, "m4", "medications", "*", "confirmed_absent", mention="medication"),
        ]
    )
    assert state(facts, "allergies", "*")["confidence"] == 0.6
    assert state(facts, "medications", "aspirin")["confidence"] == 0.4  # stopped by "no medication": inferred
