"""Where the evaluation sets are: bundled package data, and MTS-Dialog beside the project.

The evaluation dialogues ship inside the package (``anamnesis/evaluation/data/``) and are
found through :mod:`importlib.resources`, so an installed wheel evaluates without a clone.
MTS-Dialog is not ours to ship: it is looked for in ``$ANAMNESIS_MTS_DIR``, else in
``../shared/data/mts-dialog`` from the working directory (the layout CI provides).
"""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path

#: ``gold`` and ``dev`` are tuned on (their errors are read while writing rules). ``validation``
#: and ``blind`` are unseen: nobody reads their dialogues or errors. The tuners watch only the
#: validation set's aggregate figures, to keep a change that generalizes and drop one that does
#: not; the blind set is the frozen test, measured by the lead at a session's start and end.
BUNDLED_SETS: tuple[str, ...] = ("gold", "dev", "validation", "blind")
#: The bundled sets scored as ``tuned``.
TUNED_SETS: tuple[str, ...] = ("gold", "dev")


def bundled(name: str) -> Path:
    """The directory of one bundled set (one of :data:`BUNDLED_SETS`) as a real path."""
    if name not in BUNDLED_SETS:
        raise ValueError(f"unknown bundled set {name!r}; known: {', '.join(BUNDLED_SETS)}")
    return Path(str(files("anamnesis.evaluation") / "data" / name))


def tuned_dirs() -> list[Path]:
    return [bundled(name) for name in TUNED_SETS]


def default_mts() -> Path:
    """Where MTS-Dialog is expected (it may not be there: callers check and say so)."""
    configured = os.environ.get("ANAMNESIS_MTS_DIR")
    if configured:
        return Path(configured)
    return Path.cwd().parent / "shared" / "data" / "mts-dialog"


def mts_available(directory: Path) -> bool:
    return (directory / "validation.csv").is_file()
