"""The one Dagster entry point: ``dagster dev -m pipelines.definitions``.

Resources read the same settings as the CLI: ``ANAMNESIS_HOME`` (default ``./.anamnesis``)
and ``ANAMNESIS_INPUT`` (default: the bundled sample exports).
"""

from __future__ import annotations

import os

import dagster as dg

from anamnesis.config import load_settings
from anamnesis.sample_data import SAMPLE_EXPORTS
from assets.facts import assets as facts_assets
from assets.ingest import assets as ingest_assets
from assets.memory import assets as memory_assets
from assets.memory.resources import MemoryResource
from assets.resources import ExportsResource, HomeResource, ProgressResource
from assets.understanding import assets as understanding_assets
from assets.understanding.resources import UnderstandingResource
from assets.warehouse import assets as warehouse_assets
from pipelines.executor import writer_locked_executor
from pipelines.jobs import backfill_job
from pipelines.schedules import nightly_schedule
from pipelines.sensors import new_exports_sensor

_MODULES = [ingest_assets, understanding_assets, facts_assets, warehouse_assets, memory_assets]


def build_resources(*, home: str, input_dir: str, progress: ProgressResource | None = None) -> dict[str, object]:
    """The resources of a run; the CLI and tests swap ``progress`` (and the home, input)."""
    return {
        "home": HomeResource(home=home),
        "exports": ExportsResource(input_dir=input_dir),
        "understanding": UnderstandingResource(),
        "memory": MemoryResource(),
        "progress": progress or ProgressResource(),
    }


def build_definitions(*, home: str, input_dir: str, progress: ProgressResource | None = None) -> dg.Definitions:
    """All assets, checks, jobs, the nightly schedule and the sensor, bound to one home and input."""
    settings = load_settings(home)
    return dg.Definitions(
        assets=dg.load_assets_from_modules(_MODULES),
        asset_checks=dg.load_asset_checks_from_modules(_MODULES),
        jobs=[backfill_job],
        schedules=[nightly_schedule(settings.schedule_cron, settings.schedule_timezone)],
        sensors=[new_exports_sensor],
        executor=writer_locked_executor(home),
        resources=build_resources(home=home, input_dir=input_dir, progress=progress),
    )


defs = build_definitions(
    home=os.environ.get("ANAMNESIS_HOME") or ".anamnesis",
    input_dir=os.environ.get("ANAMNESIS_INPUT") or str(SAMPLE_EXPORTS),
)
