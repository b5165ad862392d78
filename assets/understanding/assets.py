"""Understanding: fragments → classifier and per-section extractors → validated events."""

from collections.abc import Iterator
from datetime import UTC, datetime

import dagster as dg
import polars as pl

from anamnesis.measurements.frame import impossible
from anamnesis.storage.deltas import scan_table, table_rows
from anamnesis.storage.lake import Lake
from anamnesis.storage.night import merge_stage, night_users
from anamnesis.storage.shards import Shard, shard_lake, sum_counts
from anamnesis.understanding.backend import Backend
from anamnesis.understanding.llm_usage import append_usage, combine_usage, run_usage, total_cost
from anamnesis.understanding.stage import understand_lake
from assets.checks import NIGHT_ONLY, REJECTS_WARN, as_check, pandera_check, rate_check
from assets.ingest.assets import messages
from assets.metadata import frame_metadata
from assets.resources import HomeResource, ProgressParam
from assets.shards import AFTER_UPSTREAM, MERGED, ShardDone, merge_outs, night_of, shard, shard_progress, sharded_asset
from assets.understanding.resources import UnderstandingResource
from schemas.frames import Events, Rejects, Understood
from schemas.measurements import Measurements

#: What the understanding asset writes per user.
EVENT_TABLES = ("understood", "events", "rejects", "measurements")


@dg.op(
    ins=AFTER_UPSTREAM, description="One shard's fragments understood; its events, rejects, measurements and LLM usage."
)
def understand_shard(
    context: dg.OpExecutionContext,
    home: HomeResource,
    understanding: UnderstandingResource,
    progress: ProgressParam,
    index: int,
) -> ShardDone:
    settings, progress = home.settings(), shard_progress(progress, home, index)
    backend = understanding.backend(settings)
    if (report := getattr(backend, "set_progress", None)) is not None:
        report(progress.update)  # batch mode: requests done of each batch
    lake = home.lake()
    part = shard(home, index, _night(lake, backend))
    counts = understand_lake(
        lake,
        backend,
        now=datetime.now(UTC),
        on_progress=lambda done, total: progress.update("understand fragments", done, total),
        shard=part,
        out=shard_lake(lake, "events", part),
    )
    usage = run_usage(backend, settings, run_id=context.run_id, now=datetime.now(UTC))
    return ShardDone(counts, part.only is not None, {"backend": backend.name, **backend.stats.as_metadata()}, usage)


EVENTS_SCHEMA = dg.AssetCheckSpec(
    "events_schema", asset="extracted_events", blocking=True, description="Events fit the Events pandera schema."
)
UNDERSTOOD_SCHEMA = dg.AssetCheckSpec(
    "understood_schema",
    asset="extracted_events",
    blocking=True,
    description="The store of understood fragments fits its schema.",
)
REJECTS_SCHEMA = dg.AssetCheckSpec(
    "rejects_schema",
    asset="extracted_events",
    blocking=True,
    description="Rejects fit their schema; each carries a reason.",
)
REJECTS_RATE = dg.AssetCheckSpec(
    "rejects_rate",
    asset="extracted_events",
    description=f"Rejects stay under {REJECTS_WARN:.0%} of proposals and failures (WARN: a prompt, model or "
    "rule change may be producing invalid events; see the rejects table's reasons).",
)
MEASUREMENTS_VALID = dg.AssetCheckSpec(
    "measurements_valid",
    asset="extracted_events",
    blocking=True,
    description="Measurements fit their pandera schema, and no value is impossible for its test or in a unit "
    "not the test's own (the stage sends those to rejects; this stops a run if one ever gets through).",
)
EVENT_CHECKS = [EVENTS_SCHEMA, UNDERSTOOD_SCHEMA, REJECTS_SCHEMA, REJECTS_RATE, MEASUREMENTS_VALID]


@dg.op(
    out=merge_outs(EVENT_CHECKS),
    description="The shards' events, rejects, measurements and store merged into the lake; their checks.",
)
def merge_events(home: HomeResource, parts: list[ShardDone]) -> Iterator[dg.Output[None] | dg.AssetCheckResult]:
    lake = home.lake()
    night = night_of(lake, parts)
    merge_stage(lake, "events", len(parts), EVENT_TABLES, redone=night)
    usage = combine_usage([row for p in parts for row in p.usage])
    append_usage(lake, usage)
    cost = total_cost(usage)  # None: no call made, or the model has no price in llm_prices
    counts = sum_counts([p.counts for p in parts])
    first = parts[0].metadata
    backend = {k: (v if isinstance(v, str) else sum(p.metadata[k] for p in parts)) for k, v in first.items()}
    yield dg.Output(
        None,
        MERGED,
        metadata={
            "llm_usage": dg.MetadataValue.json([{k: v for k, v in r.items() if k != "created_at"} for r in usage]),
            "fragments_in": counts.run.fragments,
            "fragments_reused": counts.run.reused,
            "fragments_understood": counts.run.understood,
            "fragments_failed": counts.run.failed,
            "events_out": table_rows(lake, "events"),
            "rejects": table_rows(lake, "rejects"),
            "measurements_out": table_rows(lake, "measurements"),
            "shards": len(parts),
            "users_redone": -1 if night is None else night.len(),
            NIGHT_ONLY: night is not None,
            **({"llm_estimated_cost_usd": dg.MetadataValue.float(cost)} if cost is not None else {}),
            **backend,
            **frame_metadata("extracted_events", Events, table_rows(lake, "events")),
        },
    )
    yield from _checks(lake, night)


def _night(lake: Lake, backend: Backend) -> pl.Series | None:
    """The night's users, unless everyone's fragments were understood under another backend."""
    night = night_users(lake, EVENT_TABLES)
    if night is None:
        return None
    stored = scan_table(lake, "understood").select("fingerprint").unique().collect()["fingerprint"]
    return night if set(stored) <= {backend.fingerprint()} else None


extracted_events = sharded_asset(
    name="extracted_events",
    upstream=messages,
    work=understand_shard,
    merge=merge_events,
    checks=EVENT_CHECKS,
    group_name="understanding",
    description="Validated events proposed for each fragment (a user message with the assistant turn "
    "before it); failures and invalid proposals go to rejects with their reason.",
)


def _checks(lake: Lake, users: pl.Series | None) -> Iterator[dg.AssetCheckResult]:
    """The checks of the extracted events, on the merged files (of them only ``users``' rows if
    given: after a night only theirs changed): each table against its pandera schema, the rejects' rate."""
    for spec, model, table in (
        (EVENTS_SCHEMA, Events, "events"),
        (UNDERSTOOD_SCHEMA, Understood, "understood"),
        (REJECTS_SCHEMA, Rejects, "rejects"),
    ):
        yield as_check(spec, pandera_check(model, lake, table, users=users))
    yield as_check(REJECTS_RATE, rate_check(lake, kind="rejects", threshold=REJECTS_WARN))
    yield as_check(MEASUREMENTS_VALID, _measurements_valid(lake, users))


def _measurements_valid(lake: Lake, users: pl.Series | None) -> dg.AssetCheckResult:
    """The measurements' schema, then no impossible value among them."""
    schema = pandera_check(Measurements, lake, "measurements", users=users)
    if not schema.passed:
        return schema
    bad = impossible(Shard(only=users).of(scan_table(lake, "measurements", only=users)).collect())
    return dg.AssetCheckResult(
        passed=bad.height == 0,
        metadata={**schema.metadata, "impossible": bad.height, "first_impossible": str(bad.head(5).drop("mention"))},
    )
