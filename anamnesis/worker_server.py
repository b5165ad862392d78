"""The one forkserver every stage's worker processes are forked from, and what it preloads.

Worker processes are not forked from a stage's own process (it holds thread pools of polars,
DuckDB and Dagster) but from multiprocessing's forkserver: a fresh single-threaded process that
first imports the ``preload`` modules of the work it will serve (the rules' vocabularies, the
embedding model), so each worker starts with them built instead of building its own. A large
run serves it from its start (:func:`serving`, in ``pipelines.executor``), so the preload runs
on the core that ingest leaves idle, and the understanding and memory stages fork from it at once.

There is one forkserver per process (multiprocessing's), so this module is its one owner: a
stage that finds it down starts it and stops it when done; one that finds it up leaves it up.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.forkserver
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import AbstractContextManager, contextmanager, nullcontext
from multiprocessing.context import BaseContext
from typing import TypeVar

from anamnesis.environment import environment

#: The server's first preload: it then ends without freeing its heap (~0.7 s of CPU that the
#: run's end waited for, see the module).
EXIT_QUICKLY = "anamnesis.server_exit"
#: The server's last preload: what it preloaded is frozen out of its workers' collections (see the module).
FROZEN = "anamnesis.server_frozen"
Item = TypeVar("Item")
Result = TypeVar("Result")


def running() -> bool:
    """Whether this process's forkserver is up."""
    return getattr(multiprocessing.forkserver._forkserver, "_forkserver_pid", None) is not None


def start(preload: Iterable[str | None], env: Mapping[str, str] | None = None) -> bool:
    """Start the forkserver, preloading ``preload`` (``None`` entries skipped); True if this call
    started it, False if it was up already (then it keeps what it preloads: a worker that needs
    more loads it on first use) or there is nothing to preload.

    ``env``: variables the server (and so its preload) starts with, on top of this process's
    environment, which gets them only while the server is started: a preload is a module name,
    so what it needs to know comes this way (a sharded run's job, :mod:`pipelines.step_job`).

    With nothing to preload no server is started: a server is the process's one forkserver, and
    one started empty would serve whoever forks next, Dagster's multiprocess executor included,
    whose own ``preload_modules`` would then never load (each step's process importing the job
    and its libraries anew, ~1.7 s a step)."""
    modules = list(dict.fromkeys(m for m in preload if m))
    if running() or not modules:
        return False
    context().set_forkserver_preload([EXIT_QUICKLY, *modules, FROZEN])
    with environment(env or {}):
        multiprocessing.forkserver.ensure_running()  # returns at once; the server preloads alone
    return True


def context() -> BaseContext:
    """The context whose processes fork from the server (``mp_context`` of a process pool)."""
    return multiprocessing.get_context("forkserver")


def stop() -> None:
    """Stop the forkserver and wait for it, so that its CPU time (and its workers', which it
    reaped) counts as this process's children's, and a later start preloads afresh."""
    if running():
        multiprocessing.forkserver._forkserver._stop()  # no public API: the stdlib's own tests stop it this way


@contextmanager
def serving(preload: Iterable[str | None], env: Mapping[str, str] | None = None) -> Iterator[None]:
    """The server up for the block (started now unless it was up), then stopped if started here."""
    started = start(preload, env)
    try:
        yield
    finally:
        if started:
            stop()


def second_process(wanted: bool) -> AbstractContextManager[Executor | None]:
    """One worker forked from the server, if ``wanted`` and the server is up (else ``None``):
    a single-core stage hands it every second range of users (:func:`in_pairs`)."""
    if wanted and running():
        return ProcessPoolExecutor(max_workers=1, mp_context=context())
    return nullcontext(None)


def in_pairs(
    work: Callable[[Item], Result], items: Iterator[Item], worker: Executor | None
) -> Iterator[tuple[Item, Result]]:
    """Each item with ``work(item)``, in order: with a ``worker``, two at a time, the second done
    there while this process does the first."""
    for first in items:
        second = next(items, None) if worker is not None else None
        there = worker.submit(work, second) if worker is not None and second is not None else None
        yield first, work(first)
        if second is not None and there is not None:
            yield second, there.result()
