"""The job's executor: in-process, holding the home's writer lock for the whole run.

A run launched from ``dagster dev`` (UI, sensor, schedule) never passes through the CLI, so
the one-writer rule has to live in the run itself: the executor takes
:func:`~anamnesis.storage.lock.writer_lock` before the first step and keeps it until the last
one ends. A run that finds the home busy fails before any step with the reason
("another backfill or forget is running on ..."). Every step runs in the run's one process:
the stages share the home's files and the lock must cover them all.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import dagster as dg

from anamnesis.storage.lock import writer_lock


class WriterLockedExecutor(dg.Executor):
    """Dagster's in-process executor, run under the home's writer lock."""

    def __init__(self, inner: dg.Executor, home: Path) -> None:
        self._inner = inner
        self._home = home

    @property
    def retries(self) -> Any:
        return self._inner.retries

    @property
    def step_dependency_config(self) -> Any:
        return self._inner.step_dependency_config

    def __getattr__(self, name: str) -> Any:  # anything else Dagster asks of its executor
        return getattr(self._inner, name)

    def execute(self, plan_context: Any, execution_plan: Any) -> Iterator[Any]:
        with writer_lock(self._home):
            yield from self._inner.execute(plan_context, execution_plan)


def writer_locked_executor(home: str) -> dg.ExecutorDefinition:
    """The executor of every job bound to ``home`` (config as Dagster's ``in_process``)."""

    @dg.executor(name="writer_locked_in_process", config_schema=dg.in_process_executor.config_schema)
    def locked(init_context: dg.InitExecutorContext) -> dg.Executor:
        return WriterLockedExecutor(dg.in_process_executor.executor_creation_fn(init_context), Path(home))

    return locked
