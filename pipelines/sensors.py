"""Between nightly runs: a sensor (hourly, running by default under ``dagster-daemon``) that
notices new or changed export days, e.g. an export that arrived after the schedule ran."""

import dagster as dg

from assets.ingest.partitions import export_days
from assets.resources import ExportsResource, HomeResource
from pipelines.jobs import backfill_job
from pipelines.plan import plan_backfill


@dg.sensor(job=backfill_job, minimum_interval_seconds=3600, default_status=dg.DefaultSensorStatus.RUNNING)
def new_exports_sensor(
    context: dg.SensorEvaluationContext, home: HomeResource, exports: ExportsResource
) -> dg.SensorResult | dg.SkipReason:
    plan = plan_backfill(
        exports.path, home.lake(), known_days=context.instance.get_dynamic_partitions(export_days.name)
    )
    if not plan.changed_days:
        return dg.SkipReason("no new or changed export files")
    return dg.SensorResult(
        run_requests=[dg.RunRequest(run_key=plan.run_key, tags=plan.partition_range_tags())],
        dynamic_partitions_requests=[export_days.build_add_request(plan.new_days)] if plan.new_days else [],
    )
