"""Reconciliation: validated events folded into fact histories, current state and conflicts."""

import dagster as dg

from anamnesis.facts.stage import FoldCounts, fold_lake
from anamnesis.storage.shards import merge_shards, shard_lake, sum_counts
from assets.checks import pandera_check
from assets.metadata import frame_metadata
from assets.resources import HomeResource, ProgressParam
from assets.shards import shard, sharded_asset
from assets.understanding.assets import extracted_events
from schemas.frames import Conflicts, Corrections, FactEvents, FactState, Resolutions


@dg.op(description="One shard's events folded into its users' fact histories, states and conflicts.")
def fold_shard(home: HomeResource, progress: ProgressParam, index: int) -> FoldCounts:
    lake = home.lake()
    part = shard(home, index)
    return fold_lake(
        lake,
        on_progress=lambda done, total: progress.update("reconcile events", done, total),
        shard=part,
        out=shard_lake(lake, "facts", part),
    )


@dg.op(out=dg.Out(dg.Nothing), description="The shards' fact histories, states and conflicts merged into the lake.")
def merge_facts(context: dg.OpExecutionContext, home: HomeResource, parts: list[FoldCounts]) -> None:
    merge_shards(home.lake(), "facts", len(parts), ("fact_events", "fact_state", "conflicts"))
    counts = sum_counts(parts)
    context.add_output_metadata(
        {
            "events_in": counts.events,
            "fact_events_out": counts.fact_events,
            "facts": counts.facts,
            "conflicts": counts.conflicts,
            "shards": len(parts),
            **{f"change_type_{name}": n for name, n in sorted(counts.change_types.items())},
            **frame_metadata("fact_events", FactEvents, counts.fact_events),
        }
    )


fact_histories = sharded_asset(
    name="fact_histories",
    upstream=extracted_events,
    work=fold_shard,
    merge=merge_facts,
    group_name="facts",
    description="Append-only fact histories (fact_events), each fact's latest state, and conflicts.",
)


@dg.asset_check(asset=fact_histories, blocking=True, description="fact_events fit their schema; event ids are unique.")
def fact_events_schema(home: HomeResource) -> dg.AssetCheckResult:
    return pandera_check(FactEvents, home.lake().fact_events)


@dg.asset_check(asset=fact_histories, blocking=True, description="One current state per (user, section, entity).")
def fact_state_schema(home: HomeResource) -> dg.AssetCheckResult:
    return pandera_check(FactState, home.lake().fact_state)


@dg.asset_check(asset=fact_histories, blocking=True, description="Conflicts fit their schema.")
def conflicts_schema(home: HomeResource) -> dg.AssetCheckResult:
    return pandera_check(Conflicts, home.lake().conflicts)


@dg.asset_check(asset=fact_histories, description="People's inputs (resolutions, corrections) fit their schema.")
def review_inputs_schema(home: HomeResource) -> dg.AssetCheckResult:
    lake = home.lake()
    for model, path in ((Resolutions, lake.resolutions), (Corrections, lake.corrections)):
        result = pandera_check(model, path)
        if not result.passed:
            return result
    return dg.AssetCheckResult(passed=True)
