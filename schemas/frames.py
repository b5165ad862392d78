"""Declarative pandera schemas of every frame the pipeline writes to the lake.

They are the single definition of each table's columns: :func:`polars_schema` derives the
polars dtypes for empty frames and casts from them, and the Dagster asset checks validate
each frame against them.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pandera.polars as pa
import polars as pl
from pandera.typing.polars import Series

from schemas.sections import CHANGE_TYPES, SECTIONS, STATUSES, SUPERSEDED

#: Where an event in ``fact_events`` comes from (CONTRACT §7.2).
EVENT_SOURCES = ("dialogue", "clarification", "review")
CONFLICT_STATUSES = ("open", "resolved")
#: The outcomes of clarifying a conflict: which of the two statements stands.
OUTCOMES = ("earlier_stands", "later_stands")
_ALL_STATUSES = sorted({s for st in STATUSES.values() for s in st} | {SUPERSEDED})
#: The one timestamp type of every frame: microseconds, UTC.
UTC_TS = pl.Datetime("us", "UTC")


def utc(**checks: Any) -> Any:
    """A pandera field of type :data:`UTC_TS` (pandera wants the unit and zone as dtype kwargs)."""
    return pa.Field(dtype_kwargs={"time_unit": UTC_TS.time_unit, "time_zone": UTC_TS.time_zone}, **checks)


class Messages(pa.DataFrameModel):
    """Clean input messages: one row per (user_id, message_id), the newest version."""

    message_id: Series[str] = pa.Field(str_length={"min_value": 1})
    user_id: Series[str] = pa.Field(str_length={"min_value": 1, "max_value": 256})
    session_id: Series[str]
    ts: Series[pl.Datetime] = utc()
    role: Series[str]
    text: Series[str] = pa.Field(str_length={"max_value": 32_000})
    lang: Series[str] = pa.Field(nullable=True)
    content_hash: Series[str]
    source_file: Series[str]
    line_no: Series[pl.Int64] = pa.Field(ge=1)
    export_day: Series[str]

    class Config:
        strict = True
        unique = ["user_id", "message_id"]


class Quarantine(pa.DataFrameModel):
    """Input lines that broke CONTRACT §1, kept with the reason."""

    source_file: Series[str]
    line_no: Series[pl.Int64] = pa.Field(ge=0)
    reason: Series[str]
    raw: Series[str]
    export_day: Series[str]

    class Config:
        strict = True


class Supersessions(pa.DataFrameModel):
    """A message re-exported with different content: the older version, replaced."""

    user_id: Series[str]
    message_id: Series[str]
    old_content_hash: Series[str]
    new_content_hash: Series[str]
    old_source_file: Series[str]
    new_source_file: Series[str]

    class Config:
        strict = True


class Fragments(pa.DataFrameModel):
    """A user message with the assistant turn before it: the unit every backend reads."""

    fragment_key: Series[str]
    user_id: Series[str]
    message_id: Series[str]
    ts: Series[pl.Datetime] = utc()
    text: Series[str]
    context: Series[str] = pa.Field(nullable=True)
    lang: Series[str] = pa.Field(nullable=True)

    class Config:
        strict = True


class Understood(pa.DataFrameModel):
    """What the backend made of each fragment, kept so an unchanged fragment is not read again."""

    fragment_key: Series[str]
    user_id: Series[str]
    fingerprint: Series[str]
    sections: Series[pl.List] = pa.Field(dtype_kwargs={"inner": pl.String})
    events: Series[str]
    rejects: Series[str]
    understood_at: Series[pl.Datetime] = utc()
    #: Validated measurement proposals, JSON (see ``anamnesis.measurements.frame``).
    measurements: Series[str]

    class Config:
        strict = True


class Events(pa.DataFrameModel):
    """Validated events proposed by the understanding backend, before reconciliation."""

    user_id: Series[str]
    message_id: Series[str]
    event_index: Series[pl.Int32] = pa.Field(ge=0)
    valid_from: Series[pl.Datetime] = utc()
    section: Series[str] = pa.Field(isin=list(SECTIONS))
    entity: Series[str] = pa.Field(str_length={"min_value": 1})
    status: Series[str] = pa.Field(isin=_ALL_STATUSES)
    attributes: Series[str]
    extractor_version: Series[str]
    recorded_at: Series[pl.Datetime] = utc()

    class Config:
        strict = True
        unique = ["user_id", "message_id", "event_index"]


class Rejects(pa.DataFrameModel):
    """Proposals or fragments that failed: nothing is dropped silently."""

    user_id: Series[str]
    message_id: Series[str]
    section: Series[str] = pa.Field(nullable=True)
    reason: Series[str]
    proposal: Series[str] = pa.Field(nullable=True)
    extractor_version: Series[str]
    recorded_at: Series[pl.Datetime] = utc()

    class Config:
        strict = True


class FactEvents(pa.DataFrameModel):
    """CONTRACT §3 ``fact_events``: one row per event that touched a fact."""

    event_id: Series[str]
    fact_id: Series[str]
    user_id: Series[str]
    section: Series[str] = pa.Field(isin=list(SECTIONS))
    entity: Series[str]
    change_type: Series[str] = pa.Field(isin=list(CHANGE_TYPES))
    status: Series[str] = pa.Field(isin=_ALL_STATUSES)
    attributes: Series[str]
    valid_from: Series[pl.Datetime] = utc()
    recorded_at: Series[pl.Datetime] = utc()
    source_message_id: Series[str]
    extractor_version: Series[str]
    #: Who the event comes from (CONTRACT §7.2): the dialogue, a clarification, a clinical review.
    source: Series[str] = pa.Field(isin=list(EVENT_SOURCES))
    #: The ``resolution_id`` or ``correction_id`` of a clarification or review event, else null.
    source_ref: Series[str] = pa.Field(nullable=True)

    class Config:
        strict = True
        unique = ["event_id"]


class FactState(pa.DataFrameModel):
    """The latest state of each fact; ``facts_current`` adds ``decayed`` at query time."""

    fact_id: Series[str]
    user_id: Series[str]
    section: Series[str] = pa.Field(isin=list(SECTIONS))
    entity: Series[str]
    status: Series[str] = pa.Field(isin=_ALL_STATUSES)
    attributes: Series[str]
    valid_from: Series[pl.Datetime] = utc()
    first_seen: Series[pl.Datetime] = utc()
    last_seen: Series[pl.Datetime] = utc()
    source_message_id: Series[str]
    #: How far the fact can be relied on, in [0, 1] (:mod:`anamnesis.facts.confidence`).
    confidence: Series[pl.Float64] = pa.Field(ge=0.0, le=1.0)

    class Config:
        strict = True
        unique = ["user_id", "section", "entity"]


class Conflicts(pa.DataFrameModel):
    """CONTRACT §3 and §7.2 ``conflicts``: contradictions, open until a clarification resolves them.

    Besides the contract's columns each row says what either statement claims (``earlier_status``
    and ``later_status`` of the fact, the later statement's entity, ``*`` for a section-wide
    denial) and when each was said, so a reader can state the question without a join.
    """

    conflict_id: Series[str]
    user_id: Series[str]
    section: Series[str] = pa.Field(isin=list(SECTIONS))
    entity: Series[str]
    fact_id: Series[str]
    source_message_id: Series[str]
    conflicting_message_id: Series[str]
    detected_at: Series[pl.Datetime] = utc()
    reason: Series[str]
    status: Series[str] = pa.Field(isin=list(CONFLICT_STATUSES))
    resolved_at: Series[pl.Datetime] = pa.Field(nullable=True, dtype_kwargs={"time_unit": "us", "time_zone": "UTC"})
    resolution: Series[str] = pa.Field(nullable=True, isin=list(OUTCOMES))
    earlier_status: Series[str]
    later_status: Series[str]
    later_entity: Series[str]
    earlier_valid_from: Series[pl.Datetime] = pa.Field(dtype_kwargs={"time_unit": "us", "time_zone": "UTC"})
    later_valid_from: Series[pl.Datetime] = pa.Field(dtype_kwargs={"time_unit": "us", "time_zone": "UTC"})

    class Config:
        strict = True
        unique = ["conflict_id"]


class FoldCheckpoints(pa.DataFrameModel):
    """Where the fold left each user (lake only, no warehouse relation), one row per fact.

    Per fact, what ``fact_state`` does not hold: the evidence and confirmations behind its
    confidence and its place in the fold's order. Per user (on each of their rows): the events
    folded (their number, an order-free digest, the last message's time and id) and the rows of
    ``fact_events`` and ``conflicts`` that fold wrote. A night folds only a user's later messages
    onto this state when all of it still holds (:mod:`anamnesis.facts.checkpoint`).
    """

    user_id: Series[str]
    fact_id: Series[str]
    evidence: Series[str] = pa.Field(isin=["inferred", "answer", "explicit", "clarified", "reviewed"])
    confirmations: Series[pl.Int64] = pa.Field(ge=0)
    position: Series[pl.Int64] = pa.Field(ge=0)
    events: Series[pl.Int64] = pa.Field(ge=0)
    digest: Series[pl.UInt64]
    through_valid_from: Series[pl.Datetime] = utc()
    through_message_id: Series[str]
    fact_events: Series[pl.Int64] = pa.Field(ge=0)
    conflicts: Series[pl.Int64] = pa.Field(ge=0)

    class Config:
        strict = True
        unique = ["user_id", "fact_id"]


class Resolutions(pa.DataFrameModel):
    """Input written by people (CONTRACT §7.2): the outcome of clarifying one conflict.

    Kept in ``lake/inputs/`` and replayed by every fold, so it survives backfills and
    re-extraction; ``forget`` erases it with the rest of the user's rows.
    """

    resolution_id: Series[str]
    conflict_id: Series[str]
    user_id: Series[str]
    outcome: Series[str] = pa.Field(isin=list(OUTCOMES))
    source: Series[str] = pa.Field(isin=["user", "clinician"])
    note: Series[str] = pa.Field(nullable=True)
    reviewer: Series[str] = pa.Field(nullable=True)
    created_at: Series[pl.Datetime] = pa.Field(dtype_kwargs={"time_unit": "us", "time_zone": "UTC"})

    class Config:
        strict = True
        unique = ["resolution_id"]


class Corrections(pa.DataFrameModel):
    """Input written by reviewers (CONTRACT §7.2): one correction or retraction of one fact.

    ``change`` is JSON with any of ``status``, ``entity``, ``attributes``, ``retract``.
    """

    correction_id: Series[str]
    user_id: Series[str]
    fact_id: Series[str]
    reviewer: Series[str]
    note: Series[str] = pa.Field(nullable=True)
    change: Series[str]
    created_at: Series[pl.Datetime] = pa.Field(dtype_kwargs={"time_unit": "us", "time_zone": "UTC"})

    class Config:
        strict = True
        unique = ["correction_id"]


class SessionSummaries(pa.DataFrameModel):
    """A short summary of one session's health content, every N user turns and at its last turn.

    Each row covers the session from its start through ``through_message_id`` (a rolling
    summary); the row of the session's last user turn is its summary so far.
    """

    summary_id: Series[str]
    user_id: Series[str]
    session_id: Series[str]
    through_message_id: Series[str]
    #: User turns of the session up to and including ``through_message_id``.
    user_turns: Series[pl.Int32] = pa.Field(ge=1)
    summary: Series[str] = pa.Field(str_length={"min_value": 1})
    valid_from: Series[pl.Datetime] = utc()
    source: Series[str] = pa.Field(str_length={"min_value": 1})
    #: The facts the span's events touched, in the order first said.
    fact_ids: Series[pl.List] = pa.Field(dtype_kwargs={"inner": pl.String})

    class Config:
        strict = True
        unique = ["summary_id"]


class LLMUsage(pa.DataFrameModel):
    """What each run's LLM calls cost, one row per run and task (the classifier, each section).

    Counts only: no user id, no text, so it is kept across ``forget`` and every rebuild.
    """

    run_id: Series[str]
    task: Series[str]
    mode: Series[str] = pa.Field(isin=["sync", "batch"])
    calls: Series[pl.Int64] = pa.Field(ge=0)
    cache_hits: Series[pl.Int64] = pa.Field(ge=0)
    prompt_tokens: Series[pl.Int64] = pa.Field(ge=0)
    completion_tokens: Series[pl.Int64] = pa.Field(ge=0)
    estimated_cost_usd: Series[pl.Float64] = pa.Field(nullable=True, ge=0)
    model: Series[str]
    created_at: Series[pl.Datetime] = utc()

    class Config:
        strict = True
        unique = ["run_id", "task"]


@cache
def polars_schema(model: type[pa.DataFrameModel]) -> dict[str, pl.DataType]:
    """The polars dtypes of a schema's columns, in order: for empty frames and casts."""
    return {name: col.dtype.type for name, col in model.to_schema().columns.items()}


def empty(model: type[pa.DataFrameModel]) -> pl.DataFrame:
    """An empty frame with the schema's columns."""
    return pl.DataFrame(schema=polars_schema(model))
