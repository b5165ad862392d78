"""The Dagster instance every home gets (``pipelines/dagster.yaml``, copied on first use) loads the
classes it names. Dagster opens an instance without importing them, so only using one shows a
wrong module path: the run queue the nightly schedule and the sensor submit to is checked here.
Opening a new home's instance is safe from several processes at once."""

from __future__ import annotations

import multiprocessing
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Barrier
from pathlib import Path

import dagster as dg

from anamnesis.config import load_settings
from pipelines.run import instance_for


def test_the_shipped_instance_config_loads_its_run_queue_one_run_at_a_time(tmp_path: Path) -> None:
    with instance_for(load_settings(tmp_path / "home")) as instance:
        coordinator = instance.run_coordinator  # imported here, from the module the config names
        assert isinstance(coordinator, dg.QueuedRunCoordinator)
        assert coordinator.get_run_queue_config().max_concurrent_runs == 1  # one writer per home


def _open_when_all_are_ready(home: str, ready: Barrier, answers: Queue) -> None:
    ready.wait()
    try:
        with instance_for(load_settings(Path(home))) as instance:
            answers.put(("ok", instance.get_dynamic_partitions("export_days")))
    except Exception as exc:  # noqa: BLE001 - the answer the parent asserts on
        answers.put((type(exc).__name__, str(exc)[:300]))


def test_processes_opening_a_new_homes_instance_at_once_all_get_it(tmp_path: Path) -> None:
    # A `dagster dev` or daemon and a CLI backfill may open a new home together; unserialized,
    # Dagster's first-use table creation failed in 7 trials of 10 like these.
    ctx = multiprocessing.get_context("fork")
    for trial in range(3):
        home = tmp_path / f"home-{trial}"
        ready, answers = ctx.Barrier(4), ctx.Queue()
        openers = [ctx.Process(target=_open_when_all_are_ready, args=(str(home), ready, answers)) for _ in range(4)]
        for opener in openers:
            opener.start()
        got = [answers.get(timeout=120) for _ in openers]
        for opener in openers:
            opener.join(timeout=60)
        assert got == [("ok", [])] * 4, got
    with instance_for(load_settings(tmp_path / "home-0")) as instance:  # and the storage stays usable
        instance.add_dynamic_partitions("export_days", ["2026-02-01"])
        assert instance.get_dynamic_partitions("export_days") == ["2026-02-01"]
