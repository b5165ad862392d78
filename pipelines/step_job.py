"""The job of a sharded run's steps, built once in their forkserver rather than in every step.

Under Dagster's multiprocess executor each step's process gets the job as a
``ReconstructableJob``, a pointer to :func:`pipelines.definitions.backfill_job_for` and its
arguments, and builds it (twice: planning the step, then running it): the ``Definitions``,
every resource, the executor and ``resolve_job_def``. ``backfill_job_for`` keeps its last job
(keyed on its arguments), and the steps fork from the run's forkserver
(:mod:`pipelines.forkserver`), which calls it in its preload (:func:`prebuild`): every step
starts with the job built. Dagster's own cache of the pointer's job cannot carry it: the
pointer reaches a step pickled with the hash the run's process cached on it, and string hashes
differ between interpreters (the server's is not the run's), so it never matches.

The server needs the job's arguments before the run starts. A preload is a module name, not a
call, so they travel in one environment variable (:data:`ENV`), set for the server's start only
(:func:`anamnesis.worker_server.start`); the run's process keeps its own environment. The
address of the run's progress socket is one of them, so it is chosen here, before the socket
is opened (:func:`assets.progress_relay.relayed`).

No Dagster at import: the CLI makes a :class:`StepJob` before it imports Dagster.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from multiprocessing.connection import arbitrary_address  # type: ignore[attr-defined]
from pathlib import Path
from typing import TYPE_CHECKING

from anamnesis.config import Settings

if TYPE_CHECKING:
    import dagster as dg

#: The environment variable that carries a :class:`StepJob` to the forkserver's preload.
ENV = "ANAMNESIS_STEP_JOB"


@dataclass(frozen=True, slots=True)
class StepJob:
    """The arguments of :func:`pipelines.definitions.backfill_job_for` for one sharded run."""

    home: str
    input_dir: str
    shards: int
    #: Where the steps send their progress (:mod:`assets.progress_relay`): a fresh local socket path.
    progress_address: str

    @classmethod
    def for_run(cls, settings: Settings, input_dir: Path) -> StepJob:
        """The step job of a run of ``settings`` over ``input_dir``, with a progress socket of its own."""
        return cls(str(settings.home), str(input_dir), settings.shards, arbitrary_address("AF_UNIX"))

    def env(self) -> dict[str, str]:
        """The environment that makes the forkserver's preload build this job (:func:`prebuild`)."""
        return {ENV: json.dumps(asdict(self))}

    def reconstructable(self) -> dg.ReconstructableJob:
        """The pointer every step gets (building it builds the job: Dagster checks what it points to)."""
        import dagster as dg  # noqa: PLC0415 - the CLI makes a StepJob before it imports Dagster

        return dg.build_reconstructable_job(
            "pipelines.definitions", "backfill_job_for", reconstructable_kwargs=asdict(self)
        )


def from_env() -> StepJob | None:
    """The step job this process's environment names (the forkserver's), if any."""
    value = os.environ.get(ENV)
    return StepJob(**json.loads(value)) if value else None


def prebuild() -> None:
    """Build the job the environment names, in this process (the forkserver), for every step forked from it."""
    job = from_env()
    if job is None:
        return
    try:
        job.reconstructable().get_definition()  # the job, then what Dagster makes of it, as a step does
    except Exception:  # noqa: BLE001 - a failed preload would end the server; each step then builds
        return  # the job itself, and fails as a step, with Dagster's account of the error
