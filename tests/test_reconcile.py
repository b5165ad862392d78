"""Reconciliation in code: change types, `*` facts, the allergy safety rule, determinism."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta

import polars as pl

from anamnesis.facts.fold import fold
from anamnesis.facts.ids import fact_id
from schemas.frames import Conflicts, Events, FactEvents, FactState, polars_schema

T0 = datetime(2026, 1, 1, 9, tzinfo=UTC)


def ev(day: int, mid: str, section: str, entity: str, status: str, user: str = "u", **attrs: str) -> dict:
    return {
        "user_id": user,
        "message_id": mid,
        "event_index": 0,
        "valid_from": T0 + timedelta(days=day),
        "section": section,
        "entity": entity,
        "status": status,
        "attributes": json.dumps(attrs, sort_keys=True),
        "extractor_version": "test-1",
        "recorded_at": T0 + timedelta(days=400),
    }


def run(*rows: dict) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    frame = pl.DataFrame(list(rows), schema=polars_schema(Events))
    out = fold(frame)
    FactEvents.validate(out[0])
    FactState.validate(out[1])
    Conflicts.validate(out[2])
    return out


def history(fact_events: pl.DataFrame, section: str, entity: str) -> list[tuple[str, str]]:
    rows = fact_events.filter((pl.col("section") == section) & (pl.col("entity") == entity))
    return list(zip(rows["change_type"], rows["status"], strict=True))


def state(fact_state: pl.DataFrame, section: str, entity: str) -> dict:
    rows = fact_state.filter((pl.col("section") == section) & (pl.col("entity") == entity)).to_dicts()
    assert len(rows) == 1, rows
    return rows[0]


def test_first_mention_confirmation_dose_change_and_stop():
    events, facts, _ = run(
        ev(0, "m1", "medications", "metformin", "active", dose="500 mg", mention="Glucophage"),
        ev(5, "m2", "medications", "metformin", "active", mention="metformin"),
        ev(30, "m3", "medications", "metformin", "active", dose="1000 mg"),
        ev(60, "m4", "medications", "metformin", "stopped"),
    )
    assert history(events, "medications", "metformin") == [
        ("first_mention", "active"),
        ("confirmation", "active"),
        ("change", "active"),
        ("change", "stopped"),
    ]
    current = state(facts, "medications", "metformin")
    assert current["status"] == "stopped"
    assert json.loads(current["attributes"])["dose"] == "1000 mg"
    assert current["first_seen"] == T0 and current["last_seen"] == T0 + timedelta(days=60)
    assert current["valid_from"] == T0 + timedelta(days=60) and current["source_message_id"] == "m4"
    assert current["fact_id"] == fact_id("u", "medications", "metformin")


def test_a_confirmation_keeps_the_state_start():
    _, facts, _ = run(
        ev(0, "m1", "chronic_conditions", "hypertension", "active"),
        ev(9, "m2", "chronic_conditions", "hypertension", "active"),
    )
    current = state(facts, "chronic_conditions", "hypertension")
    assert current["valid_from"] == T0 and current["source_message_id"] == "m1"
    assert current["last_seen"] == T0 + timedelta(days=9)


def test_negations_of_a_section_and_of_one_fact():
    events, facts, _ = run(
        ev(0, "m1", "allergies", "*", "confirmed_absent"),
        ev(3, "m2", "allergies", "*", "confirmed_absent"),
        ev(4, "m3", "symptoms", "fever", "confirmed_absent"),
    )
    assert history(events, "allergies", "*") == [("negation", "confirmed_absent"), ("confirmation", "confirmed_absent")]
    assert history(events, "symptoms", "fever") == [("negation", "confirmed_absent")]


def test_a_later_specific_fact_supersedes_a_section_wide_absence():
    events, facts, _ = run(
        ev(0, "m1", "medications", "*", "confirmed_absent"),
        ev(31, "m2", "medications", "atorvastatin", "active", dose="20 mg"),
    )
    assert history(events, "medications", "*") == [("negation", "confirmed_absent"), ("change", "superseded")]
    assert state(facts, "medications", "*")["status"] == "superseded"
    assert state(facts, "medications", "atorvastatin")["status"] == "active"


def test_no_allergies_never_cancels_an_active_allergy_but_records_a_conflict():
    events, facts, conflicts = run(
        ev(0, "m1", "allergies", "penicillin", "active"), ev(10, "m2", "allergies", "*", "confirmed_absent")
    )
    assert state(facts, "allergies", "penicillin")["status"] == "active"
    assert facts.filter(pl.col("entity") == "*").height == 0
    assert conflicts.select("entity", "source_message_id", "conflicting_message_id").rows() == [
        ("penicillin", "m1", "m2")
    ]
    assert conflicts["fact_id"][0] == fact_id("u", "allergies", "penicillin")


def test_a_specific_allergy_denial_does_change_that_fact():
    events, facts, conflicts = run(
        ev(0, "m1", "allergies", "penicillin", "active"), ev(10, "m2", "allergies", "penicillin", "confirmed_absent")
    )
    assert history(events, "allergies", "penicillin") == [("first_mention", "active"), ("negation", "confirmed_absent")]
    assert conflicts.height == 0


def test_denying_what_is_present_ends_it_except_where_a_denial_is_a_contradiction():
    events, facts, conflicts = run(
        ev(0, "m1", "symptoms", "headache", "active"),
        ev(0, "m1", "lifestyle", "smoking", "active") | {"event_index": 1},
        ev(0, "m1", "chronic_conditions", "asthma", "active") | {"event_index": 2},
        ev(5, "m2", "symptoms", "headache", "confirmed_absent"),
        ev(5, "m2", "lifestyle", "smoking", "confirmed_absent") | {"event_index": 1},
        ev(5, "m2", "chronic_conditions", "asthma", "confirmed_absent") | {"event_index": 2},
        ev(6, "m3", "symptoms", "fever", "confirmed_absent"),
    )
    assert history(events, "symptoms", "headache") == [("first_mention", "active"), ("change", "resolved")]
    assert history(events, "lifestyle", "smoking")[-1] == ("change", "stopped")
    assert history(events, "chronic_conditions", "asthma")[-1] == ("negation", "confirmed_absent")
    assert history(events, "symptoms", "fever") == [("negation", "confirmed_absent")]  # never present: an absence


def test_a_switch_stops_one_drug_and_starts_the_other():
    events, facts, _ = run(
        ev(0, "m1", "medications", "aspirin", "active"),
        ev(20, "m2", "medications", "aspirin", "stopped"),
        ev(20, "m2", "medications", "clopidogrel", "active") | {"event_index": 1},
    )
    assert state(facts, "medications", "aspirin")["status"] == "stopped"
    assert state(facts, "medications", "clopidogrel")["status"] == "active"
    assert history(events, "medications", "aspirin")[-1] == ("change", "stopped")


def test_taking_nothing_now_stops_active_drugs():
    events, facts, conflicts = run(
        ev(0, "m1", "medications", "ibuprofen", "active"), ev(9, "m2", "medications", "*", "confirmed_absent")
    )
    assert state(facts, "medications", "ibuprofen")["status"] == "stopped"
    assert state(facts, "medications", "*")["status"] == "confirmed_absent"
    assert conflicts.height == 0


def test_family_history_merges_relatives_and_demographics_change_by_value():
    events, facts, _ = run(
        ev(0, "m1", "family_history", "type 2 diabetes", "active", relation="mother"),
        ev(3, "m2", "family_history", "type 2 diabetes", "active", relation="father"),
        ev(0, "m1", "demographics", "age", "active", value="45") | {"event_index": 1},
        ev(400, "m3", "demographics", "age", "active", value="46"),
    )
    assert json.loads(state(facts, "family_history", "type 2 diabetes")["attributes"])["relation"] == "father, mother"
    assert history(events, "demographics", "age") == [("first_mention", "active"), ("change", "active")]


def test_users_never_share_facts():
    _, facts, _ = run(
        ev(0, "a1", "allergies", "penicillin", "active", user="alice"),
        ev(1, "b1", "allergies", "*", "confirmed_absent", user="bob"),
    )
    assert sorted(facts.select("user_id", "entity", "status").rows()) == [
        ("alice", "penicillin", "active"),
        ("bob", "*", "confirmed_absent"),
    ]


def test_the_same_events_in_any_arrival_order_give_the_same_history():
    rows = [
        ev(0, "m1", "medications", "*", "confirmed_absent"),
        ev(2, "m2", "allergies", "penicillin", "active"),
        ev(5, "m3", "allergies", "*", "confirmed_absent"),
        ev(9, "m4", "medications", "metformin", "active", dose="500 mg"),
        ev(12, "m5", "medications", "metformin", "active", dose="1000 mg"),
        ev(15, "m6", "symptoms", "headache", "active"),
        ev(16, "m7", "symptoms", "headache", "resolved"),
    ]
    expected = run(*rows)
    for seed in range(5):
        shuffled = rows[:]
        random.Random(seed).shuffle(shuffled)
        got = run(*shuffled)
        for a, b in zip(expected, got, strict=True):
            assert a.equals(b)


def test_rerunning_keeps_the_first_recorded_at():
    first, _, _ = run(ev(0, "m1", "allergies", "penicillin", "active"))
    later = pl.DataFrame([ev(0, "m1", "allergies", "penicillin", "active")], schema=polars_schema(Events)).with_columns(
        pl.lit(T0 + timedelta(days=900)).cast(pl.Datetime("us", "UTC")).alias("recorded_at")
    )
    again, _, _ = fold(later, previous_fact_events=first)
    assert again.equals(first)


def test_the_first_value_of_an_attribute_is_not_a_change():
    """A frequency said for the first time fills the fact in; only a different value changes it."""
    events, facts, _ = run(
        ev(0, "m1", "medications", "amlodipine", "active", dose="5 mg"),
        ev(3, "m2", "medications", "amlodipine", "active", frequency="every evening"),
        ev(9, "m3", "medications", "amlodipine", "active", frequency="twice a day"),
    )
    assert history(events, "medications", "amlodipine") == [
        ("first_mention", "active"),
        ("confirmation", "active"),
        ("change", "active"),
    ]
    current = state(facts, "medications", "amlodipine")
    assert json.loads(current["attributes"]) == {"dose": "5 mg", "frequency": "twice a day"}
    assert current["valid_from"] == T0 + timedelta(days=9)


def test_a_dose_change_or_stop_that_names_no_drug_reaches_the_drug_last_discussed():
    events, facts, _ = run(
        ev(0, "m1", "medications", "levetiracetam", "active", dose="500 mg", mention="Keppra"),
        ev(1, "m2", "medications", "levothyroxine", "active", dose="50 mcg", mention="Euthyrox"),
        ev(9, "m3", "medications", "^", "active", dose="75", mention="upped it to 75"),
        ev(20, "m4", "medications", "^", "stopped"),
    )
    assert history(events, "medications", "levothyroxine") == [
        ("first_mention", "active"), ("change", "active"), ("change", "stopped"),
    ]
    thyroid = json.loads(state(facts, "medications", "levothyroxine")["attributes"])
    assert thyroid["dose"] == "75 mcg" and thyroid["mention"] == "Euthyrox"  # its own unit, its own name
    assert state(facts, "medications", "levetiracetam")["status"] == "active"
    assert "^" not in set(facts["entity"]) and "^" not in set(events["entity"])


def test_a_new_dose_in_units_that_names_no_drug_reaches_the_drug_dosed_in_units():
    # "加到18个单位" after the insulin, then metformin named (no dose): the insulin's new dose
    _, facts, _ = run(
        ev(0, "m1", "medications", "insulin glargine", "active", dose="14 units"),
        ev(1, "m2", "medications", "metformin", "active"),
        ev(9, "m3", "medications", "^", "active", dose="18 units"),
        ev(0, "m1", "medications", "sertraline", "active", dose="50 mg", user="v"),
        ev(1, "m2", "medications", "metformin", "active", dose="500 mg", user="v"),
        ev(9, "m3", "medications", "^", "active", dose="100", user="v"),
    )
    doses = {(u, e): json.loads(a).get("dose") for u, e, a in facts.select("user_id", "entity", "attributes").iter_rows()}
    # a bare number has no unit to go by: the drug discussed last, as before
    assert doses == {("u", "insulin glargine"): "18 units", ("u", "metformin"): None,
                     ("v", "sertraline"): "50 mg", ("v", "metformin"): "100 mg"}


def test_a_recovery_that_names_nothing_ends_the_illness_symptom_or_injury_discussed_last():
    # "好了" / "all cleared up" (a diagnoses "^") after a symptom alone: the symptom is over
    _, facts, _ = run(
        ev(0, "m1", "diagnoses", "bronchitis", "active"),
        ev(5, "m2", "symptoms", "leg swelling", "active"),
        ev(8, "m3", "diagnoses", "^", "resolved"),
    )
    assert state(facts, "symptoms", "leg swelling")["status"] == "resolved"
    assert state(facts, "diagnoses", "bronchitis")["status"] == "active"
    # two named together: the one of the section the words point to, else nothing
    _, facts, _ = run(
        ev(0, "m1", "diagnoses", "common cold", "active"),
        ev(0, "m1", "symptoms", "cough", "active"),
        ev(3, "m2", "diagnoses", "^", "resolved"),
        ev(0, "m1", "symptoms", "cough", "active", user="v"),
        ev(0, "m1", "symptoms", "fever", "active", user="v"),
        ev(3, "m2", "symptoms", "^", "resolved", user="v"),
    )
    statuses = {(u, e): s for u, e, s in facts.select("user_id", "entity", "status").iter_rows()}
    # (the cold's cough, told with it, ends with it: tests/test_illness_with_its_complaints.py)
    assert statuses == {("u", "common cold"): "resolved", ("u", "cough"): "resolved",
                        ("v", "cough"): "active", ("v", "fever"): "active"}
    assert "^" not in set(facts["entity"])
    # a healed body part ("脚好了": an injuries "^") is the injury, though a symptom came after it
    _, facts, _ = run(
        ev(0, "m1", "injuries", "ankle sprain", "active"),
        ev(4, "m2", "symptoms", "indigestion", "active"),
        ev(8, "m3", "injuries", "^", "resolved"),
    )
    assert state(facts, "injuries", "ankle sprain")["status"] == "resolved"
    assert state(facts, "symptoms", "indigestion")["status"] == "active"
    # with no injury known, a healed part ("膝盖好了") ends the complaint discussed last
    _, facts, _ = run(
        ev(0, "m1", "symptoms", "knee pain", "active"),
        ev(8, "m2", "injuries", "^", "resolved"),
    )
    assert state(facts, "symptoms", "knee pain")["status"] == "resolved"


def test_a_reference_back_with_two_drugs_named_together_or_none_at_all_is_dropped():
    _, facts, _ = run(
        ev(0, "m1", "medications", "sertraline", "active", dose="50 mg"),
        ev(0, "m1", "medications", "omeprazole", "active", dose="20 mg"),
        ev(3, "m2", "medications", "^", "active", dose="100"),
        ev(0, "m1", "medications", "^", "stopped", user="v"),
    )
    doses = {e: json.loads(a)["dose"] for e, a in facts.select("entity", "attributes").iter_rows()}
    assert doses == {"omeprazole": "20 mg", "sertraline": "50 mg"}
    # a stopped drug is not the one a later change is about
    _, facts, _ = run(
        ev(0, "m1", "medications", "fluoxetine", "stopped", dose="20 mg"),
        ev(0, "m1", "medications", "sertraline", "active", dose="50 mg"),
        ev(3, "m2", "medications", "^", "active", dose="100"),
    )
    assert json.loads(state(facts, "medications", "sertraline")["attributes"])["dose"] == "100 mg"


def test_a_shorter_symptom_name_ends_the_one_known_longer_symptom_but_pain_alone_does_not():
    events, facts, _ = run(
        ev(0, "m1", "symptoms", "low back pain", "active"),
        ev(0, "m1", "symptoms", "chest pain", "active") | {"event_index": 1},
        ev(5, "m2", "symptoms", "back pain", "confirmed_absent"),
        ev(6, "m3", "symptoms", "pain", "resolved"),
    )
    assert history(events, "symptoms", "low back pain") == [("first_mention", "active"), ("change", "resolved")]
    assert state(facts, "symptoms", "chest pain")["status"] == "active"  # "pain" names no one symptom
    assert facts.filter(pl.col("entity") == "back pain").is_empty()


def test_a_reference_back_never_lands_on_a_fact_its_own_message_names():
    # "всё прошло, и кашель и температура": the cough named resolves itself, and the "^" ends
    # the illness discussed before it (it was resolved to the cough again: one event twice)
    events, facts, _ = run(
        ev(0, "m1", "diagnoses", "tonsillitis", "active"),
        ev(5, "m2", "symptoms", "cough", "active"),
        ev(8, "m3", "symptoms", "cough", "resolved"),
        ev(8, "m3", "diagnoses", "^", "resolved"),
    )
    assert state(facts, "symptoms", "cough")["status"] == "resolved"
    assert state(facts, "diagnoses", "tonsillitis")["status"] == "resolved"
    assert events["event_id"].is_unique().all()
