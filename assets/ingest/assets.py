"""Ingest: each export day's files into message and quarantine parts of the lake."""

from collections.abc import Iterator

import dagster as dg
import polars as pl

from anamnesis.erasure.tombstones import load_tombstones
from anamnesis.ingest.days import DayJob, ingest_days, stats_dict
from anamnesis.ingest.exports import by_day, discover
from anamnesis.ingest.messages import consolidate_lake, quarantine_lake
from anamnesis.ingest.parse import IngestStats
from anamnesis.storage.deltas import table_rows
from anamnesis.storage.integrity import damaged_days, require_intact_partitions
from anamnesis.storage.lake import Lake
from anamnesis.storage.night import merge_stage, night_users, note_touched, stage_done, users_in
from anamnesis.storage.shards import shard_lake, sum_counts
from assets.checks import NIGHT_ONLY, QUARANTINE_WARN, as_check, pandera_check, rate_check
from assets.ingest.partitions import export_days
from assets.metadata import frame_metadata
from assets.resources import ExportsResource, HomeResource, ProgressParam
from assets.shards import AFTER_UPSTREAM, MERGED, ShardDone, merge_outs, night_of, shard, sharded_asset
from schemas.frames import Messages


@dg.asset(
    partitions_def=export_days,
    backfill_policy=dg.BackfillPolicy.single_run(),
    group_name="ingest",
    description="Each export day's files parsed per CONTRACT §1: message parts and quarantine parts.",
)
def export_messages(
    context: dg.AssetExecutionContext, home: HomeResource, exports: ExportsResource, progress: ProgressParam
) -> dg.MaterializeResult:
    lake = home.lake()
    tombstones = load_tombstones(home.settings().home)  # forgotten users never reach the lake again
    files = by_day(discover(exports.path))
    jobs, skipped = [], []
    damaged = damaged_days(lake)  # a missing or corrupt part: the day is read again
    for day in _days_of_run(context, sorted(files)):
        job = DayJob(day, tuple(files.get(day, [])))
        previous = None if day in damaged else lake.partition_manifest(day)
        if previous is not None and previous.get("fingerprint") == job.fingerprint:
            skipped.append(day)
        else:
            jobs.append(job)
    total = IngestStats()
    # a run launched without partitions (planned its own days) has no partition to annotate
    per_day = context.has_partition_key or context.has_partition_key_range
    # a damaged day's earlier parts cannot be read: who was in them is unknown, so everyone is redone
    replaced = None if any(job.day in damaged for job in jobs) else _users_of_days(lake, jobs)
    for done, (day, stats) in enumerate(ingest_days(lake.root, jobs, tombstones), start=1):
        total.add(stats)
        if per_day:
            context.add_asset_metadata(day_metadata(stats_dict(stats), ingested=True), partition_key=day)
        progress.update("ingest export days", done, len(jobs))
    if jobs and replaced is None:
        stage_done(lake, None)  # no note: every later stage redoes everyone
    elif jobs:  # the users of the days read, now and before: the ones the later stages redo
        note_touched(lake, pl.concat([replaced, _users_of_days(lake, jobs)]))
    for day in skipped if per_day else []:  # re-materialized unchanged: what the day holds, from its manifest
        context.add_asset_metadata(day_metadata(lake.partition_manifest(day) or {}, ingested=False), partition_key=day)
    # The run's totals; each partition's own figures (above) take precedence in its event.
    return dg.MaterializeResult(
        metadata={**stats_dict(total), "days_ingested": len(jobs), "days_unchanged": len(skipped)}
    )


def _users_of_days(lake: Lake, jobs: list[DayJob]) -> pl.Series:
    """The users of the current parts of the days ``jobs`` read."""
    return users_in([f for job in jobs for f in lake.day_files(job.day, "messages")])


