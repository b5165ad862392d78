"""What the forkserver of a sharded run imports once, so that no step's process pays for it.

Dagster's multiprocess executor forks every step's process from one server process that has
imported the ``preload_modules`` of its config (:data:`pipelines.executor.MULTIPROCESS_CONFIG`).
Whatever a step would otherwise import or build first is done here once per run: the job's
modules, the SQLite storage that opens the Dagster instance in each step (SQLAlchemy and
Alembic: ~0.8 s of CPU per process), pandera's polars checks (they import hypothesis: ~0.3 s
per check step), the rules vocabularies (lexicon, DrugBank and MeSH's disease names, pure Python
tables that the forked children share; the rules would load MeSH on the first English clause that
needs it, which every understanding shard of a large run meets: ~1.0 s of CPU per shard's
process) and the measurement units' conversions. Also what each step imported on
its own before: the CLI (a console-script run makes every child run it as ``__mp_main__``), the
instance's compute-log manager and ``upath`` (its registry reads every package's entry points).
The memory step writes with ``pylance`` alone (never ``import lancedb``, which starts an event
loop's thread on import and so could not be here).
Last, the run's job itself (:func:`pipelines.step_job.prebuild`): every step gets it from here
instead of building the definitions, resources and job again.
Nothing here may start a thread or write to the home.
"""

from __future__ import annotations

# The modules DagsterInstance.from_ref imports for the local instance of <home>/dagster.
import dagster._core.run_coordinator.queued_run_coordinator  # noqa: F401
import dagster._core.secrets  # noqa: F401
import dagster._core.storage.local_compute_log_manager  # noqa: F401
import dagster._core.storage.sqlite_storage  # noqa: F401
import dagster._utils.test  # noqa: F401
import pandera.backends.polars.builtin_checks  # noqa: F401
import upath.core  # noqa: F401

import anamnesis.understanding.rules.preload  # noqa: F401  (loads the rules vocabularies, MeSH's too)
import pipelines.cli  # noqa: F401
import pipelines.definitions  # noqa: F401  (every asset, op and resource of the job)
from anamnesis.measurements.units import conversions
from pipelines.step_job import prebuild

conversions()
prebuild()
