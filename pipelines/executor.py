"""The job's executor: in-process (one shard) or multiprocess (shards), holding the home's writer lock.

A run launched from ``dagster dev`` (UI, sensor, schedule) never passes through the CLI, so
the one-writer rule has to live in the run itself: the executor takes
:func:`~anamnesis.storage.lock.writer_lock` before the first step and keeps it until the last
one ends. A run that finds the home busy fails before any step with the reason
("another backfill or forget is running on ..."). With one shard every step runs in the run's
one process; with shards (``backfill --shards N``) Dagster's multiprocess executor runs each step
in a child process, the shards' steps in parallel, while the run's process holds the lock for
them all. Dagster's forkserver starts the children with the stage modules already imported.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import dagster as dg

from anamnesis.storage.lock import writer_lock

#: The multiprocess executor's config for a sharded run: children forked from a server that has
#: imported the job's modules, the instance's storage and the rules vocabularies once
#: (:mod:`pipelines.forkserver`; a spawned child would spend ~3 s of CPU on them per step), and
#: as many steps at once as the machine has cores (each step reads in its own process only).
MULTIPROCESS_CONFIG = {
    "max_concurrent": os.cpu_count() or 1,
    "start_method": {"forkserver": {"preload_modules": ["pipelines.forkserver"]}},
}


class WriterLockedExecutor(dg.Executor):
    """One of Dagster's executors, run under the home's writer lock."""

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


def writer_locked_executor(home: str, *, shards: int = 1, lock_held: bool = False) -> dg.ExecutorDefinition:
    """The executor of every job bound to ``home``: Dagster's ``in_process`` or ``multiprocess``.

    ``lock_held``: the caller (``anamnesis backfill``) already holds the lock for the whole run.
    """
    inner = dg.in_process_executor if shards == 1 else dg.multiprocess_executor
    requirements = None if shards == 1 else dg.multiple_process_executor_requirements()

    @dg.executor(name=f"writer_locked_{inner.name}", config_schema=inner.config_schema, requirements=requirements)
    def locked(init_context: dg.InitExecutorContext) -> dg.Executor:
        executor = inner.executor_creation_fn(init_context)  # type: ignore[misc]
        return executor if lock_held else WriterLockedExecutor(executor, Path(home))

    return locked
