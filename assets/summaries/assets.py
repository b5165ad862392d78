"""Session summaries: from the messages and the reconciled fact histories, into the lake."""

from datetime import UTC, datetime

import dagster as dg

from anamnesis.facts.stage import refold_users
from anamnesis.storage.deltas import table_rows
from anamnesis.storage.night import merge_stage, night_users
from anamnesis.storage.shards import Shard, shard_lake
from anamnesis.summaries import summarize_lake
from anamnesis.understanding.llm_usage import append_usage
from assets.checks import NIGHT_ONLY, as_check, pandera_check
from assets.facts.assets import fact_histories
from assets.metadata import frame_metadata
from assets.resources import HomeResource, ProgressParam
from assets.summaries.resources import SummaryResource
from schemas.frames import SessionSummaries

#: What the summaries asset writes per user.
SUMMARY_TABLES = ("session_summaries",)
SUMMARIES_SCHEMA = dg.AssetCheckSpec(
    "session_summaries_schema",
    asset="session_summaries",
    blocking=True,
    description="Summaries fit their schema; ids are unique.",
)


@dg.asset(
    deps=[fact_histories],
    check_specs=[SUMMARIES_SCHEMA],  # evaluated on the file just written: no step of its own
    group_name="summaries",
    description="A short summary of each session's health content every N user turns (summary_every_turns, "
    "default 10) and at its last turn: rules from its reconciled events, or the openai summary prompt.",
)
def session_summaries(
    context: dg.AssetExecutionContext, home: HomeResource, summaries: SummaryResource, progress: ProgressParam
) -> dg.MaterializeResult:
    settings = home.settings()
    summarizer = summaries.summarizer(settings)
    lake = home.lake()
    # after a night: the users the fold redid (the night's and those with a review input)
    part = Shard(only=refold_users(lake, night_users(lake, SUMMARY_TABLES)))
    try:
        counts = summarize_lake(
            lake,
            summarizer,
            every=settings.summary_every_turns,
            on_progress=lambda done, total: progress.update("summarize sessions", done, total),
            shard=part,
            out=shard_lake(lake, "summaries", part),
        )
        merge_stage(lake, "summaries", 1, SUMMARY_TABLES, redone=part.only)
        usage = summarizer.llm_usage(settings, run_id=context.run_id, now=datetime.now(UTC))
        append_usage(lake, usage)
    finally:
        summarizer.close()
    # on the file just written; after a night only the redone users' rows changed
    schema = pandera_check(SessionSummaries, lake, "session_summaries", users=part.only)
    return dg.MaterializeResult(
        metadata={
            "summarizer": summarizer.name,
            "sessions": counts.sessions,
            "summaries": table_rows(lake, "session_summaries"),
            "summaries_redone": counts.summaries,
            "users_redone": -1 if part.only is None else part.only.len(),
            NIGHT_ONLY: part.only is not None,
            "summaries_with_content_redone": counts.with_content,
            "every_user_turns": settings.summary_every_turns,
            **summarizer.stats(),
            **({"llm_usage": dg.MetadataValue.json([{k: v for k, v in r.items() if k != "created_at"} for r in usage])}
               if usage else {}),
            **frame_metadata("session_summaries", SessionSummaries, table_rows(lake, "session_summaries")),
        },
        check_results=[as_check(SUMMARIES_SCHEMA, schema)],
    )
