"""Understanding: fragments → classifier and per-section extractors → validated events."""

from datetime import UTC, datetime

import dagster as dg
import polars as pl

from anamnesis.measurements.frame import impossible
from anamnesis.storage.shards import merge_shards, shard_lake, sum_counts
from anamnesis.understanding.stage import StageCounts, understand_lake
from assets.checks import REJECTS_WARN, pandera_check, rate_check
from assets.ingest.assets import messages
from assets.metadata import frame_metadata
from assets.resources import HomeResource, ProgressParam
from assets.shards import shard, sharded_asset
from assets.understanding.resources import UnderstandingResource
from schemas.frames import Events, Rejects, Understood
from schemas.measurements import Measurements


@dg.op(description="One shard's fragments understood; its events, rejects and measurements.")
def understand_shard(
    home: HomeResource, understanding: UnderstandingResource, progress: ProgressParam, index: int
) -> tuple[StageCounts, dict[str, object]]:
    backend = understanding.backend(home.settings())
    lake = home.lake()
    part = shard(home, index)
    counts = understand_lake(
        lake,
        backend,
        now=datetime.now(UTC),
        on_progress=lambda done, total: progress.update("understand fragments", done, total),
        shard=part,
        out=shard_lake(lake, "events", part),
    )
    return counts, {"backend": backend.name, **backend.stats.as_metadata()}


@dg.op(out=dg.Out(dg.Nothing), description="The shards' events, rejects, measurements and store merged into the lake.")
def merge_events(context: dg.OpExecutionContext, home: HomeResource, parts: list[tuple[StageCounts, dict]]) -> None:
    merge_shards(home.lake(), "events", len(parts), ("understood", "events", "rejects", "measurements"))
    counts = sum_counts([c for c, _ in parts])
    backend = {k: (v if isinstance(v, str) else sum(m[k] for _, m in parts)) for k, v in parts[0][1].items()}
    context.add_output_metadata(
        {
            "fragments_in": counts.run.fragments,
            "fragments_reused": counts.run.reused,
            "fragments_understood": counts.run.understood,
            "fragments_failed": counts.run.failed,
            "events_out": counts.events,
            "rejects": counts.rejects,
            "measurements_out": counts.measurements,
            "shards": len(parts),
            **backend,
            **frame_metadata("extracted_events", Events, counts.events),
        }
    )


extracted_events = sharded_asset(
    name="extracted_events",
    upstream=messages,
    work=understand_shard,
    merge=merge_events,
    group_name="understanding",
    description="Validated events proposed for each fragment (a user message with the assistant turn "
    "before it); failures and invalid proposals go to rejects with their reason.",
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
