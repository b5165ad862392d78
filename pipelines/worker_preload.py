"""What a run's worker server preloads, decided before Dagster is imported.

A run in one process that reads large exports serves its worker processes' forkserver
(:mod:`anamnesis.worker_server`) from its start: ``anamnesis backfill`` starts it before it
imports Dagster and the job, so the preload (the rules' vocabularies, the embedding model: ~2 s
of CPU read from the derived cache, ~10 s when it is cold) runs on the core those imports leave
idle. This module imports no Dagster for that reason.

What counts is what the run reads: the export days that are new or changed (:mod:`pipelines.plan`),
not every export of the input. A night adds one small day to a large history, its stages redo
only that day's users in this process, and a server preloading for workers it never forks would
take a core from it for seconds. A stage that does need workers starts the server itself.

A sharded run's steps are Dagster's multiprocess executor's processes, forked from the same one
forkserver with :mod:`pipelines.forkserver` preloaded (~3.5 s of CPU). Started here, before the
CLI imports Dagster and plans the run, that preload runs beside them instead of after them,
when the executor starts the run's first step.
"""

from __future__ import annotations

from pathlib import Path

from anamnesis.config import Settings
from anamnesis.embeddings import make_embedder
from anamnesis.storage.lake import Lake
from anamnesis.understanding import make_backend
from pipelines.plan import plan_backfill

#: Changed exports smaller than this make no worker processes (:data:`PARALLEL_MIN_FRAGMENTS` is
#: ~4 MB of chat), so the run starts no worker server for them.
EARLY_SERVER_MIN_BYTES = 8 * 2**20
#: The CLI itself, preloaded too. A run started by the ``anamnesis`` console script (a script,
#: not ``-m``) makes multiprocessing run that script again in every worker as ``__mp_main__``,
#: and the script imports the CLI: 0.16 s of CPU per worker, 0.002 s once the server has it.
CLI_MODULE = "pipelines.cli"
#: What the forkserver of a sharded run's steps preloads: Dagster's executor module (the executor
#: adds it to any preload) and what every step uses (:mod:`pipelines.forkserver`).
STEP_PRELOAD = ["dagster._core.executor.multiprocess", "pipelines.forkserver"]


def worker_preload(settings: Settings, input_dir: str) -> list[str]:
    """What the run's worker server preloads when the run starts: for a sharded run, its steps'
    modules; for a run in one process, the backend's and the embedder's, when its new or changed
    export days are large enough to use workers."""
    if settings.shards != 1:
        return list(STEP_PRELOAD)
    if not Path(input_dir).is_dir():
        return []
    if plan_backfill(Path(input_dir), Lake(settings.lake), known_days=[]).changed_bytes < EARLY_SERVER_MIN_BYTES:
        return []
    preload = [m for m in (getattr(w, "preload", None) for w in (make_backend(settings), make_embedder(settings))) if m]
    return [*preload, CLI_MODULE] if preload else []
