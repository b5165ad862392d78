"""The cyclic collector paused while a process builds what it keeps.

Importing a large library, unpickling a vocabulary or building a lexicon makes millions of small
objects and no garbage; the collector, triggered by allocations, runs again and again over the
growing heap meanwhile (half a lexicon build's CPU; 0.2-0.3 s of the ~2 s the CLI spends importing
Dagster and the job). The forkserver does the same for its whole preload, by import
(:mod:`anamnesis.server_exit`, :mod:`anamnesis.server_frozen`).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """The collector off for the block, then back as it was."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
