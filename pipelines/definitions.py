"""The one Dagster entry point: ``dagster dev -m pipelines.definitions``.

Resources read the same settings as the CLI: ``ANAMNESIS_HOME`` (default ``./.anamnesis``)
and ``ANAMNESIS_INPUT`` (default: the bundled sample exports).
"""

from __future__ import annotations

import functools
import os

import dagster as dg

from anamnesis.config import load_settings
from anamnesis.sample_data import SAMPLE_EXPORTS
from assets.facts import assets as facts_assets
from assets.ingest import assets as ingest_assets
from assets.memory.resources import MemoryResource
from assets.progress_relay import RelayedProgress
from assets.resources import ExportsResource, HomeResource, Progress
from assets.serving import assets as serving_assets
from assets.summaries import assets as summaries_assets
from assets.summaries.resources import SummaryResource
from assets.understanding import assets as understanding_assets
from assets.understanding.resources import UnderstandingResource
from pipelines.executor import writer_locked_executor
from pipelines.jobs import backfill_job
from pipelines.schedules import nightly_schedule
from pipelines.sensors import new_exports_sensor
from pipelines.worker_preload import worker_preload

_MODULES = [ingest_assets, understanding_assets, facts_assets, summaries_assets, serving_assets]
#: Every asset (each with its checks), unbound: ``dg.materialize`` takes them with any resources.
ASSETS = dg.load_assets_from_modules(_MODULES)


def _env(name: str) -> dg.EnvVar | None:
    """A setting read from ``name`` at run time (never stored in run config), if it is set."""
    return dg.EnvVar(name) if os.environ.get(name) else None


def build_resources(
    *, home: str, input_dir: str, progress: Progress | None = None, shards: int | None = None
) -> dict[str, object]:
    """The real resources of a run; the CLI swaps ``progress``, tests swap any of them.

    The OpenAI key and endpoint are typed fields read through ``dg.EnvVar``; the models and
    backends too when their variables are set. Unset ones fall back to ``<home>/config.toml``.
    """
    return {
        "home": HomeResource(
            home=home,
            llm=_env("ANAMNESIS_LLM"),
            llm_model=_env("ANAMNESIS_LLM_MODEL"),
            embeddings=_env("ANAMNESIS_EMBEDDINGS"),
            embedding_model=_env("ANAMNESIS_EMBEDDING_MODEL"),
            openai_base_url=_env("OPENAI_BASE_URL"),
            openai_api_key=_env("OPENAI_API_KEY"),
            shards=shards,
        ),
        "exports": ExportsResource(input_dir=input_dir),
        "understanding": UnderstandingResource(),
        "memory": MemoryResource(),
        "summaries": SummaryResource(),
        "progress": progress or Progress(),
    }


def build_definitions(
    *,
    home: str,
    input_dir: str,
    progress: Progress | None = None,
    resources: dict[str, object] | None = None,
    shards: int | None = None,
    lock_held: bool = False,
) -> dg.Definitions:
    """All assets, checks, jobs, the nightly schedule and the sensor, bound to one home and input directory.

    ``resources`` replaces any of the real ones (a test's backend or embedder); ``shards``
    overrides the setting; ``lock_held``: the caller holds the home's writer lock for the run.
    """
    settings = load_settings(home, **({"shards": shards} if shards else {}))
    real = build_resources(home=home, input_dir=input_dir, progress=progress, shards=settings.shards)
    return dg.Definitions(
        assets=ASSETS,
        jobs=[backfill_job],
        schedules=[nightly_schedule(settings.schedule_cron, settings.schedule_timezone)],
        sensors=[new_exports_sensor],
        executor=writer_locked_executor(
            home, shards=settings.shards, lock_held=lock_held, preload=worker_preload(settings, input_dir)
        ),
        resources={**real, **(resources or {})},
    )


@functools.lru_cache(maxsize=1)
def backfill_job_for(home: str, input_dir: str, shards: int, progress_address: str | None = None) -> dg.JobDefinition:
    """The backfill job of a sharded CLI run, got by name in each of its step processes; the last
    one is kept, so a step forked from the forkserver that built it builds nothing
    (:mod:`pipelines.step_job`). Their progress goes to the run's process at ``progress_address``
    (:mod:`assets.progress_relay`)."""
    progress = RelayedProgress(progress_address) if progress_address else None
    defs = build_definitions(home=home, input_dir=input_dir, progress=progress, shards=shards, lock_held=True)
    return defs.resolve_job_def("backfill")


defs = build_definitions(
    home=os.environ.get("ANAMNESIS_HOME") or ".anamnesis",
    input_dir=os.environ.get("ANAMNESIS_INPUT") or str(SAMPLE_EXPORTS),
)
