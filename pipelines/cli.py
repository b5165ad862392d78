"""The ``anamnesis`` command line (CONTRACT §5).

Every command exits 0 on success, or non-zero with one line on stderr saying why.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, TypeVar

import orjson
import typer
from rich.console import Console
from rich.table import Table

from anamnesis.config import DEFAULT_HOME, Settings, load_settings

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Long-term medical memory for a chat assistant.")
err = Console(stderr=True)
out = Console()

HomeOpt = Annotated[
    str | None,
    typer.Option("--home", help="Home directory or s3://bucket/prefix (default $ANAMNESIS_HOME or ./.anamnesis)."),
]


LogFormatOpt = Annotated[
    str | None, typer.Option("--log-format", help="text or json log lines on stderr (default $ANAMNESIS_LOG_FORMAT).")
]


def _settings_with_logging(home: Path | None, log_format: str | None) -> Settings:
    """The settings of a long-running command, with its log lines set up (text or JSON)."""

    from anamnesis.logs import configure_logging

    settings = load_settings(home)
    if log_format is not None:
        settings = settings.model_copy(update={"log_format": log_format})
    configure_logging(settings.log_format)
    return settings


def _fail(message: str, code: int = 1) -> None:
    err.print(f"anamnesis: error: {message}", markup=False, highlight=False, soft_wrap=True)
    raise typer.Exit(code)


Command = TypeVar("Command", bound=Callable[..., Any])
NOTHING_CHANGED = "anamnesis: nothing changed since the last backfill; no stage ran"


def one_line_errors(command: Command) -> Command:
    """Any exception the command raises ends it with one line; the traceback goes to the home's log."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        from anamnesis.failures import one_line
        from anamnesis.storage.lock import HomeBusy

        try:
            return command(*args, **kwargs)
        except (typer.Exit, typer.Abort, KeyboardInterrupt):
            raise
        except HomeBusy as exc:  # the whole story: no traceback to keep
            _fail(str(exc))
        except Exception as exc:  # noqa: BLE001 - every failure becomes one line
            home = Path(kwargs.get("home") or os.environ.get("ANAMNESIS_HOME") or DEFAULT_HOME)
            line = one_line(exc, home, command.__name__, getattr(exc, "details", ""))
            err.print(line, markup=False, highlight=False, soft_wrap=True)
            raise typer.Exit(1) from None

    return run  # type: ignore[return-value]


def on_home(*, writes: bool) -> Callable[[Command], Command]:
    """Run the command on a local home: the directory given, or a mirror of an ``s3://`` home.

    A writing command's mirror is committed to the bucket as a new generation when it succeeds
    (:mod:`anamnesis.storage.object_home`); a reading one reads the current generation.
    """

    def wrap(command: Command) -> Command:
        @functools.wraps(command)
        def run(*args: Any, **kwargs: Any) -> Any:
            from anamnesis.storage.object_home import home_url, readable_home, writable_home

            url = home_url(kwargs.get("home"))
            if url is None:
                return command(*args, **kwargs)
            if not writes:
                return _in_home(command, readable_home(url), *args, **kwargs)
            with writable_home(url) as local:
                return _in_home(command, local, *args, **kwargs)

        return run  # type: ignore[return-value]

    return wrap


def _in_home(command: Command, local: Path, *args: Any, **kwargs: Any) -> Any:
    """Run ``command`` on the mirror ``local``: the ``--home`` it gets and ``$ANAMNESIS_HOME``
    for everything the command loads (the Dagster definitions read the variable)."""
    if load_settings(local).warehouse_layout == "views":
        raise ValueError(
            "warehouse_layout = views reads the lake's files where they lie: it needs a directory home, "
            "not an s3:// one (use warehouse_layout = copy)"
        )
    saved = os.environ.get("ANAMNESIS_HOME")
    os.environ["ANAMNESIS_HOME"] = str(local)
    try:
        return command(*args, **{**kwargs, "home": str(local)})
    finally:
        if saved is None:
            del os.environ["ANAMNESIS_HOME"]
        else:
            os.environ["ANAMNESIS_HOME"] = saved


