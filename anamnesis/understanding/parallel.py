"""Reading fragments on every core: a process pool for backends that are pure CPU work.

The rules backend is deterministic Python, so two processes on two cores read twice as many
fragments per second. Workers fork from the run's forkserver (:mod:`anamnesis.worker_server`), which
has imported the backend's ``preload`` module and so built its vocabularies once: every worker
starts with them instead of building its own (~7 s of CPU each for the rules). Batches travel as
polars frames both ways (pickled as Arrow IPC, a copy of their buffers) and come back already
validated: turning fragments into Python values and results into columns is the workers' work,
done on every core, not the stage's own process's.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from datetime import datetime
from multiprocessing.context import BaseContext
from types import TracebackType

import orjson
import polars as pl

from anamnesis import worker_server
from anamnesis.understanding.backend import Backend
from anamnesis.understanding.validate import validate_measurements, validate_proposals
from schemas.events import Fragment

FragmentRow = tuple[str, str, str, datetime, str, str | None, str | None]
#: The columns of a batch of fragments, in :data:`FragmentRow`'s order (an LLM backend's
#: context columns may follow).
FRAGMENT_COLUMNS = ("fragment_key", "user_id", "message_id", "ts", "text", "context", "lang")
#: (fragment key, sections JSON, events JSON, rejects JSON, error, measurements JSON): all
#: strings, which polars takes in far faster than Python lists.
ResultRow = tuple[str, str, str, str, str | None, str]
#: A batch's results as a frame (:func:`understand_frame`), one row per fragment, in its order.
RESULT_SCHEMA: dict[str, pl.DataType] = dict.fromkeys(
    ("fragment_key", "sections", "events", "rejects", "error", "measurements"), pl.String()
)
#: Below this many fragments to read, starting worker processes costs more than it saves.
PARALLEL_MIN_FRAGMENTS = 20_000
MAX_WORKERS = 4

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
            out.append((result.fragment_id, "[]", "[]", "[]", result.error, "[]"))
            continue
        events, rejects = validate_proposals(result.events)
        measurements = validate_measurements(result.measurements, rejects)
        out.append(
            (
                result.fragment_id,
                orjson.dumps(sorted(set(result.sections))).decode(),
                orjson.dumps(events).decode(),
                orjson.dumps(rejects).decode(),
                None,
                orjson.dumps(measurements).decode(),
            )
        )
    return out


def understand_frame(backend: Backend, batch: pl.DataFrame) -> pl.DataFrame:
    """:func:`understand_rows` of a batch of fragments (:data:`FRAGMENT_COLUMNS`), as a frame of
    :data:`RESULT_SCHEMA`."""
    return pl.DataFrame(understand_rows(backend, batch.rows()), schema=RESULT_SCHEMA, orient="row")


def _work(batch: pl.DataFrame) -> pl.DataFrame:
    assert _backend is not None
    return understand_frame(_backend, batch)


class FragmentReader:
    """Runs one backend over batches of fragments, in this process or in worker processes.

    A pure backend gets workers when there is enough to read, or whenever the run is ``large``
    (its input comes in several ranges of users): then the backend, with its vocabularies, lives
    only in the workers, never next to a batch of texts in this process. Workers start on first
    need and serve every later batch of the run, so a run of many ranges starts them once.
    ``processes=False`` reads in this process whatever the size: one shard of a sharded run is
    already one of the run's parallel steps (Dagster's executor runs one per core), and a pool in
    each would put twice as many busy processes as cores on the machine and start once per shard.
    Entering a ``large`` reader starts the forkserver at once (unless the run has), so its
    preload runs while this process prepares the first batches; closing the reader stops the
    server if the reader started it.
    """

    def __init__(self, backend: Backend, *, large: bool = False, processes: bool = True) -> None:
        self.backend = backend
        self.large = large
        self._may_use_workers = processes and bool(getattr(backend, "pure", False))
        self._pool: ProcessPoolExecutor | None = None
        #: The worker server while this reader needs it (stopped on close if the reader started it).
        self._serving = ExitStack()
        #: What a pure backend made of each content read in this run, one frame per range
        #: (see ``run.understand_new``).
        self.readings: list[pl.DataFrame] = []

    @property
    def workers(self) -> int:
        return min(os.cpu_count() or 1, MAX_WORKERS)

    def batch_size(self, work: int, largest: int) -> int:
        """Fragments per batch: at most ``largest``, and small enough to keep every worker busy."""
        if not self._parallel(work):
            return largest
        return max(1, min(largest, -(-work // (2 * self.workers))))

    def _parallel(self, work: int) -> bool:
        if not self._may_use_workers or work == 0:
            return False
        return self._pool is not None or self.large or work >= PARALLEL_MIN_FRAGMENTS

    def read(self, batches: Sequence[pl.DataFrame]) -> Iterator[pl.DataFrame]:
        """Yield each batch's results (:func:`understand_frame`), in order."""
        if not self._parallel(sum(b.height for b in batches)):
            return (understand_frame(self.backend, batch) for batch in batches)
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=self._start_server(),
                initializer=_init,
                initargs=(type(self.backend),),
            )
        return self._pool.map(_work, batches)

    def _start_server(self) -> BaseContext:
        self._serving.enter_context(worker_server.serving([getattr(self.backend, "preload", None)]))
        return worker_server.context()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None
        self._serving.close()

    def __enter__(self) -> FragmentReader:
        if self.large and self._may_use_workers:
            self._start_server()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
