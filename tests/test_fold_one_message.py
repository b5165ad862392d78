"""One message, one event per fact: what a message says twice of a fact, in its own words or
through a rule that derives an event (a healed body part ending its symptoms, a short name
standing for a known fact), is one step of that fact's history, and every event id is unique."""

from __future__ import annotations

from tests.test_reconcile import ev, history, run


def _indexed(*rows: dict) -> list[dict]:
    """Events of one message in the order the message says them."""
    return [{**row, "event_index": i} for i, row in enumerate(rows)]


def test_a_healed_part_and_its_symptom_said_in_one_message_end_the_symptom_once():
    events, facts, _ = run(
        ev(0, "m1", "symptoms", "ankle swelling", "active", mention="swollen"),
        *_indexed(
            ev(5, "m2", "injuries", "ankle injury", "resolved", mention="ankle's fine now"),
            ev(5, "m2", "symptoms", "ankle swelling", "resolved", mention="swelling"),
        ),
    )
    assert history(events, "symptoms", "ankle swelling") == [("first_mention", "active"), ("change", "resolved")]
    assert events["event_id"].is_unique().all()


def test_a_healed_part_still_ends_the_symptoms_the_message_does_not_name():
    events, _, _ = run(
        ev(0, "m1", "symptoms", "knee pain", "active"),
        ev(0, "m1b", "symptoms", "knee swelling", "active"),
        *_indexed(
            ev(5, "m2", "injuries", "knee injury", "resolved"),
            ev(5, "m2", "symptoms", "knee swelling", "resolved"),
        ),
    )
    assert history(events, "symptoms", "knee pain") == [("first_mention", "active"), ("change", "resolved")]
    assert history(events, "symptoms", "knee swelling") == [("first_mention", "active"), ("change", "resolved")]


def test_a_short_name_and_the_full_name_in_one_message_are_one_step_of_the_fact():
    events, facts, _ = run(
        ev(0, "m1", "chronic_conditions", "type 2 diabetes", "active"),
        *_indexed(
            ev(9, "m2", "chronic_conditions", "type 2 diabetes", "resolved"),
            ev(9, "m2", "chronic_conditions", "diabetes", "resolved"),
        ),
    )
    assert events["event_id"].is_unique().all()
    assert history(events, "chronic_conditions", "type 2 diabetes")[-1] == ("change", "resolved")
