"""The reconciliation stage over the lake, one range of users at a time.

The fold (:func:`anamnesis.facts.fold.fold`) is per user, so the stage reads the events of one
range of users (:mod:`anamnesis.storage.batches`) with that range's previous history, folds
them and appends the result. People's inputs (resolutions, corrections) of the same users are
replayed with them. Events are sorted by user, so the ranges come in user order and
each file is written in the order of its warehouse table.

A night's users are folded from where the last fold left them when that still holds
(:mod:`anamnesis.facts.checkpoint`): only their new messages are folded, onto their stored
state, and their earlier rows are kept as they are; the others from the start.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

import polars as pl

from anamnesis import worker_server
from anamnesis.facts.checkpoint import after, checkpoint_rows, of_users, past_checkpoints, resume_points
from anamnesis.facts.fold import fold_onto
from anamnesis.facts.fold_tables import Folded, resumes
from anamnesis.storage.batches import parquet_appender, user_ranges
from anamnesis.storage.deltas import scan_table
from anamnesis.storage.inputs import ensure_inputs
from anamnesis.storage.integrity import scan_rebuildable
from anamnesis.storage.lake import Lake
from anamnesis.storage.shards import ONE_SHARD, Shard
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

#: The order of the warehouse tables (:data:`anamnesis.storage.warehouse.TABLES`); ``fact_state``
#: comes out of the fold in its order already.
FACT_EVENTS_ORDER = ["user_id", "valid_from", "source_message_id", "section", "entity"]
CONFLICTS_ORDER = ["user_id", "detected_at"]
#: Events folded at once: the fold holds about 1.2 KB of Python objects per event (measured), so
#: about 180 MB, in line with a range of the other stages; a night of 200,000 messages is one range.
FOLD_EVENTS = 150_000
#: From this many events on, a run with its worker server up folds in two processes: below it,
#: the hand-off (~0.1 s: frames pickled both ways) costs about what half the fold saves.
PARALLEL_MIN_EVENTS = 20_000


#: What the fold writes per user (the checkpoint last: see :mod:`anamnesis.facts.checkpoint`).
FACT_TABLES = ("fact_events", "fact_state", "conflicts", "fold_checkpoints")


def refold_users(lake: Lake, night: pl.Series | None) -> pl.Series | None:
    """The users a fold after ``night`` redoes: the night's and everyone with a resolution or correction.

    People's inputs are few and may come for any user between two nights, so their users are
    always folded again; ``None`` (no night: everyone) stays ``None``.
    """
    if night is None:
        return None
    ensure_inputs(lake)
    reviewed = [pl.scan_parquet(p).select("user_id") for p in (lake.resolutions, lake.corrections)]
    return pl.concat([night.to_frame().lazy(), *reviewed]).unique().collect()["user_id"]


@dataclass(slots=True)
class FoldCounts:
    events: int = 0
    fact_events: int = 0
    facts: int = 0
    conflicts: int = 0
    #: Users folded from their checkpoint (their new messages only).
    resumed: int = 0
    change_types: Counter[str] = field(default_factory=Counter)


def fold_lake(
    lake: Lake,
    *,
    on_progress: Callable[[int, int], None] | None = None,
    shard: Shard = ONE_SHARD,
    out: Lake | None = None,
) -> FoldCounts:
    """Write ``fact_events``, ``fact_state``, ``conflicts`` and the fold's checkpoints from the lake's events.

    Only the users of ``shard``; written to ``out`` (default: the lake itself). With a night's
    users (``shard.only``) each is resumed from their checkpoint when it still holds.
    """
    out = out or lake
    events = shard.of(scan_table(lake, "events", polars_schema(Events), only=shard.only))
    previous_events = shard.of(scan_rebuildable(lake, "fact_events", polars_schema(FactEvents), only=shard.only))
    previous_conflicts = shard.of(scan_rebuildable(lake, "conflicts", polars_schema(Conflicts), only=shard.only))
    if shard.only is None:  # everyone from the start: no state to resume from
        previous_state, checkpoints = empty(FactState).lazy(), empty(FoldCheckpoints).lazy()
    else:
        previous_state = shard.of(scan_table(lake, "fact_state", polars_schema(FactState), only=shard.only))
        checkpoints = shard.of(scan_table(lake, "fold_checkpoints", polars_schema(FoldCheckpoints), only=shard.only))
    ensure_inputs(lake)
    resolutions = shard.of(scan_table(lake, "resolutions", polars_schema(Resolutions), only=shard.only))
    corrections = shard.of(scan_table(lake, "corrections", polars_schema(Corrections), only=shard.only))
    total = events.select(pl.len()).collect().item()
    counts = FoldCounts()
    if on_progress:
        on_progress(0, total)
    # with the run's worker server up, every second range of users is folded in a worker forked
    # from it (the fold is per user: the ranges' outputs, appended in order, are the whole fold's)
    # (a night's resumed users fold only their new events: those are the work)
    work = total if shard.only is None else past_checkpoints(events, checkpoints)
    pairs = worker_server.running() and work >= PARALLEL_MIN_EVENTS
    budget = min(FOLD_EVENTS, -(-total // 2)) if pairs else FOLD_EVENTS
    inputs = (
        FoldInput(
            events=users.of(events).collect(),
            resolutions=users.of(resolutions).collect(),
            corrections=users.of(corrections).collect(),
            previous_fact_events=users.of(previous_events).collect(),
            previous_conflicts=users.of(previous_conflicts).collect(),
            previous_state=users.of(previous_state).collect(),
            checkpoints=users.of(checkpoints).collect(),
        )
        for users in user_ranges(events, pl.len(), budget=budget)
    )
    with (
        worker_server.second_process(pairs) as worker,
        parquet_appender(out.fact_events, polars_schema(FactEvents)) as fact_events_out,
        parquet_appender(out.fact_state, polars_schema(FactState)) as fact_state_out,
        parquet_appender(out.conflicts, polars_schema(Conflicts)) as conflicts_out,
        parquet_appender(out.fold_checkpoints, polars_schema(FoldCheckpoints)) as checkpoints_out,
    ):
        for batch, (fact_events, fact_state, conflicts, checkpoint, resumed) in worker_server.in_pairs(
            fold_range, inputs, worker
        ):
            fact_events_out(fact_events)
            fact_state_out(fact_state)
            conflicts_out(conflicts)
            checkpoints_out(checkpoint)
            counts.events += batch.events.height
            counts.fact_events += fact_events.height
            counts.facts += fact_state.height
            counts.conflicts += conflicts.height
            counts.resumed += resumed
            counts.change_types.update(dict(fact_events.group_by("change_type").len().rows()))
            if on_progress:
                on_progress(counts.events, total)
    return counts


@dataclass(frozen=True, slots=True)
class FoldInput:
    """One range of users: their events, people's inputs, previous histories, and (a night's) the
    state and checkpoints the last fold left (picklable frames)."""

    events: pl.DataFrame
    resolutions: pl.DataFrame
    corrections: pl.DataFrame
    previous_fact_events: pl.DataFrame
    previous_conflicts: pl.DataFrame
    previous_state: pl.DataFrame
    checkpoints: pl.DataFrame


#: The range's four tables, and how many of its users were resumed.
FoldOutput = tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame, pl.DataFrame, int]


def fold_range(batch: FoldInput) -> FoldOutput:
    """``fact_events``, ``fact_state``, ``conflicts`` and checkpoints of one range, each in its
    table's order, and how many users were resumed.

    Users whose checkpoint holds are resumed: only their later events are folded, onto their
    stored state; their stored rows come first (a resumed fold's rows are those a fold from the
    start appends after them), and their facts the fold did not change keep their stored state.
    """
    reviewed = pl.concat([batch.resolutions["user_id"], batch.corrections["user_id"]])
    points = resume_points(
        batch.events, batch.checkpoints, batch.previous_fact_events, batch.previous_conflicts, reviewed
    )
    folded = fold_onto(
        after(batch.events, points),
        resume=resumes(
            of_users(batch.previous_state, points),
            of_users(batch.checkpoints, points),
            of_users(batch.previous_conflicts, points),
        ),
        resolutions=batch.resolutions,
        corrections=batch.corrections,
        previous_fact_events=batch.previous_fact_events,
        previous_conflicts=batch.previous_conflicts,
    )
    fact_events = pl.concat([of_users(batch.previous_fact_events, points), folded.fact_events])
    conflicts = pl.concat([of_users(batch.previous_conflicts, points), folded.conflicts])
    changed = folded.fact_state["fact_id"].implode()
    unchanged = ~pl.col("fact_id").is_in(changed)
    fact_state = pl.concat([of_users(batch.previous_state, points).filter(unchanged), folded.fact_state])
    fact_state = fact_state.sort("user_id", "section", "entity")
    kept_evidence = of_users(batch.checkpoints, points).filter(unchanged).select(folded.evidence.columns)
    evidence = pl.concat([kept_evidence, folded.evidence])
    whole = Folded(
        fact_events.sort(FACT_EVENTS_ORDER, maintain_order=True),
        fact_state,
        conflicts.sort(CONFLICTS_ORDER, maintain_order=True),
        fact_state.select("fact_id").join(evidence, on="fact_id", maintain_order="left").select(evidence.columns),
    )
    return whole.fact_events, whole.fact_state, whole.conflicts, checkpoint_rows(batch.events, whole), points.height
