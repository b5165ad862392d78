"""Environment variables set for a block, then put back: how a setting reaches a process this one
starts when the process takes no arguments for it (the worker server's preload, an evaluation's run)."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager


@contextmanager
def environment(values: Mapping[str, str], *, cleared: Iterable[str] = ()) -> Iterator[None]:
    """``cleared`` unset and ``values`` set in ``os.environ`` for the block, then each as it was."""
    names = [*cleared, *values]
    saved = {name: os.environ.get(name) for name in names}
    try:
        for name in names:
            os.environ.pop(name, None)
        os.environ.update(values)
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
