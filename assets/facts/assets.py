"""Reconciliation: validated events folded into fact histories, current state and conflicts."""

from collections.abc import Iterator

import dagster as dg
import polars as pl

from anamnesis.facts.stage import FACT_TABLES, fold_lake, refold_users
from anamnesis.storage.deltas import table_rows
from anamnesis.storage.lake import Lake
from anamnesis.storage.night import merge_stage, night_users
from anamnesis.storage.shards import shard_lake, sum_counts
from assets.checks import NIGHT_ONLY, as_check, pandera_check
from assets.metadata import frame_metadata
from assets.resources import HomeResource, ProgressParam
from assets.shards import AFTER_UPSTREAM, MERGED, ShardDone, merge_outs, night_of, shard, shard_progress, sharded_asset
from assets.understanding.assets import extracted_events
from schemas.frames import Conflicts, Corrections, FactEvents, FactState, Resolutions


@dg.op(
    ins=AFTER_UPSTREAM, description="One shard's events folded into its users' fact histories, states and conflicts."
)
def fold_shard(home: HomeResource, progress: ProgressParam, index: int) -> ShardDone:
    lake, progress = home.lake(), shard_progress(progress, home, index)
    part = shard(home, index, refold_users(lake, night_users(lake, FACT_TABLES)))
    counts = fold_lake(
        lake,
        on_progress=lambda done, total: progress.update("reconcile events", done, total),
        shard=part,
        out=shard_lake(lake, "facts", part),
    )
    return ShardDone(counts, part.only is not None)


FACT_EVENTS_SCHEMA = dg.AssetCheckSpec(
    "fact_events_schema",
    asset="fact_histories",
    blocking=True,
    description="fact_events fit their schema; event ids are unique.",
)
FACT_STATE_SCHEMA = dg.AssetCheckSpec(
    "fact_state_schema",
    asset="fact_histories",
    blocking=True,
    description="One current state per (user, section, entity).",
)
CONFLICTS_SCHEMA = dg.AssetCheckSpec(
    "conflicts_schema", asset="fact_histories", blocking=True, description="Conflicts fit their schema."
)
REVIEW_INPUTS_SCHEMA = dg.AssetCheckSpec(
    "review_inputs_schema",
    asset="fact_histories",
    description="People's inputs (resolutions, corrections) fit their schema.",
)
FACT_CHECKS = [FACT_EVENTS_SCHEMA, FACT_STATE_SCHEMA, CONFLICTS_SCHEMA, REVIEW_INPUTS_SCHEMA]


@dg.op(
    out=merge_outs(FACT_CHECKS),
    description="The shards' fact histories, states and conflicts merged into the lake; their checks.",
)
def merge_facts(home: HomeResource, parts: list[ShardDone]) -> Iterator[dg.Output[None] | dg.AssetCheckResult]:
    lake = home.lake()
    redone = refold_users(lake, night_of(lake, parts))
    merge_stage(lake, "facts", len(parts), FACT_TABLES, redone=redone)
    counts = sum_counts([p.counts for p in parts])
    yield dg.Output(
        None,
        MERGED,
        metadata={
            "events_in": counts.events,
            "fact_events_out": table_rows(lake, "fact_events"),
            "facts": table_rows(lake, "fact_state"),
            "conflicts": table_rows(lake, "conflicts"),
            "shards": len(parts),
            "users_resumed": counts.resumed,
            NIGHT_ONLY: parts[0].night,
            **{f"change_type_{name}": n for name, n in sorted(counts.change_types.items())},
            **frame_metadata("fact_events", FactEvents, table_rows(lake, "fact_events")),
        },
    )
    yield from _checks(lake, redone)


fact_histories = sharded_asset(
    name="fact_histories",
    upstream=extracted_events,
    work=fold_shard,
    merge=merge_facts,
    checks=FACT_CHECKS,
    group_name="facts",
    description="Append-only fact histories (fact_events), each fact's latest state, and conflicts.",
)


def _checks(lake: Lake, users: pl.Series | None) -> Iterator[dg.AssetCheckResult]:
    """The checks of the fact histories, on the merged files (of them only ``users``' rows if
    given: the fold redid only theirs): each table against its pandera schema, people's inputs whole."""
    for spec, model, table in (
        (FACT_EVENTS_SCHEMA, FactEvents, "fact_events"),
        (FACT_STATE_SCHEMA, FactState, "fact_state"),
        (CONFLICTS_SCHEMA, Conflicts, "conflicts"),
    ):
        yield as_check(spec, pandera_check(model, lake, table, users=users))
    inputs = [
        pandera_check(model, lake, table)
        for model, table in ((Resolutions, "resolutions"), (Corrections, "corrections"))
    ]
    yield as_check(REVIEW_INPUTS_SCHEMA, next((r for r in inputs if not r.passed), dg.AssetCheckResult(passed=True)))
