"""The DuckDB warehouse a data scientist opens: CONTRACT §3's relations over the lake.

Materialized by :func:`assets.serving.assets.serving_stores`, side by side with the memory tables.
"""

import dagster as dg

from anamnesis.storage.warehouse import describe, rebuild_warehouse
from assets.facts.assets import fact_histories
from assets.ingest.assets import messages
from assets.metadata import table_metadata
from assets.resources import HomeResource, Progress
from assets.summaries.assets import session_summaries

WAREHOUSE = dg.AssetSpec(
    "warehouse",
    deps=[messages, fact_histories, session_summaries],
    group_name="warehouse",
    description="<home>/warehouse.duckdb: messages, quarantine, fact_events, facts_current, conflicts...",
)


def build_warehouse(home: HomeResource, progress: Progress, *, threads: int | None = None) -> dg.MaterializeResult:
    """Rebuild the warehouse from the lake (on ``threads`` DuckDB threads); its materialization's metadata."""
    settings = home.settings()
    progress.update("build warehouse", 0, 1)
    counts = rebuild_warehouse(settings, home.lake(), threads=threads)
    progress.update("build warehouse", 1, 1)
    return dg.MaterializeResult(
        asset_key=WAREHOUSE.key,
        metadata={
            "path": dg.MetadataValue.path(str(settings.warehouse_path)),
            **{f"rows_{k}": v for k, v in counts.items()},
            # The relation a data scientist reads first, with its typed columns and comments.
            **table_metadata("facts_current", describe(settings.warehouse_path, "facts_current"), counts["fact_state"]),
        },
    )
