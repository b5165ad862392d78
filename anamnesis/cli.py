"""The ``anamnesis`` command line (CONTRACT §5).

Every command exits 0 on success, or non-zero with one line on stderr saying why.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import orjson
import typer
from rich.console import Console
from rich.table import Table

from anamnesis.config import DEFAULT_HOME, load_settings

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Long-term medical memory for a chat assistant.")
err = Console(stderr=True)
out = Console()

HomeOpt = Annotated[
    Path | None, typer.Option("--home", help="Home directory (default $ANAMNESIS_HOME or ./.anamnesis).")
]


def _fail(message: str, code: int = 1) -> None:
    err.print(f"anamnesis: error: {message}", markup=False, highlight=False, soft_wrap=True)
    raise typer.Exit(code)


Command = TypeVar("Command", bound=Callable[..., Any])


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


@app.command()
@one_line_errors
def backfill(
    input_dir: Annotated[
        Path | None, typer.Option("--input", help="Directory of *.jsonl / *.jsonl.gz exports.")
    ] = None,
    home: HomeOpt = None,
) -> None:
    """Run the whole Dagster job over every export file; only new or changed files are read again."""
    from anamnesis.progress import RichProgress
    from anamnesis.sample_data import SAMPLE_EXPORTS
    from assets.resources import CallbackProgressResource
    from pipelines.run import run_backfill

    settings = load_settings(home)
    source = input_dir or SAMPLE_EXPORTS
    if not source.is_dir():
        _fail(f"input directory {source} does not exist")
    with RichProgress(err) as display:
        outcome = run_backfill(settings, source, progress=CallbackProgressResource.for_callback(display.update))
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
@one_line_errors
def facts(
    user_id: Annotated[str, typer.Argument(help="The user's id, exactly as in the exports.")],
    home: HomeOpt = None,
    section: Annotated[str | None, typer.Option("--section", help="Only this section.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Print one user's current facts."""
    from anamnesis.facts_query import current_facts
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
def forget(
    user_id: Annotated[str, typer.Argument(help="The user's id, exactly as in the exports.")],
    home: HomeOpt = None,
) -> None:
    """Erase every trace of one user from every store; a tombstone keeps later backfills from bringing them back."""
    from anamnesis.erasure import forget_user

    report = forget_user(load_settings(home), user_id)
    err.print(report.summary(), markup=False, highlight=False, soft_wrap=True)


@app.command()
@one_line_errors
def serve(
    home: HomeOpt = None,
    host: Annotated[str, typer.Option("--host")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535)] = 8000,
) -> None:
    """Serve the read API (CONTRACT §4); tokens from ANAMNESIS_API_TOKENS or config.toml."""
    import uvicorn

    from anamnesis.api.app import create_app

    settings = load_settings(home)
    if not settings.api_tokens:
        err.print("anamnesis: warning: no API tokens configured; every /v1 request will get 401", markup=False)
    application = create_app(settings)
    uvicorn.run(application, host=host, port=port, log_level="warning", access_log=False)


@app.command()
@one_line_errors
def synth(
    out_dir: Annotated[Path, typer.Option("--out", help="Directory to write export files into.")],
    users: Annotated[int, typer.Option("--users", min=1)] = 100,
    messages: Annotated[int, typer.Option("--messages", min=1)] = 10_000,
    days: Annotated[int, typer.Option("--days", min=1, help="Export days (one file each).")] = 10,
    seed: Annotated[int, typer.Option("--seed")] = 0,
) -> None:
    """Write synthetic multilingual exports for scale runs."""
    from rich.progress import Progress

    from anamnesis.synth import write_synthetic_exports

    with Progress(console=err, transient=True) as bar:
        task = bar.add_task("writing messages", total=messages)
        paths = write_synthetic_exports(
            out_dir,
            users=users,
            messages=messages,
            days=days,
            seed=seed,
            progress=lambda n: bar.update(task, completed=n),
        )
    err.print(f"wrote {messages} messages of {users} users in {len(paths)} files to {out_dir}")


_GOLD_HELP = "Gold dialogues (*.jsonl); default: the bundled eval/gold."
_MTS_HELP = "MTS-Dialog directory (validation.csv, train.csv); default: ../shared/data/mts-dialog if present."
_KEEP_HELP = "Build the eval's warehouse in this new directory and keep it (default: a temporary one)."


@app.command("eval")
@one_line_errors
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

    from anamnesis.evaluation.mts import SPLITS
    from anamnesis.evaluation.report import summary_lines, write_report
    from anamnesis.evaluation.run import DEFAULT_GOLD, DEFAULT_MTS, run_eval
    if split not in SPLITS:
        _fail(f"--split must be one of {', '.join(SPLITS)}, not {split!r}")
    gold_dir = gold or DEFAULT_GOLD
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
    with err.status("evaluating: pipeline over the gold dialogues and MTS-Dialog..."):
        result = run_eval(gold_dir, mts_dir, split=split, home=keep_home)
    if note:
        result.mts_note = note
    report, chart = write_report(result, out_dir, command=shlex.join(command))
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
