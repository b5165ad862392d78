"""Memory tables: 64 LanceDB shard tables of every user's memory, rewritten only for users whose facts changed."""

import dagster as dg

from anamnesis.memory import MemoryStore, memory_dir
from anamnesis.memory.rows import TABLE_COLUMNS
from anamnesis.storage.atomic import read_parquet
from assets.facts.assets import fact_histories
from assets.memory.resources import MemoryResource
from assets.metadata import table_metadata
from assets.resources import HomeResource, ProgressParam
from assets.summaries.assets import session_summaries
from schemas.frames import FactState, SessionSummaries, polars_schema


@dg.asset(
    deps=[fact_histories, session_summaries],
    group_name="memory",
    description="LanceDB shard tables of every user's memory texts and vectors, from each fact's latest state "
    "and each session's newest summary.",
)
def memory_tables(
    context: dg.AssetExecutionContext, home: HomeResource, memory: MemoryResource, progress: ProgressParam
) -> dg.MaterializeResult:
    settings = home.settings()
    lake = home.lake()
    fact_state = read_parquet(lake.fact_state, polars_schema(FactState))
    summaries = read_parquet(lake.session_summaries, polars_schema(SessionSummaries))
    store = MemoryStore(memory_dir(settings.home), memory.embedder(settings))
    stats = store.rebuild(fact_state, summaries=summaries, progress=progress.update)
    context.log.info(
        f"memory tables: {stats.users_rebuilt} users rebuilt, {stats.users_unchanged} unchanged, "
        f"{stats.texts_embedded} texts embedded in {stats.seconds:.1f}s"
    )
    columns = [(c, "timestamp" if c == "valid_from" else "string") for c in TABLE_COLUMNS]
    columns.append(("vector", f"float32[{store.embedder.dim}]"))
    return dg.MaterializeResult(
        metadata={**stats.as_metadata(), **table_metadata("memory", columns, stats.rows)}
    )
