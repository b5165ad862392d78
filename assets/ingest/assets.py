"""Ingest: each export day's files into message and quarantine parts of the lake."""

import dagster as dg

from anamnesis.erasure.tombstones import load_tombstones
from anamnesis.ingest.days import DayJob, ingest_days, stats_dict
from anamnesis.ingest.exports import by_day, discover
from anamnesis.ingest.messages import consolidate_lake, quarantine_lake
from anamnesis.ingest.parse import IngestStats
from assets.checks import pandera_check
from assets.ingest.partitions import export_days
from assets.resources import ExportsResource, HomeResource, ProgressResource
from schemas.frames import Messages


@dg.asset(
    partitions_def=export_days,
    backfill_policy=dg.BackfillPolicy.single_run(),
    group_name="ingest",
    description="Each export day's files parsed per CONTRACT §1: message parts and quarantine parts.",
)
def export_messages(
    context: dg.AssetExecutionContext, home: HomeResource, exports: ExportsResource, progress: ProgressResource
) -> dg.MaterializeResult:
    lake = home.lake()
    tombstones = load_tombstones(home.settings().home)  # forgotten users never reach the lake again
    files = by_day(discover(exports.path))
    jobs, skipped = [], []
    for day in context.partition_keys:
        job = DayJob(day, tuple(files.get(day, [])))
        previous = lake.partition_manifest(day)
        if previous is not None and previous.get("fingerprint") == job.fingerprint:
            skipped.append(day)
        else:
            jobs.append(job)
    total = IngestStats()
    for done, (_, stats) in enumerate(ingest_days(lake.root, jobs, tombstones), start=1):
        total.add(stats)
        progress.update("ingest export days", done, len(jobs))
    return dg.MaterializeResult(
        metadata={**stats_dict(total), "days_ingested": len(jobs), "days_unchanged": len(skipped)}
    )


@dg.asset(
    deps=[export_messages],
    group_name="ingest",
    description="Clean, deduplicated messages over all export days; superseded edits recorded.",
)
def messages(context: dg.AssetExecutionContext, home: HomeResource) -> dg.MaterializeResult:
    lake = home.lake()
    tombstones = load_tombstones(home.settings().home)
    counts = consolidate_lake(lake, tombstones=tombstones)
    quarantined = quarantine_lake(lake, tombstones=tombstones)
    return dg.MaterializeResult(
        metadata={
            "parts_in": len(lake.partition_files("messages")),
            "messages_out": counts.messages,
            "users": counts.users,
            "superseded": counts.superseded,
            "quarantined_lines": quarantined,
        }
    )


@dg.asset_check(asset=messages, description="The message table fits the Messages pandera schema.")
def messages_schema(home: HomeResource) -> dg.AssetCheckResult:
    return pandera_check(Messages, home.lake().messages)
