"""A night's fold resumed from where the last fold left each user gives the rows of a fold from
the start (:mod:`anamnesis.facts.checkpoint`), and a user whose checkpoint no longer holds is
folded from the start."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import orjson
import polars as pl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from anamnesis.facts.checkpoint import past_checkpoints
from anamnesis.facts.stage import FoldInput, fold_range
from schemas.frames import (
    Conflicts,
    Corrections,
    Events,
    FactEvents,
    FactState,
    FoldCheckpoints,
    Resolutions,
    empty,
    polars_schema,
)
from schemas.sections import STATUSES

START = datetime(2026, 1, 1, tzinfo=UTC)
#: Names that exercise the fold's state: short names of longer ones, a class of medicines and its
#: members, section-wide denials and references back (``^``).
ENTITIES = {
    "medications": ["metformin", "insulin glargine", "insulin", "antibiotics", "amoxicillin", "*", "^"],
    "symptoms": ["headache", "chest pain", "pain", "ankle swelling", "swelling", "*", "^"],
    "diagnoses": ["type 2 diabetes", "diabetes", "*", "^"],
    "allergies": ["penicillin", "*"],
    "injuries": ["ankle injury", "^"],
}
ATTRIBUTES = [{}, {"dose": "500 mg"}, {"dose": "18 units"}, {"mention": "said so"}, {"frequency": "daily"}]

event = st.sampled_from(sorted(ENTITIES)).flatmap(
    lambda section: st.tuples(
        st.just(section),
        st.sampled_from(ENTITIES[section]),
        st.sampled_from(STATUSES[section]),
        st.sampled_from(ATTRIBUTES),
    )
)
#: Per user: messages, each a few events, and how many of the messages the first run saw.
history = st.lists(st.lists(event, min_size=1, max_size=3), min_size=1, max_size=12).flatmap(
    lambda messages: st.tuples(st.just(messages), st.integers(0, len(messages)))
)


def events_frame(users: dict[str, list[list[tuple]]], *, recorded: dict[str, int]) -> pl.DataFrame:
    """The events of ``users``' messages; a message from index ``recorded[user]`` on was recorded a day later."""
    rows = []
    for user, messages in users.items():
        for i, message in enumerate(messages):
            for j, (section, entity, status, attributes) in enumerate(message):
                at = START + timedelta(hours=i)
                rows.append(
                    {
                        "user_id": user,
                        "message_id": f"{user}-m{i:03d}",
                        "event_index": j,
                        "valid_from": at,
                        "section": section,
                        "entity": entity,
                        "status": status,
                        "attributes": orjson.dumps(attributes).decode(),
                        "extractor_version": "rules-test",
                        "recorded_at": START + timedelta(days=30 + (i >= recorded[user])),
                    }
                )
    return pl.DataFrame(rows, schema=polars_schema(Events))


def fold_input(events: pl.DataFrame, stored: tuple | None = None, **inputs: pl.DataFrame) -> FoldInput:
    """A range of ``events``' users; ``stored``: a first run's output (its four tables) to resume from."""
    fact_events, fact_state, conflicts, checkpoints = stored[:4] if stored else (None,) * 4
    return FoldInput(
        events=events,
        resolutions=inputs.get("resolutions", empty(Resolutions)),
        corrections=inputs.get("corrections", empty(Corrections)),
        previous_fact_events=empty(FactEvents) if fact_events is None else fact_events,
        previous_conflicts=empty(Conflicts) if conflicts is None else conflicts,
        previous_state=empty(FactState) if fact_state is None else fact_state,
        checkpoints=empty(FoldCheckpoints) if checkpoints is None else checkpoints,
    )


def two_runs(users: dict[str, list[list[tuple]]], seen: dict[str, int]) -> tuple[tuple, tuple, pl.DataFrame]:
    """(the first run's output, the night's resumed from it, all events)."""
    every = events_frame(users, recorded=seen)
    first = every.filter(pl.col("recorded_at") == START + timedelta(days=30))
    stored = fold_range(fold_input(first))
    return stored, fold_range(fold_input(every, stored)), every


