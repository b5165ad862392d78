"""The warehouse and the memory tables, materialized together in one step.

The two depend on the same stages and not on each other, and each leaves a core idle much of
the time: the warehouse is DuckDB work, the memory build waits on its embedding workers and
on LanceDB's writes. One step builds the memory tables on a thread while the warehouse is
built on the step's own thread (it is done first, and its materialization is reported at
once), so neither waits for the other, whatever executor runs the step. A run selecting one
of the two builds that one alone (``can_subset``).
"""

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import dagster as dg

from assets.memory.assets import MEMORY_TABLES, build_memory_tables
from assets.memory.resources import MemoryResource
from assets.resources import HomeResource, ProgressParam
from assets.warehouse.assets import WAREHOUSE, build_warehouse


@dg.multi_asset(
    specs=[WAREHOUSE, MEMORY_TABLES],
    can_subset=True,
    description="The warehouse and the memory tables (on a thread), built at the same time.",
)
def serving_stores(
    context: dg.AssetExecutionContext, home: HomeResource, memory: MemoryResource, progress: ProgressParam
) -> Iterator[dg.MaterializeResult]:
    selected = context.selected_asset_keys
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="memory-tables") as side:
        memory_tables = (
            side.submit(build_memory_tables, context.log, home, memory, progress)
            if MEMORY_TABLES.key in selected
            else None
        )
        if WAREHOUSE.key in selected:
            # DuckDB runs outside the GIL; the memory build's own work is mostly native code too.
            # Beside the memory build, on one thread: the embedding workers have the cores, and one
            # DuckDB thread does the same copy for less CPU than two.
            yield build_warehouse(home, progress, threads=1 if memory_tables is not None else None)
        if memory_tables is not None:
            yield memory_tables.result()
