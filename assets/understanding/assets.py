"""Understanding: fragments → classifier and per-section extractors → validated events."""

from datetime import UTC, datetime

import dagster as dg

from anamnesis.fragments import build_fragments
from anamnesis.storage.atomic import read_parquet, write_parquet
from anamnesis.understanding.run import UNDERSTOOD_SCHEMA, events_frame, rejects_frame, understand_new
from assets.checks import pandera_check
from assets.ingest.assets import messages
from assets.resources import HomeResource, ProgressResource
from assets.understanding.resources import UnderstandingResource
from schemas.frames import Events, Messages, Rejects, polars_schema


@dg.asset(
    deps=[messages],
    group_name="understanding",
    description="Validated events proposed for each fragment (a user message with the assistant turn "
    "before it); failures and invalid proposals go to rejects with their reason.",
)
def extracted_events(
    context: dg.AssetExecutionContext,
    home: HomeResource,
    understanding: UnderstandingResource,
    progress: ProgressResource,
) -> dg.MaterializeResult:
    settings = home.settings()
    lake = home.lake()
    backend = understanding.backend(settings)
    fragments = build_fragments(read_parquet(lake.messages, polars_schema(Messages)))
    previous = read_parquet(lake.understood, UNDERSTOOD_SCHEMA)
    store, failures, counts = understand_new(
        fragments,
        previous,
        backend,
        now=datetime.now(UTC),
        on_progress=lambda done, total: progress.update("understand fragments", done, total),
    )
    events = events_frame(fragments, store, backend)
    rejects = rejects_frame(fragments, store, failures, backend)
    write_parquet(store, lake.understood)
    write_parquet(events, lake.events)
    write_parquet(rejects, lake.rejects)
    return dg.MaterializeResult(
        metadata={
            "backend": backend.name,
            "fragments_in": counts.fragments,
            "fragments_reused": counts.reused,
            "fragments_understood": counts.understood,
            "fragments_failed": counts.failed,
            "events_out": events.height,
            "rejects": rejects.height,
            **backend.stats.as_metadata(),
        }
    )


@dg.asset_check(asset=extracted_events, description="Events fit the Events pandera schema.")
def events_schema(home: HomeResource) -> dg.AssetCheckResult:
    return pandera_check(Events, home.lake().events)


@dg.asset_check(asset=extracted_events, description="Rejects fit their schema; each carries a reason.")
def rejects_schema(home: HomeResource) -> dg.AssetCheckResult:
    return pandera_check(Rejects, home.lake().rejects)