def _days_of_run(context: dg.AssetExecutionContext, input_days: list[str]) -> list[str]:
    """The run's partitions; a run launched without any (the UI's "Materialize all") plans its own.

    Then every export day of the input is a partition (new ones are added to the instance, as
    ``anamnesis backfill`` does); a day whose files did not change is skipped below as usual.
    """
    if context.has_partition_key or context.has_partition_key_range:
        return list(context.partition_keys)
    known = set(context.instance.get_dynamic_partitions(export_days.name))
    new_days = [day for day in input_days if day not in known]
    if new_days:
        context.instance.add_dynamic_partitions(export_days.name, new_days)
    return input_days


def day_metadata(stats: dict[str, object], *, ingested: bool) -> dict[str, object]:
    """One export day's own figures (lines, quarantined, messages, files), shown on its partition."""
    keys = ("files", "lines_in", "messages_out", "quarantined_lines", "blank_lines", "bytes_in")
    figures = {k: int(stats.get(k, 0) or 0) for k in keys}  # type: ignore[call-overload]
    return {
        **figures,
        "ingested_this_run": ingested,
        **frame_metadata("messages", Messages, figures["messages_out"]),
    }


#: What the messages asset writes per user.
MESSAGE_TABLES = ("messages", "supersessions")


@dg.op(ins=AFTER_UPSTREAM, description="One shard's users: their clean, deduplicated messages and superseded edits.")
def consolidate_shard(home: HomeResource, exports: ExportsResource, index: int) -> ShardDone:
    lake = home.lake()
    require_intact_partitions(lake, exports.path)  # a damaged day ingest could not read again: one clear line
    part = shard(home, index, night_users(lake, MESSAGE_TABLES))
    tombstones = load_tombstones(home.settings().home)
    counts = consolidate_lake(lake, tombstones=tombstones, shard=part, out=shard_lake(lake, "messages", part))
    return ShardDone(counts, part.only is not None)


MESSAGES_SCHEMA = dg.AssetCheckSpec(
    "messages_schema",
    asset="messages",
    blocking=True,
    description="The message table fits the Messages pandera schema.",
)
QUARANTINE_RATE = dg.AssetCheckSpec(
    "quarantine_rate",
    asset="messages",
    description=f"Quarantined lines stay under {QUARANTINE_WARN:.0%} of the lines read (WARN: the export "
    "format may have changed; see the quarantine table's reasons).",
)
MESSAGES_CHECKS = [MESSAGES_SCHEMA, QUARANTINE_RATE]


@dg.op(
    out=merge_outs(MESSAGES_CHECKS),
    description="The shards' messages merged into the lake; the quarantine table; the messages' checks.",
)
def merge_messages(home: HomeResource, parts: list[ShardDone]) -> Iterator[dg.Output[None] | dg.AssetCheckResult]:
    lake = home.lake()
    night = night_of(lake, parts)
    merge_stage(lake, "messages", len(parts), MESSAGE_TABLES, redone=night)
    quarantined = quarantine_lake(lake, tombstones=load_tombstones(home.settings().home))
    counts = sum_counts([p.counts for p in parts])
    yield dg.Output(
        None,
        MERGED,
        metadata={
            "parts_in": len(lake.partition_files("messages")),
            "messages_out": table_rows(lake, "messages"),
            "users_redone": counts.users,
            NIGHT_ONLY: parts[0].night,
            "superseded": counts.superseded,
            "quarantined_lines": quarantined,
            "shards": len(parts),
            **frame_metadata("messages", Messages, table_rows(lake, "messages")),
        },
    )
    # on the merged file; after a night only its users' rows changed, so only theirs are validated
    yield as_check(MESSAGES_SCHEMA, pandera_check(Messages, lake, "messages", users=night))
    yield as_check(QUARANTINE_RATE, rate_check(lake, kind="quarantine", threshold=QUARANTINE_WARN))


messages = sharded_asset(
    name="messages",
    upstream=export_messages,
    work=consolidate_shard,
    merge=merge_messages,
    checks=MESSAGES_CHECKS,
    group_name="ingest",
    description="Clean, deduplicated messages over all export days; superseded edits recorded.",
)