def assert_same(night: tuple, full: tuple) -> None:
    for got, want in zip(night[:4], full[:4], strict=True):
        assert got.equals(want), (got, want)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(history, min_size=1, max_size=3))
def test_a_resumed_fold_gives_the_fold_from_the_start(histories):
    users = {f"u{i}": messages for i, (messages, _) in enumerate(histories)}
    seen = {f"u{i}": first for i, (_, first) in enumerate(histories)}
    stored, night, every = two_runs(users, seen)
    full = fold_range(fold_input(every))
    assert_same(night, full)
    # every user the first run left a fact of was resumed
    assert night[4] == stored[1]["user_id"].n_unique()


def sample() -> dict[str, list[list[tuple]]]:
    """A history with a medication, a denial after it (a conflict) and a dose change."""
    return {
        "u-a": [
            [("medications", "metformin", "active", {"dose": "500 mg"})],
            [("allergies", "penicillin", "active", {"mention": "allergic"})],
            [("allergies", "*", "confirmed_absent", {})],
            [("medications", "^", "active", {"dose": "1000 mg"})],
            [("medications", "metformin", "stopped", {})],
        ],
        "u-b": [[("symptoms", "headache", "active", {})], [("symptoms", "^", "resolved", {})]],
    }


def test_the_sample_night_resumes_both_users_and_keeps_the_conflict_open():
    users = sample()
    stored, night, every = two_runs(users, {"u-a": 3, "u-b": 1})
    assert stored[2].height == 1  # the denial after the allergy: an open conflict carried over the night
    assert night[4] == 2
    assert_same(night, fold_range(fold_input(every)))
    # the fold's work after the first run: u-a's last two messages, u-b's last one, all of a new user's
    newcomer = events_frame({"u-c": users["u-b"]}, recorded={"u-c": 0})
    assert past_checkpoints(pl.concat([every, newcomer]).lazy(), stored[3].lazy()) == 2 + 1 + 2


@pytest.mark.parametrize("change", ["edited", "late", "tables_behind", "reviewed"])
def test_a_checkpoint_that_no_longer_holds_folds_the_user_from_the_start(change):
    users = sample()
    seen = {"u-a": 3, "u-b": 1}
    every = events_frame(users, recorded=seen)
    first = every.filter(pl.col("recorded_at") == START + timedelta(days=30))
    stored = fold_range(fold_input(first))
    inputs = {}
    if change == "edited":  # an earlier message now says something else
        every = every.with_columns(
            pl.when(pl.col("message_id") == "u-a-m000").then(pl.lit("stopped")).otherwise("status").alias("status")
        )
    elif change == "late":  # a message before the last folded one arrives with the night
        late = every.filter(pl.col("message_id") == "u-a-m004").with_columns(
            message_id=pl.lit("u-a-late"), valid_from=pl.lit(START + timedelta(minutes=30))
        )
        every = pl.concat([every, late]).sort("user_id", "valid_from", "message_id")
    elif change == "tables_behind":  # the checkpoint written, u-a's fact_events not (a run that stopped)
        kept = stored[0].filter((pl.col("user_id") != "u-a") | (pl.col("source_message_id") != "u-a-m001"))
        stored = (kept, *stored[1:])
    else:  # a reviewer's correction: applied at its own time, so the user is folded from the start
        fact = stored[1].filter(pl.col("entity") == "metformin")["fact_id"].item()
        inputs["corrections"] = pl.DataFrame(
            {
                "correction_id": ["c1"],
                "user_id": ["u-a"],
                "fact_id": [fact],
                "change": ['{"attributes": {"dose": "850 mg"}}'],
                "reviewer": ["dr"],
                "note": [None],
                "created_at": [START + timedelta(minutes=90)],
            }
        ).cast(polars_schema(Corrections))
    night = fold_range(fold_input(every, stored, **inputs))
    assert night[4] == 1  # u-b only
    full = fold_range(fold_input(every, (stored[0], None, stored[2], None), **inputs))
    assert_same(night, full)
