"""Memory tables: 64 LanceDB shard tables of every user's memory, rewritten only for users whose facts changed.

Materialized by :func:`assets.serving.assets.serving_stores`, side by side with the warehouse.
"""

import dagster as dg

from anamnesis import worker_server
from anamnesis.facts.stage import refold_users
from anamnesis.memory import MemoryStore, memory_dir
from anamnesis.memory.manifest import load_manifest
from anamnesis.memory.paths import MANIFEST_FILE
from anamnesis.memory.rows import TABLE_COLUMNS
from anamnesis.memory.shards import LAYOUT
from anamnesis.memory.vectors import workers_preload
from anamnesis.storage.deltas import scan_table
from anamnesis.storage.night import caught_up, touched_users
from anamnesis.storage.shards import Shard
from assets.facts.assets import fact_histories
from assets.memory.resources import MemoryResource
from assets.metadata import table_metadata
from assets.resources import HomeResource, Progress
from assets.summaries.assets import session_summaries
from schemas.frames import FactState, SessionSummaries, polars_schema

MEMORY_TABLES = dg.AssetSpec(
    "memory_tables",
    deps=[fact_histories, session_summaries],
    group_name="memory",
    description="LanceDB shard tables of every user's memory texts and vectors, from each fact's latest state "
    "and each session's newest summary.",
)


def build_memory_tables(
    log: dg.DagsterLogManager, home: HomeResource, memory: MemoryResource, progress: Progress
) -> dg.MaterializeResult:
    """Bring the memory tables in line with the lake; its materialization's metadata."""
    settings = home.settings()
    lake = home.lake()
    root = memory_dir(settings.home)
    # after a night: the users the fold redid; every user when the store was never built
    night = touched_users(lake) if load_manifest(root / MANIFEST_FILE, LAYOUT) is not None else None
    part = Shard(only=refold_users(lake, night))
    fact_state = scan_table(lake, "fact_state", polars_schema(FactState), only=part.only).collect()
    summaries = scan_table(lake, "session_summaries", polars_schema(SessionSummaries), only=part.only).collect()
    store = MemoryStore(root, memory.embedder(settings))
    with worker_server.serving(workers_preload(store.embedder, fact_state.height + summaries.height)):
        stats = store.rebuild(fact_state, summaries=summaries, progress=progress.update, only=part.only)
    caught_up(lake)  # the last stage that reads the night's note
    log.info(
        f"memory tables: {stats.users_rebuilt} users rebuilt, {stats.users_unchanged} unchanged, "
        f"{stats.texts_embedded} texts embedded in {stats.seconds:.1f}s"
    )
    columns = [(c, "timestamp" if c == "valid_from" else "string") for c in TABLE_COLUMNS]
    columns.append(("vector", f"float32[{store.embedder.dim}]"))
    # a night reads its users' rows only: the tables' total is known after a full build alone
    total = table_metadata("memory", columns, stats.rows) if part.only is None else {}
    users_read = -1 if part.only is None else part.only.len()
    return dg.MaterializeResult(
        asset_key=MEMORY_TABLES.key, metadata={**stats.as_metadata(), "users_read": users_read, **total}
    )
