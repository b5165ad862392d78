"""Reconciliation: validated events folded into fact histories, current state and conflicts."""

import dagster as dg

from anamnesis.facts.stage import fold_lake
from assets.checks import pandera_check
from assets.metadata import frame_metadata
from assets.resources import HomeResource, ProgressParam
from assets.understanding.assets import extracted_events
from schemas.frames import Conflicts, Corrections, FactEvents, FactState, Resolutions


@dg.asset(
    deps=[extracted_events],
    group_name="facts",
    description="Append-only fact histories (fact_events), each fact's latest state, and conflicts.",
)
def fact_histories(
    context: dg.AssetExecutionContext, home: HomeResource, progress: ProgressParam
) -> dg.MaterializeResult:
    counts = fold_lake(home.lake(), on_progress=lambda done, total: progress.update("reconcile events", done, total))
    return dg.MaterializeResult(
        metadata={
            "events_in": counts.events,
            "fact_events_out": counts.fact_events,
            "facts": counts.facts,
            "conflicts": counts.conflicts,
            **{f"change_type_{name}": n for name, n in sorted(counts.change_types.items())},
            **frame_metadata("fact_events", FactEvents, counts.fact_events),
        }
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
