"""Named points where a test can kill the process, to prove crash recovery.

``ANAMNESIS_CRASH_AT=<point>`` makes the process SIGKILL itself the first time it reaches that
point: the same as ``kill -9`` arriving at exactly that moment, but reproducible. Unset, a
check costs one dictionary lookup.
"""

from __future__ import annotations

import os
import signal

POINTS = ("understanding", "parquet-rename", "duckdb-build", "lance-tables")


def crash_point(name: str) -> None:
    """Die here, uncleanly, if the environment asks for it."""
    if os.environ.get("ANAMNESIS_CRASH_AT") == name:
        os.kill(os.getpid(), signal.SIGKILL)
