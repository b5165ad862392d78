"""Running the backfill job in-process against the persistent instance under the home.

``anamnesis backfill`` calls :func:`run_backfill`; ``dagster dev`` pointed at the same
``<home>/dagster`` (as ``DAGSTER_HOME``) shows the same runs, partitions and check results.
The instance is opened from its own directory, so a run never changes the process's
environment (a test or a server can hold several homes at once).
"""

from __future__ import annotations

import gc
import logging
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import dagster as dg
from dagster._core.instance.ref import InstanceRef

from anamnesis import worker_server
from anamnesis.config import Settings
from anamnesis.storage.atomic import atomic_path, sweep_stale_temp
from anamnesis.storage.lake import Lake
from anamnesis.storage.lock import serialized, writer_lock
from anamnesis.storage.stamp import record_run
from assets.ingest.assets import export_messages
from assets.ingest.partitions import export_days
from assets.progress_relay import relayed
from assets.resources import Progress
from pipelines.definitions import build_definitions
from pipelines.executor import MULTIPROCESS_CONFIG
from pipelines.instance_storage import checked_once, kept_connections, without_step_capture
from pipelines.outcome import failed_checks, failure_detail, materialization_metadata
from pipelines.plan import BackfillPlan, nothing_to_do, plan_backfill
from pipelines.step_job import StepJob
from pipelines.worker_preload import worker_preload

INSTANCE_TEMPLATE = Path(__file__).resolve().parent / "dagster.yaml"
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


class ChecksFailed(BackfillFailed):
    """A blocking data check failed: what it guards (the warehouse, memories) was not replaced."""

    def __init__(self, checks: list[str]) -> None:
        self.checks = checks
        super().__init__(
            f"data check {', '.join(checks)} failed; the warehouse and memories were left as they were "
            "(details in `dagster dev`)"
        )


@dataclass(frozen=True, slots=True)
class BackfillOutcome:
    run_id: str
    days_ingested: list[str]
    metadata: dict[str, dict[str, object]]
    failed_checks: list[str]
    #: Nothing had changed since the last successful backfill: no Dagster run, no stage work.
    unchanged: bool = False


def instance_for(settings: Settings) -> dg.DagsterInstance:
    """The persistent Dagster instance under ``<home>/dagster``, opened from its ``dagster.yaml``.

    Opened one process at a time: on first use, opening creates the storage's tables, and two
    processes doing that at once fail ("table ... already exists") or leave the home's storage
    with two migration heads. Once created, opening only reads the tables, and waits for nobody
    but another opener. Its event log keeps its connections (:mod:`pipelines.instance_storage`).
    """
    with serialized(settings.dagster_home / ".instance.lock"):
        config = settings.dagster_home / "dagster.yaml"
        if not config.exists():
            with atomic_path(config) as partial:  # a `dagster` process may be reading it already
                shutil.copyfile(INSTANCE_TEMPLATE, partial)
        home = str(settings.dagster_home.resolve())
        ref = kept_connections(InstanceRef.from_dir(home))
        if settings.shards > 1:  # each step a process of its own (pipelines.instance_storage)
            ref = checked_once(without_step_capture(ref, home))
        return dg.DagsterInstance.from_ref(ref)


def run_backfill(
    settings: Settings,
    input_dir: Path,
    *,
    progress: Progress | None = None,
    resources: dict[str, object] | None = None,
    step_job: StepJob | None = None,
) -> BackfillOutcome:
    """Ingest new or changed export days of ``input_dir``, then refresh every downstream asset.

    ``resources`` replaces real resources by name (tests swap the backend or the embedder).
    ``step_job``: a sharded run's steps' job, when the caller started their forkserver with it
    (the CLI does, before it imports Dagster); made here otherwise.
    Raises :class:`ChecksFailed` when a blocking check stopped the run.
    """
    with _heap_frozen(), writer_lock(settings.home), instance_for(settings) as instance:
        return _run(settings, input_dir, instance, progress, resources, step_job)


