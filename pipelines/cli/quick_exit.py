"""The ``anamnesis`` process ends without freeing its heap.

By the time a command returns, the process holds Dagster, polars, DuckDB, LanceDB and the
job's modules: an ordinary interpreter exit frees them object by object, ~0.6 s of CPU at the
end of every backfill (measured: importing what a backfill imports, then exiting), which
the caller waits for. :func:`end_with` lets the exit run as usual up to its last step, the
exit handlers (non-daemon threads joined first, then every handler: logging's, Dagster's,
multiprocessing's, in their usual order), flushes the standard streams and ends the process
with the command's status, skipping only the freeing.
"""

from __future__ import annotations

import atexit

from anamnesis.process_end import end_process


def _status(code: object) -> int:
    """The exit status Python gives ``SystemExit(code)`` (it prints a non-integer code itself)."""
    if code is None:
        return 0
    return code if isinstance(code, int) else 1


def end_with(code: object) -> None:
    """At this process's exit, after its exit handlers, end it with ``SystemExit(code)``'s status."""

    def end() -> None:
        atexit.unregister(end)
        atexit._run_exitfuncs()  # the handlers registered before this one, last registered first
        end_process(_status(code))

    atexit.register(end)
