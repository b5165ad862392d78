"""``anamnesis backfill``: the whole Dagster job over the exports, with progress and a summary."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from pipelines.cli.errors import one_line_errors
from pipelines.cli.homes import on_home
from pipelines.cli.options import HomeOpt, LogFormatOpt, settings_with_logging
from pipelines.cli.output import err, fail

if TYPE_CHECKING:
    from anamnesis.config import Settings
    from pipelines.run import BackfillOutcome
    from pipelines.step_job import StepJob

NOTHING_CHANGED = "anamnesis: nothing changed since the last backfill; no stage ran"


@one_line_errors
@on_home(writes=True)
def backfill(
    input_dir: Annotated[
        Path | None, typer.Option("--input", help="Directory of *.jsonl / *.jsonl.gz exports.")
    ] = None,
    home: HomeOpt = None,
    log_format: LogFormatOpt = None,
    shards: Annotated[
        int | None,
        typer.Option("--shards", min=1, max=1024, help="Split users into N shards run as parallel Dagster steps."),
    ] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Print the LLM calls, tokens and cost the input would take; call nothing.")
    ] = False,
) -> None:
    """Run the whole Dagster job over every export file; only new or changed files are read again.

    On a terminal progress is a live display; otherwise (a log file, cron) one line per stage and
    every ``progress_interval_s`` seconds.
    """
    from anamnesis.sample_data import SAMPLE_EXPORTS
    from pipelines.plan import home_unchanged

    settings = settings_with_logging(home, log_format)
    if shards is not None:
        settings = settings.model_copy(update={"shards": shards})
    source = input_dir or SAMPLE_EXPORTS
    if not source.is_dir():
        fail(f"input directory {source} does not exist")
    if not dry_run and home_unchanged(settings, source):
        err.print(NOTHING_CHANGED, markup=False)
        return
    if dry_run:
        from anamnesis.understanding.llm_estimate import estimate

        try:
            rows = estimate(settings, source)
        except ValueError as exc:
            fail(str(exc))
        _usage_table(rows, f"dry run: estimated LLM usage ({settings.llm_mode} mode; completion tokens guessed)")
        return
    from anamnesis import worker_server
    from pipelines.step_job import StepJob
    from pipelines.worker_preload import worker_preload

    # the workers' server preloads while Dagster and the job are imported (the run keeps it up);
    # a sharded run's steps' server builds their job too
    step_job = StepJob.for_run(settings, source) if settings.shards > 1 else None
    with worker_server.serving(worker_preload(settings, str(source)), step_job.env() if step_job else None):
        outcome = _run(settings, source, step_job)
    if outcome.unchanged:
        err.print(NOTHING_CHANGED, markup=False)
        return
    _summary(outcome.metadata, settings.warehouse_path, outcome.days_ingested)
    for check in outcome.failed_checks:
        err.print(f"anamnesis: warning: data check {check} failed (see `dagster dev`)", markup=False)


def _run(settings: Settings, source: Path, step_job: StepJob | None) -> BackfillOutcome:
    """The backfill with its progress display: lines in a log, a live display on a terminal."""
    from anamnesis.collector import paused

    with paused():  # Dagster and the job: ~2 s of CPU, 0.2-0.3 s of it the collector's without this
        from assets.resources import CallbackProgress
        from pipelines.progress import RichProgress
        from pipelines.progress_lines import LineProgress
        from pipelines.run import run_backfill

        # What was imported lives as long as the process: frozen before the collector is back, or its
        # first young-generation pass walks all of it (~0.1 s of CPU; the run freezes its heap anyway).
        gc.freeze()

    display: RichProgress | LineProgress = (
        RichProgress(err) if err.is_terminal else LineProgress(settings.progress_interval_s)
    )
    with display:
        return run_backfill(settings, source, progress=CallbackProgress(display.update), step_job=step_job)


def _summary(metadata: dict[str, dict[str, object]], warehouse: Path, days: list[str]) -> None:
    """The backfill's table on stderr: what each stage read, made and reused, then the LLM usage."""
    ingest = metadata.get("messages", {})
    events = metadata.get("extracted_events", {})
    facts = metadata.get("fact_histories", {})
    table = Table(title="backfill", show_header=False, box=None)
    rows = [
        ("export days ingested", len(days)),
        ("messages", ingest.get("messages_out", "unchanged")),
        ("quarantined lines", ingest.get("quarantined_lines", "unchanged")),
        (
            "fragments understood / reused",
            f"{events.get('fragments_understood', 0)} / {events.get('fragments_reused', 0)}",
        ),
        ("rejects", events.get("rejects", 0)),
        ("LLM calls / cache hits", f"{events.get('llm_calls', 0)} / {events.get('llm_cache_hits', 0)}"),
        ("fact events", facts.get("fact_events_out", 0)),
        ("facts", facts.get("facts", 0)),
        ("conflicts", facts.get("conflicts", 0)),
        ("warehouse", str(warehouse)),
    ]
    for name, value in rows:
        table.add_row(name, str(value))
    err.print(table)
    usage = [
        row for asset in ("extracted_events", "session_summaries")
        if isinstance(rows_of := metadata.get(asset, {}).get("llm_usage"), list) for row in rows_of
    ]  # fmt: skip
    if usage:
        _usage_table(usage, "LLM usage")


def _usage_table(rows: list[dict[str, Any]], title: str) -> None:
    """Calls, cache hits, tokens and estimated cost per task, with a total line."""
    from anamnesis.understanding.llm_usage import total_cost

    table = Table("task", "calls", "cache hits", "prompt tokens", "completion tokens", "est. cost (USD)", title=title)
    fields = ("calls", "cache_hits", "prompt_tokens", "completion_tokens")

    def money(value: object) -> str:
        return f"{value:.4f}" if isinstance(value, int | float) else "no price"

    for r in rows:
        table.add_row(str(r["task"]), *(str(r[f]) for f in fields), money(r["estimated_cost_usd"]))
    totals = [str(sum(int(r[f]) for r in rows)) for f in fields]
    model = rows[0]["model"] if rows else "?"
    table.add_row(f"total ({model})", *totals, money(total_cost(rows)), style="bold")
    err.print(table)
