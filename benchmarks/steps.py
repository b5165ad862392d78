"""Dagster step windows of a home's last run, for benchmarks that report time per step."""

from __future__ import annotations

from pathlib import Path

from anamnesis.config import load_settings
from pipelines.run import instance_for


def step_windows(home: Path) -> list[tuple[str, float, float]]:
    """(step, start, end) of every step of the home's last run, from its Dagster instance."""
    with instance_for(load_settings(home)) as instance:
        run = instance.get_runs(limit=1)[0]
        starts: dict[str, float] = {}
        windows = []
        for record in instance.all_logs(run.run_id):
            event = record.dagster_event
            if event is None or event.step_key is None:
                continue
            if event.event_type_value == "STEP_START":
                starts[event.step_key] = record.timestamp
            elif event.event_type_value in ("STEP_SUCCESS", "STEP_FAILURE"):
                windows.append((event.step_key, starts[event.step_key], record.timestamp))
    return windows