def _run(
    settings: Settings,
    input_dir: Path,
    instance: dg.DagsterInstance,
    progress: Progress | None,
    resources: dict[str, object] | None,
    step_job: StepJob | None,
) -> BackfillOutcome:
    logging.getLogger("dagster").setLevel(logging.WARNING)
    sweep_stale_temp(settings.home)
    lake = Lake(settings.lake)
    plan = plan_backfill(input_dir, lake, known_days=instance.get_dynamic_partitions(export_days.name))
    if nothing_to_do(plan, settings):
        return BackfillOutcome("", [], {}, [], unchanged=True)
    # execute_in_process runs in this process whatever the job's executor, so the run's worker
    # server is served here (as the executor does for a run Dagster launches), from now on; a
    # sharded run with substitute resources runs its steps in this process, so not its steps' one
    sharded_in_process = settings.shards > 1 and resources is not None
    if settings.shards == 1 or sharded_in_process:
        step_job = None
    elif step_job is None:
        step_job = StepJob.for_run(settings, input_dir)
    preload = [] if sharded_in_process else worker_preload(settings, str(input_dir))
    with worker_server.serving(preload, step_job.env() if step_job else None):
        result = _execute(settings, input_dir, instance, plan, progress, resources, step_job)
    failed = failed_checks(result)
    if not result.success:
        if failed:
            raise ChecksFailed(failed)
        raise BackfillFailed(*failure_detail(result))
    if not failed:
        record_run(settings)
    return BackfillOutcome(result.run_id, plan.changed_days, materialization_metadata(result), failed)


@contextmanager
def _heap_frozen() -> Iterator[None]:
    """The objects alive before the backfill (the imported modules of Dagster, polars, the stages...)
    left out of the garbage collector's passes during it: a full pass over them costs ~0.1 s of
    CPU, and a large run makes several. They are handed back to it after the run."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _execute(
    settings: Settings,
    input_dir: Path,
    instance: dg.DagsterInstance,
    plan: BackfillPlan,
    progress: Progress | None,
    resources: dict[str, object] | None,
    step_job: StepJob | None,
) -> dg.ExecuteInProcessResult | dg.JobExecutionResult:
    """Run the backfill job over ``plan``: in this process, or sharded over step processes."""
    if plan.new_days:
        instance.add_dynamic_partitions(export_days.name, plan.new_days)
    defs = build_definitions(
        home=str(settings.home), input_dir=str(input_dir), progress=progress, resources=resources,
        shards=settings.shards,
    )
    selection = None
    if not plan.changed_days:
        selection = [k for k in defs.resolve_all_asset_keys() if k != export_messages.key]
    if step_job is not None:
        return _execute_sharded(step_job, instance, plan.partition_range_tags(), selection, progress)
    return defs.resolve_job_def("backfill").execute_in_process(
        instance=instance,
        tags=plan.partition_range_tags(),
        run_config=QUIET,
        asset_selection=selection,
        raise_on_error=False,
    )


def _execute_sharded(
    step_job: StepJob,
    instance: dg.DagsterInstance,
    tags: dict[str, str],
    selection: list[dg.AssetKey] | None,
    progress: Progress | None,
) -> dg.JobExecutionResult:
    """The job under Dagster's multiprocess executor: each step a child process, shards in parallel.

    The children get the job by name (:func:`pipelines.definitions.backfill_job_for`, built once
    in their forkserver: :mod:`pipelines.step_job`), so only real resources can be used (a test's
    substitutes run in-process, one step at a time); their progress comes back to ``progress``
    over a local socket (:mod:`assets.progress_relay`).
    """
    with relayed(progress or Progress(), step_job.progress_address):
        run_config = {**QUIET, "execution": {"config": MULTIPROCESS_CONFIG}}
        # The steps fork from the run's worker server (up since the run started, with their preload,
        # and stopped with the run, so a later reader in this process starts one with its own).
        job = step_job.reconstructable()
        return dg.execute_job(
            job, instance, run_config=run_config, tags=tags, asset_selection=selection, raise_on_error=False
        )
