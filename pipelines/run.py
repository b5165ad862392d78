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
#: Dagster's console logger stays silent: a failure is reported once, as one line, by the CLI,
#: and its traceback goes to the log file under the home (``BackfillFailed.details``).
QUIET = {"loggers": {"console": {"config": {"log_level": "CRITICAL"}}}}


class BackfillFailed(RuntimeError):
    """The job ran but a step (or the run) failed; the message names the step and the error.

    ``details`` holds Dagster's full account of the error, with its traceback.
    """

    def __init__(self, message: str, details: str = "") -> None:
        super().__init__(message)
        self.details = details


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
        raise _failure(result)
    failed_checks = sorted(
        f"{e.asset_key.to_user_string()}:{e.check_name}" for e in result.get_asset_check_evaluations() if not e.passed
    )
    return BackfillOutcome(result.run_id, plan.changed_days, _materialization_metadata(result), failed_checks)


def _failure(result: dg.ExecuteInProcessResult) -> BackfillFailed:
    """The first failed step's error (else the run's), as one line plus Dagster's full text."""
    failure = next((e for e in result.all_events if e.is_step_failure), None)
    if failure is not None and failure.step_failure_data.error is not None:
        err = failure.step_failure_data.error
        cause = err.cause or err
        return BackfillFailed(f"{failure.step_key}: {_last_line(cause.message)}", err.to_string())
    run_failure = next((e for e in result.all_events if e.is_run_failure), None)
    data = run_failure.event_specific_data if run_failure is not None else None
    error = getattr(data, "error", None)
    if error is not None:
        cause = error.cause or error
        return BackfillFailed(_last_line(cause.message), error.to_string())
    return BackfillFailed("the run failed without an error (see `dagster dev`)")


def _last_line(message: str) -> str:
    """``module.Error: text`` as ``Error: text``: the reason, without Dagster's framing."""
    line = message.strip().splitlines()[-1] if message.strip() else "unknown error"
    name, sep, text = line.partition(": ")
    return f"{name.rsplit('.', 1)[-1]}{sep}{text}" if sep and " " not in name else line


def _materialization_metadata(result: dg.ExecuteInProcessResult) -> dict[str, dict[str, object]]:
    out: dict[str, dict[str, object]] = {}
    for event in result.get_asset_materialization_events():
        mat = event.event_specific_data.materialization  # type: ignore[union-attr]
        assert mat is not None
        out[mat.asset_key.to_user_string()] = {k: v.value for k, v in mat.metadata.items()}
    return out