@app.command()
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

    settings = _settings_with_logging(home, log_format)
    if shards is not None:
        settings = settings.model_copy(update={"shards": shards})
    source = input_dir or SAMPLE_EXPORTS
    if not source.is_dir():
        _fail(f"input directory {source} does not exist")
    if not dry_run and home_unchanged(settings, source):
        err.print(NOTHING_CHANGED, markup=False)
        return
    from assets.resources import CallbackProgress
    from pipelines.progress import RichProgress
    from pipelines.progress_lines import LineProgress
    from pipelines.run import run_backfill
    if dry_run:
        from anamnesis.understanding.llm_estimate import estimate

        try:
            rows = estimate(settings, source)
        except ValueError as exc:
            _fail(str(exc))
        _usage_table(rows, f"dry run: estimated LLM usage ({settings.llm_mode} mode; completion tokens guessed)")
        return
    display: RichProgress | LineProgress = (
        RichProgress(err) if err.is_terminal else LineProgress(settings.progress_interval_s)
    )
    with display:
        outcome = run_backfill(settings, source, progress=CallbackProgress(display.update))
    if outcome.unchanged:
        err.print(NOTHING_CHANGED, markup=False)
        return
    _summary(outcome.metadata, settings.warehouse_path, outcome.days_ingested)
    for check in outcome.failed_checks:
        err.print(f"anamnesis: warning: data check {check} failed (see `dagster dev`)", markup=False)


def _summary(metadata: dict[str, dict[str, object]], warehouse: Path, days: list[str]) -> None:
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


@app.command()
@one_line_errors
@on_home(writes=False)
def plot(
    user_id: Annotated[str, typer.Argument(help="The user's id, exactly as in the exports.")],
    test: Annotated[str, typer.Option("--test", help="The test, in any language (hba1c, ALT, давление).")],
    out_file: Annotated[Path, typer.Option("--out", help="The PNG file to write.")],
    home: HomeOpt = None,
) -> None:
    """Draw one user's readings of one test over time as a PNG."""
    from anamnesis.measurements.catalog import load_catalog
    from anamnesis.measurements.plot import plot_series
    from anamnesis.measurements.read import user_measurements
    from anamnesis.storage.warehouse import connect

    catalog = load_catalog()
    pressure = test.strip().lower() in ("blood pressure", "bp", "давление", "血压")
    names = ["systolic blood pressure", "diastolic blood pressure"] if pressure else []
    known = [catalog.tests[n] for n in names] or [t for t in [catalog.lookup(test)] if t is not None]
    if not known:
        _fail(f"unknown test {test!r}")
    try:
        settings = load_settings(home)
        con = connect(settings.warehouse_path)
        try:
            rows = user_measurements(con, user_id, [t.test for t in known])
        finally:
            con.close()
        drawn = plot_series(known, rows, out_file, title="blood pressure" if pressure else known[0].test)
    except (FileNotFoundError, ValueError, OSError) as exc:
        _fail(str(exc))
    err.print(f"{drawn} readings drawn into {out_file}", markup=False, highlight=False)


