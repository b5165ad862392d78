"""Nightly operation: a schedule that runs the backfill over the day's new or changed exports.

Time and timezone come from settings (``schedule_cron``, ``schedule_timezone``; environment
``ANAMNESIS_SCHEDULE_CRON``, ``ANAMNESIS_SCHEDULE_TIMEZONE``). Schedules and sensors run under
``dagster-daemon`` (``dagster dev`` starts one); the instance's run queue (``dagster.yaml``)
runs one backfill at a time, so the schedule and the hourly sensor never write together.
"""

from __future__ import annotations

import dagster as dg

from assets.ingest.partitions import export_days
from assets.resources import ExportsResource, HomeResource
from pipelines.jobs import backfill_job
from pipelines.plan import plan_backfill

SCHEDULE_NAME = "nightly_backfill"


def nightly_schedule(cron: str, timezone: str) -> dg.ScheduleDefinition:
    """The nightly backfill schedule at ``cron`` in ``timezone`` (running by default)."""

    @dg.schedule(
        name=SCHEDULE_NAME,
        job=backfill_job,
        cron_schedule=cron,
        execution_timezone=timezone,
        default_status=dg.DefaultScheduleStatus.RUNNING,
        description=f"Backfill the new or changed export days at {cron!r} ({timezone}).",
    )
    def nightly_backfill(
        context: dg.ScheduleEvaluationContext, home: HomeResource, exports: ExportsResource
    ) -> dg.RunRequest | dg.SkipReason:
        plan = plan_backfill(
            exports.path, home.lake(), known_days=context.instance.get_dynamic_partitions(export_days.name)
        )
        if not plan.changed_days:
            return dg.SkipReason("no new or changed export files")
        if plan.new_days:  # a schedule cannot hand Dagster partition requests: add them here
            context.instance.add_dynamic_partitions(export_days.name, plan.new_days)
        return dg.RunRequest(run_key=plan.run_key, tags=plan.partition_range_tags())

    return nightly_backfill
