"""Running the backfill job in-process against the persistent instance under the home.

``anamnesis backfill`` calls :func:`run_backfill`; ``dagster dev`` pointed at the same
``DAGSTER_HOME`` shows the same runs, partitions and check results.
"""

from __future__ import annotations

import logging
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

import dagster as dg

from anamnesis.config import Settings
from anamnesis.storage.atomic import sweep_stale_temp
from anamnesis.storage.lake import Lake
from anamnesis.storage.lock import writer_lock
from assets.ingest.assets import export_messages
from assets.ingest.partitions import export_days
from assets.resources import ProgressResource
from pipelines.definitions import build_definitions
from pipelines.plan import plan_backfill

INSTANCE_TEMPLATE = Path(__file__).resolve().parent.parent / "dagster.yaml"
QUIET = {"loggers": {"console": {"config": {"log_level": "WARNING"}}}}


class BackfillFailed(RuntimeError):
    """The job ran but a step failed; the message names the step and the error."""


@dataclass(frozen=True, slots=True)
class BackfillOutcome:
    run_id: str
    days_ingested: list[str]
    metadata: dict[str, dict[str, object]]
    failed_checks: list[str]


def instance_for(settings: Settings) -> dg.DagsterInstance:
    """The persistent Dagster instance under ``<home>/dagster``."""
    settings.dagster_home.mkdir(parents=True, exist_ok=True)
    config = settings.dagster_home / "dagster.yaml"
    if not config.exists() and INSTANCE_TEMPLATE.exists():
        shutil.copyfile(INSTANCE_TEMPLATE, config)
    os.environ["DAGSTER_HOME"] = str(settings.dagster_home.resolve())
    return dg.DagsterInstance.get()


def run_backfill(settings: Settings, input_dir: Path, *, progress: ProgressResource | None = None) -> BackfillOutcome:
    """Ingest new or changed export days of ``input_dir``, then refresh every downstream asset."""
    with writer_lock(settings.home):
        return _run(settings, input_dir, progress)


def _run(settings: Settings, input_dir: Path, progress: ProgressResource | None) -> BackfillOutcome:
    logging.getLogger("dagster").setLevel(logging.WARNING)
    instance = instance_for(settings)
    sweep_stale_temp(settings.home)
    lake = Lake(settings.lake)
    plan = plan_backfill(input_dir, lake, known_days=instance.get_dynamic_partitions(export_days.name))
    if plan.new_days:
        instance.add_dynamic_partitions(export_days.name, plan.new_days)
    defs = build_definitions(home=str(settings.home), input_dir=str(input_dir), progress=progress)
    job = defs.resolve_job_def("backfill")
    selection = None
    if not plan.changed_days:
        selection = [k for k in job.asset_layer.executable_asset_keys if k != export_messages.key]
    result = job.execute_in_process(
        instance=instance,
        tags=plan.partition_range_tags(),
        run_config=QUIET,
        asset_selection=selection,
        raise_on_error=False,
    )
    if not result.success:
        failure = next((e for e in result.all_events if e.is_step_failure), None)
        detail = "unknown failure"
        if failure is not None and failure.step_failure_data.error is not None:
            err = failure.step_failure_data.error
            cause = err.cause or err
            detail = f"{failure.step_key}: {cause.message.strip().splitlines()[-1]}"
        raise BackfillFailed(detail)
    failed_checks = sorted(
        f"{e.asset_key.to_user_string()}:{e.check_name}" for e in result.get_asset_check_evaluations() if not e.passed
    )
    return BackfillOutcome(result.run_id, plan.changed_days, _materialization_metadata(result), failed_checks)


def _materialization_metadata(result: dg.ExecuteInProcessResult) -> dict[str, dict[str, object]]:
    out: dict[str, dict[str, object]] = {}
    for event in result.get_asset_materialization_events():
        mat = event.event_specific_data.materialization  # type: ignore[union-attr]
        assert mat is not None
        out[mat.asset_key.to_user_string()] = {k: v.value for k, v in mat.metadata.items()}
    return out
