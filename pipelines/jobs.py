"""Jobs: the one backfill job that runs every stage."""

import dagster as dg

backfill_job = dg.define_asset_job(
    "backfill",
    selection=dg.AssetSelection.all(),
    description="Ingest the export days given, then rebuild messages, events, fact histories and the warehouse.",
)