@app.command()
@one_line_errors
@on_home(writes=False)
def facts(
    user_id: Annotated[str, typer.Argument(help="The user's id, exactly as in the exports.")],
    home: HomeOpt = None,
    section: Annotated[str | None, typer.Option("--section", help="Only this section.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Print one user's current facts."""
    from anamnesis.facts.queries import current_facts
    from anamnesis.storage.warehouse import connect

    settings = load_settings(home)
    con = connect(settings.warehouse_path)
    try:
        rows = current_facts(con, user_id, section=section)
    finally:
        con.close()
    if as_json:
        sys.stdout.write(orjson.dumps({"user_id": user_id, "facts": rows}, option=orjson.OPT_INDENT_2).decode() + "\n")
        return
    if not rows:
        out.print(f"no facts for {user_id!r}", markup=False)
        return
    table = Table("section", "entity", "status", "attributes", "since", "last seen", "decayed")
    for f in rows:
        attrs = ", ".join(f"{k}={v}" for k, v in f["attributes"].items())
        table.add_row(
            f["section"],
            f["entity"],
            f["status"],
            attrs,
            f["valid_from"][:10],
            f["last_seen"][:10],
            "yes" if f["decayed"] else "",
        )
    out.print(table)


@app.command()
@one_line_errors
@on_home(writes=False)
def timeline(
    user_id: Annotated[str, typer.Argument(help="The user's id, exactly as in the exports.")],
    home: HomeOpt = None,
    fmt: Annotated[str, typer.Option("--format", help="md, csv or json.")] = "md",
) -> None:
    """Export one patient's whole history, oldest first (every fact event)."""
    from anamnesis.facts.timeline import FORMATS, render
    from anamnesis.facts.timeline import timeline as read_timeline
    from anamnesis.storage.warehouse import connect

    if fmt not in FORMATS:
        _fail(f"--format must be one of {', '.join(FORMATS)}, not {fmt!r}")
    try:
        con = connect(load_settings(home).warehouse_path)
        try:
            events = read_timeline(con, user_id)
        finally:
            con.close()
    except (FileNotFoundError, ValueError) as exc:
        _fail(str(exc))
    sys.stdout.write(render(user_id, events, fmt))


@app.command()
@one_line_errors
@on_home(writes=True)
def forget(
    user_id: Annotated[str, typer.Argument(help="The user's id, exactly as in the exports.")],
    home: HomeOpt = None,
) -> None:
    """Erase every trace of one user from every store; a tombstone keeps later backfills from bringing them back."""


    from anamnesis.erasure.forget import forget_user

    report = forget_user(load_settings(home), user_id)
    err.print(report.summary(), markup=False, highlight=False, soft_wrap=True)


@app.command()
@one_line_errors
@on_home(writes=False)
def conflicts(
    user_id: Annotated[str | None, typer.Argument(help="Only this user's conflicts (default: every user's).")] = None,
    home: HomeOpt = None,
    status: Annotated[str | None, typer.Option("--status", help="open or resolved.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """List conflicts waiting for clarification (and resolved ones)."""
    from anamnesis.review.queries import conflicts as list_conflicts
    from anamnesis.review.queries import statement
    from anamnesis.storage.warehouse import connect

    try:
        con = connect(load_settings(home).warehouse_path)
        try:
            rows = list_conflicts(con, user_id, status=status)
        finally:
            con.close()
    except (FileNotFoundError, ValueError) as exc:
        _fail(str(exc))
    if as_json:
        sys.stdout.write(orjson.dumps({"conflicts": rows}, option=orjson.OPT_INDENT_2).decode() + "\n")
        return
    if not rows:
        out.print("no conflicts", markup=False)
        return
    table = Table("conflict_id", "user", "section", "earlier", "later", "status")
    for c in rows:
        state = c["status"] if c["resolution"] is None else f"{c['status']} ({c['resolution']})"
        earlier = f"{statement(c['section'], c['entity'], c['earlier_status'])} ({c['earlier_valid_from'][:10]})"
        later = f"{statement(c['section'], c['later_entity'], c['later_status'])} ({c['later_valid_from'][:10]})"
        table.add_row(c["conflict_id"], c["user_id"], c["section"], earlier, later, state)
    out.print(table)


@app.command()
@one_line_errors
@on_home(writes=True)
def resolve(
    conflict_id: Annotated[str, typer.Argument(help="The conflict's id (see `anamnesis conflicts`).")],
    outcome: Annotated[str, typer.Option("--outcome", help="earlier_stands or later_stands.")],
    home: HomeOpt = None,
    note: Annotated[str | None, typer.Option("--note", help="Why, in a few words.")] = None,
    source: Annotated[str, typer.Option("--source", help="Who clarified it: user or clinician.")] = "user",
) -> None:
    """Record how a conflict was clarified; the fold and the warehouse are rebuilt with it."""
    from anamnesis.review.queries import find_conflict
    from anamnesis.review.record import ReviewError, resolve_conflict
    from anamnesis.storage.warehouse import connect

    try:
        settings = load_settings(home)
        con = connect(settings.warehouse_path)
        try:
            found = find_conflict(con, conflict_id)
        finally:
            con.close()
        if found is None:
            _fail(f"no conflict {conflict_id!r}")
        resolve_conflict(settings, found["user_id"], conflict_id, outcome=outcome, source=source, note=note)
    except (ReviewError, FileNotFoundError, OSError) as exc:
        _fail(str(exc))
    err.print(f"resolved {conflict_id}: {outcome}", markup=False, highlight=False)


@app.command()
@one_line_errors
def serve(
    home: HomeOpt = None,
    host: Annotated[str, typer.Option("--host")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535)] = 8000,
    log_format: LogFormatOpt = None,
) -> None:
    """Serve the read API (CONTRACT §4); tokens from ANAMNESIS_API_TOKENS or config.toml."""
    import logging

    import uvicorn

    from anamnesis.api.app import create_app
    from anamnesis.storage.object_home import Follower, home_url, readable_home

    url = home_url(home)
    if url is not None:  # a replica: a mirror of the current generation, kept on the newest
        mirror = readable_home(url)
        Follower(url, mirror).start()
        home = os.environ["ANAMNESIS_HOME"] = str(mirror)
    settings = _settings_with_logging(home, log_format)
    if url is not None and settings.review_tokens:
        # A replica's writes would land in its cache, never in the bucket: reviewers read here
        # and record clarifications with `anamnesis resolve` against the home.
        settings = settings.model_copy(update={"api_tokens": settings.api_tokens + settings.review_tokens,
                                               "review_tokens": ()})
        err.print("anamnesis: warning: review writes are not served from an s3:// home; reviewer tokens read only",
                  markup=False)
    if not settings.api_tokens:
        err.print("anamnesis: warning: no API tokens configured; every /v1 request will get 401", markup=False)
    application = create_app(settings, replica_of=url)
    # One start-up line here, one "ready" line when the models and the hot set are loaded, then
    # one access line per request (anamnesis.api.access_log: a user digest, never the id or text).
    logging.getLogger("anamnesis.api").info("serving %s on http://%s:%d", url or settings.home, host, port)
    uvicorn.run(application, host=host, port=port, log_level="warning", access_log=False, log_config=None)


_GOLD_HELP = "Gold dialogues (*.jsonl), the set the bars apply to; default: the bundled gold set."
_DEV_HELP = (
    "Dev dialogues (*.jsonl): tuned on like the gold set, scored beside it, no bars; "
    "default: the bundled dev set (none when --gold is given)."
)
_BLIND_HELP = "Unseen dialogues (*.jsonl), scored beside the gold set; default: the bundled blind set."
_MTS_HELP = "MTS-Dialog directory (validation.csv, train.csv); default: $ANAMNESIS_MTS_DIR or ../shared/..."
_SPLIT_HELP = "MTS-Dialog split: validation, train, train-tune, train-frozen (never tuned on) or both."
_KEEP_HELP = "Build the eval's warehouse in this new directory and keep it (default: a temporary one)."
_OUT_HELP = "Where report.md and chart.png go (default: a new scratch directory, printed at the end)."
_BACKEND_HELP = (
    "Understanding backend: the offline rules, or openai (OPENAI_BASE_URL, OPENAI_API_KEY, ANAMNESIS_LLM_MODEL, "
    "ANAMNESIS_PROMPTS from the environment)."
)


class EvalBackend(StrEnum):
    rules = "rules"
    openai = "openai"


@app.command("eval")
@one_line_errors
def eval_command(
    gold: Annotated[Path | None, typer.Option("--gold", help=_GOLD_HELP)] = None,
    dev: Annotated[Path | None, typer.Option("--dev", help=_DEV_HELP)] = None,
    no_dev: Annotated[bool, typer.Option("--no-dev", help="Leave the dev set out.")] = False,
    blind: Annotated[Path | None, typer.Option("--blind", help=_BLIND_HELP)] = None,
    no_blind: Annotated[bool, typer.Option("--no-blind", help="Leave the unseen set out.")] = False,
    mts: Annotated[Path | None, typer.Option("--mts", help=_MTS_HELP)] = None,
    split: Annotated[str, typer.Option("--split", help=_SPLIT_HELP)] = "validation",
    out_dir: Annotated[Path | None, typer.Option("--out", help=_OUT_HELP)] = None,
    keep_home: Annotated[Path | None, typer.Option("--keep-home", help=_KEEP_HELP)] = None,
    check: Annotated[
        bool, typer.Option("--check", help="Exit 1 when a gated figure (the report's Bars table) misses its bar.")
    ] = False,
    backend: Annotated[EvalBackend, typer.Option("--backend", help=_BACKEND_HELP)] = EvalBackend.rules,
) -> None:
    """Run the pipeline on the gold, blind and MTS-Dialog sets; write report.md and chart.png."""
    import shlex
    import tempfile

    from anamnesis.evaluation.datasets import bundled, default_mts, mts_available
    from anamnesis.evaluation.mts import SPLITS
    from anamnesis.evaluation.report import summary_lines, write_report
    from pipelines.evaluate import run_eval
    from pipelines.run import BackfillFailed

    if split not in SPLITS:
        _fail(f"--split must be one of {', '.join(SPLITS)}, not {split!r}")
    gold_dir = gold or bundled("gold")
    dev_dir = None if no_dev else (dev or (None if gold else bundled("dev")))
    blind_dir = None if no_blind else (blind or bundled("blind"))
    for name, directory in (("gold", gold_dir), ("dev", dev_dir), ("blind", blind_dir)):
        if directory is not None and (not directory.is_dir() or not any(directory.glob("*.jsonl"))):
            _fail(f"no {name} dialogues (*.jsonl) in {directory}")
    mts_dir = mts
    note = ""
    if mts_dir is None:
        candidate = default_mts()
        if mts_available(candidate):
            mts_dir = candidate
        else:
            note = f"MTS-Dialog not found at {candidate}; evaluated the gold, dev and blind sets only"
    elif not mts_dir.is_dir():
        _fail(f"MTS-Dialog directory {mts_dir} does not exist")
    command = ["anamnesis", "eval"]
    for flag, value in (("--gold", gold), ("--dev", dev), ("--blind", blind), ("--mts", mts), ("--out", out_dir)):
        if value is not None:
            command += [flag, str(value)]
    for flag, given in (("--no-dev", no_dev), ("--no-blind", no_blind)):
        if given:
            command.append(flag)
    if backend is not EvalBackend.rules:
        command += ["--backend", backend.value]
    if split != "validation":
        command += ["--split", split]
    target = out_dir or Path(tempfile.mkdtemp(prefix="anamnesis-eval-report-"))
    try:
        with err.status(f"evaluating: pipeline ({backend.value}) over the evaluation dialogues..."):
            result = run_eval(
                gold_dir, mts_dir, split=split, dev_dir=dev_dir, blind_dir=blind_dir, home=keep_home, llm=backend.value
            )
        if note:
            result.mts_note = note
        report, chart = write_report(result, target, command=shlex.join(command))
    except (BackfillFailed, FileNotFoundError, ValueError, OSError) as exc:
        _fail(str(exc))
    if note:
        err.print(f"anamnesis: note: {note}", markup=False, highlight=False)
    for line in summary_lines(result):
        typer.echo(line)
    typer.echo(f"wrote {report} and {chart}")
    if check and not result.passed:
        raise typer.Exit(1)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
