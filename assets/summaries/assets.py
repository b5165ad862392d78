"""Session summaries: from the messages and the reconciled fact histories, into the lake."""

from datetime import UTC, datetime

import dagster as dg

from anamnesis.summaries import summarize_lake
from anamnesis.understanding.llm_usage import append_usage
from assets.checks import pandera_check
from assets.facts.assets import fact_histories
from assets.metadata import frame_metadata
from assets.resources import HomeResource, ProgressParam
from assets.summaries.resources import SummaryResource
from schemas.frames import SessionSummaries


@dg.asset(
    deps=[fact_histories],
    group_name="summaries",
    description="A short summary of each session's health content every N user turns (summary_every_turns, "
    "default 10) and at its last turn: rules from its reconciled events, or the openai summary prompt.",
)
def session_summaries(
    context: dg.AssetExecutionContext, home: HomeResource, summaries: SummaryResource, progress: ProgressParam
) -> dg.MaterializeResult:
    settings = home.settings()
    summarizer = summaries.summarizer(settings)
    try:
        counts = summarize_lake(
            home.lake(),
            summarizer,
            every=settings.summary_every_turns,
            on_progress=lambda done, total: progress.update("summarize sessions", done, total),
        )
        usage = summarizer.llm_usage(settings, run_id=context.run_id, now=datetime.now(UTC))
        append_usage(home.lake(), usage)
    finally:
        summarizer.close()
    return dg.MaterializeResult(
        metadata={
            "summarizer": summarizer.name,
            "sessions": counts.sessions,
            "summaries": counts.summaries,
            "summaries_with_content": counts.with_content,
            "every_user_turns": settings.summary_every_turns,
            **summarizer.stats(),
            **({"llm_usage": dg.MetadataValue.json([{k: v for k, v in r.items() if k != "created_at"} for r in usage])}
               if usage else {}),
            **frame_metadata("session_summaries", SessionSummaries, counts.summaries),
        }
    )


@dg.asset_check(asset=session_summaries, blocking=True, description="Summaries fit their schema; ids are unique.")
def session_summaries_schema(home: HomeResource) -> dg.AssetCheckResult:
    return pandera_check(SessionSummaries, home.lake().session_summaries)
