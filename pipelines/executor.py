"""The job's executor: in-process (one shard) or multiprocess (shards), holding the home's writer lock.

A large run in one process also serves its worker processes' forkserver from its start
(:func:`anamnesis.worker_server.serving`): the rules' vocabularies and the embedding model load
in that server while ingest runs, and the understanding and memory stages fork from it.

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
from collections.abc import Iterator, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import dagster as dg

from anamnesis import worker_server
from anamnesis.storage.lock import writer_lock
from pipelines.worker_preload import STEP_PRELOAD

#: The multiprocess executor's config for a sharded run: children forked from a server that has
#: imported the job's modules, the instance's storage and the rules vocabularies once
#: (:mod:`pipelines.forkserver`; a spawned child would spend ~3 s of CPU on them per step), and
#: as many steps at once as the machine has cores (each step reads in its own process only).
#: The run's worker server is that forkserver, started with the same preload before Dagster's
#: executor asks for it (:func:`pipelines.worker_preload.worker_preload`).
MULTIPROCESS_CONFIG = {
    "max_concurrent": os.cpu_count() or 1,
    "start_method": {"forkserver": {"preload_modules": STEP_PRELOAD}},
}


class RunExecutor(dg.Executor):
    """One of Dagster's executors, run under the home's writer lock (unless the caller holds it)
    and with the run's worker server up when there is something to ``preload``."""

    def __init__(self, inner: dg.Executor, home: Path, *, lock: bool, preload: Sequence[str]) -> None:
        self._inner = inner
        self._home = home
        self._lock = lock
        self._preload = list(preload)

    @property
    def retries(self) -> Any:
        return self._inner.retries

    @property
    def step_dependency_config(self) -> Any:
        return self._inner.step_dependency_config

    def __getattr__(self, name: str) -> Any:  # anything else Dagster asks of its executor
        return getattr(self._inner, name)

    def execute(self, plan_context: Any, execution_plan: Any) -> Iterator[Any]:
        with ExitStack() as run:
            if self._lock:
                run.enter_context(writer_lock(self._home))
            if self._preload:
                run.enter_context(worker_server.serving(self._preload))
            yield from self._inner.execute(plan_context, execution_plan)


def writer_locked_executor(
    home: str, *, shards: int = 1, lock_held: bool = False, preload: Sequence[str] = ()
) -> dg.ExecutorDefinition:
    """The executor of every job bound to ``home``: Dagster's ``in_process`` or ``multiprocess``.

    ``lock_held``: the caller (``anamnesis backfill``) already holds the lock for the whole run.
    ``preload``: what the run's worker server preloads (nothing: no server for the run).
    """
    inner = dg.in_process_executor if shards == 1 else dg.multiprocess_executor
    requirements = None if shards == 1 else dg.multiple_process_executor_requirements()

    @dg.executor(name=f"writer_locked_{inner.name}", config_schema=inner.config_schema, requirements=requirements)
    def locked(init_context: dg.InitExecutorContext) -> dg.Executor:
        executor = inner.executor_creation_fn(init_context)  # type: ignore[misc]
        if lock_held and not preload:
            return executor
        return RunExecutor(executor, Path(home), lock=not lock_held, preload=preload)

    return locked
