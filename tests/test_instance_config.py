"""The Dagster instance every home gets (``pipelines/dagster.yaml``, copied on first use) loads the
classes it names. Dagster opens an instance without importing them, so only using one shows a
wrong module path: the run queue the nightly schedule and the sensor submit to is checked here."""

from __future__ import annotations

from pathlib import Path

import dagster as dg

from anamnesis.config import load_settings
from pipelines.run import instance_for


def test_the_shipped_instance_config_loads_its_run_queue_one_run_at_a_time(tmp_path: Path) -> None:
    with instance_for(load_settings(tmp_path / "home")) as instance:
        coordinator = instance.run_coordinator  # imported here, from the module the config names
        assert isinstance(coordinator, dg.QueuedRunCoordinator)
        assert coordinator.get_run_queue_config().max_concurrent_runs == 1  # one writer per home
