"""Reading fragments on every core: a process pool for backends that are pure CPU work.

The rules backend is deterministic Python, so two processes on two cores read twice as many
fragments per second. Workers are spawned (not forked: the parent holds thread pools of
polars, DuckDB and Dagster) and each builds its own backend once; fragments travel as plain
tuples and come back already validated.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from datetime import datetime

import orjson

from anamnesis.understanding.backend import Backend
from anamnesis.understanding.validate import validate_proposals
from schemas.events import Fragment

FragmentRow = tuple[str, str, str, datetime, str, str | None, str | None]
#: (fragment key, sections, events JSON, rejects JSON, error)
ResultRow = tuple[str, list[str], str, str, str | None]

_backend: Backend | None = None


def _init(factory: Callable[[], Backend]) -> None:
    global _backend
    _backend = factory()


def understand_rows(backend: Backend, rows: Sequence[FragmentRow]) -> list[ResultRow]:
    """Understand and validate one batch of fragments."""
    out: list[ResultRow] = []
    fragments = [Fragment(*row) for row in rows]
    for result in backend.understand(fragments):
        if result.error is not None:
            out.append((result.fragment_id, [], "[]", "[]", result.error))
            continue
        events, rejects = validate_proposals(result.events)
        out.append(
            (
                result.fragment_id,
                sorted(set(result.sections)),
                orjson.dumps(events).decode(),
                orjson.dumps(rejects).decode(),
                None,
            )
        )
    return out


def _work(rows: Sequence[FragmentRow]) -> list[ResultRow]:
    assert _backend is not None
    return understand_rows(_backend, rows)


def understand_in_processes(
    factory: Callable[[], Backend], batches: Sequence[Sequence[FragmentRow]], *, workers: int
) -> Iterator[list[ResultRow]]:
    """Yield each batch's results, in order, computed by ``workers`` spawned processes."""
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_init, initargs=(factory,)) as pool:
        yield from pool.map(_work, batches)
