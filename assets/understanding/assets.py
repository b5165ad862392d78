"""Understanding: fragments → classifier and per-section extractors → validated events."""

from datetime import UTC, datetime

import dagster as dg
import polars as pl

from anamnesis.measurements.frame import impossible
from anamnesis.understanding.llm_usage import append_usage, run_usage, total_cost
from anamnesis.understanding.stage import understand_lake
from assets.checks import REJECTS_WARN, pandera_check, rate_check
from assets.ingest.assets import messages
from assets.metadata import frame_metadata
from assets.resources import HomeResource, ProgressParam
from assets.understanding.resources import UnderstandingResource
from schemas.frames import Events, Rejects, Understood
from schemas.measurements import Measurements


@dg.asset(
    deps=[messages],
    group_name="understanding",
    description="Validated events proposed for each fragment (a user message with the assistant turn "
    "before it); failures and invalid proposals go to rejects with their reason.",
)
def extracted_events(
    context: dg.AssetExecutionContext,
    home: HomeResource,
    understanding: UnderstandingResource,
    progress: ProgressParam,
) -> dg.MaterializeResult:
    settings = home.settings()
    backend = understanding.backend(settings)
    if (report := getattr(backend, "set_progress", None)) is not None:
        report(progress.update)  # batch mode: requests done of each batch
    counts = understand_lake(
        home.lake(),
        backend,
        now=datetime.now(UTC),
        on_progress=lambda done, total: progress.update("understand fragments", done, total),
    )
    usage = run_usage(backend, settings, run_id=context.run_id, now=datetime.now(UTC))
    append_usage(home.lake(), usage)
    cost = total_cost(usage)  # None: no call made, or the model has no price in llm_prices
    return dg.MaterializeResult(
        metadata={
            "backend": backend.name,
            "llm_usage": dg.MetadataValue.json([{k: v for k, v in r.items() if k != "created_at"} for r in usage]),
            "fragments_in": counts.run.fragments,
            "fragments_reused": counts.run.reused,
            "fragments_understood": counts.run.understood,
            "fragments_failed": counts.run.failed,
            "events_out": counts.events,
            "rejects": counts.rejects,
            "measurements_out": counts.measurements,
            **({"llm_estimated_cost_usd": dg.MetadataValue.float(cost)} if cost is not None else {}),
            **backend.stats.as_metadata(),
            **frame_metadata("extracted_events", Events, counts.events),
        }
    )


@dg.asset_check(asset=extracted_events, blocking=True, description="Events fit the Events pandera schema.")
def events_schema(home: HomeResource) -> dg.AssetCheckResult:
    return pandera_check(Events, home.lake().events)


@dg.asset_check(asset=extracted_events, blocking=True, description="The store of understood fragments fits its schema.")
def understood_schema(home: HomeResource) -> dg.AssetCheckResult:
    return pandera_check(Understood, home.lake().understood)


@dg.asset_check(asset=extracted_events, blocking=True, description="Rejects fit their schema; each carries a reason.")
def rejects_schema(home: HomeResource) -> dg.AssetCheckResult:
    return pandera_check(Rejects, home.lake().rejects)


@dg.asset_check(
    asset=extracted_events,
    description=f"Rejects stay under {REJECTS_WARN:.0%} of proposals and failures (WARN: a prompt, model or "
    "rule change may be producing invalid events; see the rejects table's reasons).",
)
def rejects_rate(home: HomeResource) -> dg.AssetCheckResult:
    return rate_check(home.lake(), kind="rejects", threshold=REJECTS_WARN)


@dg.asset_check(
    asset=extracted_events,
    blocking=True,
    description="Measurements fit their pandera schema, and no value is impossible for its test or in a unit "
    "not the test's own (the stage sends those to rejects; this stops a run if one ever gets through).",
)
def measurements_valid(home: HomeResource) -> dg.AssetCheckResult:
    path = home.lake().measurements
    schema = pandera_check(Measurements, path)
    if not schema.passed:
        return schema
    bad = impossible(pl.read_parquet(path))
    return dg.AssetCheckResult(
        passed=bad.height == 0,
        metadata={**schema.metadata, "impossible": bad.height, "first_impossible": str(bad.head(5).drop("mention"))},
    )
