"""Reconciliation: validated events folded into fact histories, current state and conflicts."""

import dagster as dg

from anamnesis.reconcile import fold
from anamnesis.storage.atomic import read_parquet, write_parquet
from assets.checks import pandera_check
from assets.resources import HomeResource, ProgressResource
from assets.understanding.assets import extracted_events
from schemas.frames import Conflicts, Events, FactEvents, FactState, polars_schema


@dg.asset(
    deps=[extracted_events],
    group_name="facts",
    description="Append-only fact histories (fact_events), each fact's latest state, and conflicts.",
)
def fact_histories(
    context: dg.AssetExecutionContext, home: HomeResource, progress: ProgressResource
) -> dg.MaterializeResult:
    lake = home.lake()
    events = read_parquet(lake.events, polars_schema(Events))
    progress.update("reconcile events", 0, events.height)
    fact_events, fact_state, conflicts = fold(
        events,
        previous_fact_events=read_parquet(lake.fact_events, polars_schema(FactEvents)),
        previous_conflicts=read_parquet(lake.conflicts, polars_schema(Conflicts)),
    )
    write_parquet(fact_events, lake.fact_events)
    write_parquet(fact_state, lake.fact_state)
    write_parquet(conflicts, lake.conflicts)
    progress.update("reconcile events", events.height, events.height)
    by_type = fact_events.group_by("change_type").len().rows()
    return dg.MaterializeResult(
        metadata={
            "events_in": events.height,
            "fact_events_out": fact_events.height,
            "facts": fact_state.height,
            "conflicts": conflicts.height,
            **{f"change_type_{name}": n for name, n in sorted(by_type)},
        }
    )


@dg.asset_check(asset=fact_histories, description="fact_events fit their schema; event ids are unique.")
def fact_events_schema(home: HomeResource) -> dg.AssetCheckResult:
    return pandera_check(FactEvents, home.lake().fact_events)


@dg.asset_check(asset=fact_histories, description="One current state per (user, section, entity).")
def fact_state_schema(home: HomeResource) -> dg.AssetCheckResult:
    return pandera_check(FactState, home.lake().fact_state)


@dg.asset_check(asset=fact_histories, description="Conflicts fit their schema.")
def conflicts_schema(home: HomeResource) -> dg.AssetCheckResult:
    return pandera_check(Conflicts, home.lake().conflicts)
