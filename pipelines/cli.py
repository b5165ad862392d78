"""The ``anamnesis`` command line (CONTRACT §5).

Every command exits 0 on success, or non-zero with one line on stderr saying why.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import orjson
import typer
from rich.console import Console
from rich.table import Table

from anamnesis.config import load_settings

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Long-term medical memory for a chat assistant.")
err = Console(stderr=True)
out = Console()

HomeOpt = Annotated[
    Path | None, typer.Option("--home", help="Home directory (default $ANAMNESIS_HOME or ./.anamnesis).")
]


def _fail(message: str, code: int = 1) -> None:
    err.print(f"anamnesis: error: {message}", markup=False, highlight=False, soft_wrap=True)
    raise typer.Exit(code)


@app.command()
def backfill(
    input_dir: Annotated[
        Path | None, typer.Option("--input", help="Directory of *.jsonl / *.jsonl.gz exports.")
    ] = None,
    home: HomeOpt = None,
) -> None:
    """Run the whole Dagster job over every export file; only new or changed files are read again."""
    from anamnesis.sample_data import SAMPLE_EXPORTS
    from assets.resources import CallbackProgressResource
    from pipelines.progress import RichProgress
    from pipelines.run import BackfillFailed, run_backfill

    try:
        settings = load_settings(home)
        source = input_dir or SAMPLE_EXPORTS
        if not source.is_dir():
            _fail(f"input directory {source} does not exist")
        with RichProgress(err) as display:
            outcome = run_backfill(settings, source, progress=CallbackProgressResource.for_callback(display.update))
    except (BackfillFailed, FileNotFoundError, ValueError, OSError) as exc:
        _fail(str(exc))
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


@app.command()
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
def facts(
    user_id: Annotated[str, typer.Argument(help="The user's id, exactly as in the exports.")],
    home: HomeOpt = None,
    section: Annotated[str | None, typer.Option("--section", help="Only this section.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Print one user's current facts."""
    from anamnesis.facts.queries import current_facts
    from anamnesis.storage.warehouse import connect

    try:
        settings = load_settings(home)
        con = connect(settings.warehouse_path)
        try:
            rows = current_facts(con, user_id, section=section)
        finally:
            con.close()
    except (FileNotFoundError, ValueError) as exc:
        _fail(str(exc))
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
def forget(
    user_id: Annotated[str, typer.Argument(help="The user's id, exactly as in the exports.")],
    home: HomeOpt = None,
) -> None:
    """Erase every trace of one user from every store; a tombstone keeps later backfills from bringing them back."""
    import sqlite3

    import duckdb
    import polars as pl

    from anamnesis.erasure.forget import forget_user

    try:
        report = forget_user(load_settings(home), user_id)
    except (ValueError, OSError, sqlite3.Error, duckdb.Error, pl.exceptions.PolarsError) as exc:
        _fail(str(exc))
    err.print(report.summary(), markup=False, highlight=False, soft_wrap=True)


@app.command()
def serve(
    home: HomeOpt = None,
    host: Annotated[str, typer.Option("--host")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535)] = 8000,
) -> None:
    """Serve the read API (CONTRACT §4); tokens from ANAMNESIS_API_TOKENS or config.toml."""
    import uvicorn

    from anamnesis.api.app import create_app

    try:
        settings = load_settings(home)
        if not settings.api_tokens:
            err.print("anamnesis: warning: no API tokens configured; every /v1 request will get 401", markup=False)
        application = create_app(settings)
    except (FileNotFoundError, ValueError) as exc:
        _fail(str(exc))
    uvicorn.run(application, host=host, port=port, log_level="warning", access_log=False)


_GOLD_HELP = "Gold dialogues (*.jsonl); default: the bundled gold set."
_MTS_HELP = "MTS-Dialog directory (validation.csv, train.csv); default: ../shared/data/mts-dialog if present."
_KEEP_HELP = "Build the eval's warehouse in this new directory and keep it (default: a temporary one)."


@app.command("eval")
def eval_command(
    gold: Annotated[Path | None, typer.Option("--gold", help=_GOLD_HELP)] = None,
    mts: Annotated[Path | None, typer.Option("--mts", help=_MTS_HELP)] = None,
    split: Annotated[str, typer.Option("--split", help="MTS-Dialog split: validation, train or both.")] = "validation",
    out_dir: Annotated[Path, typer.Option("--out", help="Where report.md and chart.png go.")] = Path("docs/eval"),
    keep_home: Annotated[Path | None, typer.Option("--keep-home", help=_KEEP_HELP)] = None,
    check: Annotated[bool, typer.Option("--check", help="Exit 1 when a figure is below its bar.")] = False,
) -> None:
    """Run the pipeline (rules backend) on labelled dialogues and MTS-Dialog; write report.md and chart.png."""
    import shlex

    from anamnesis.evaluation.datasets import bundled, default_mts
    from anamnesis.evaluation.mts import SPLITS
    from anamnesis.evaluation.report import summary_lines, write_report
    from pipelines.evaluate import run_eval
    from pipelines.run import BackfillFailed

    if split not in SPLITS:
        _fail(f"--split must be one of {', '.join(SPLITS)}, not {split!r}")
    gold_dir = gold or bundled("gold")
    DEFAULT_MTS = default_mts()
    if not gold_dir.is_dir() or not any(gold_dir.glob("*.jsonl")):
        _fail(f"no gold dialogues (*.jsonl) in {gold_dir}")
    mts_dir = mts
    note = ""
    if mts_dir is None:
        if (DEFAULT_MTS / "validation.csv").is_file():
            mts_dir = DEFAULT_MTS
        else:
            note = f"MTS-Dialog not found at {DEFAULT_MTS}; evaluated the gold set only"
    elif not mts_dir.is_dir():
        _fail(f"MTS-Dialog directory {mts_dir} does not exist")
    command = ["anamnesis", "eval"]
    for flag, value in (("--gold", gold), ("--mts", mts), ("--out", None if out_dir == Path("docs/eval") else out_dir)):
        if value is not None:
            command += [flag, str(value)]
    if split != "validation":
        command += ["--split", split]
    try:
        with err.status("evaluating: pipeline over the gold dialogues and MTS-Dialog..."):
            result = run_eval(gold_dir, mts_dir, split=split, home=keep_home)
        if note:
            result.mts_note = note
        report, chart = write_report(result, out_dir, command=shlex.join(command))
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
