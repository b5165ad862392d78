"""Conflict review from the command line: ``conflicts`` lists them, ``resolve`` records a clarification."""

from __future__ import annotations

import sys
from typing import Annotated

import orjson
import typer
from rich.table import Table

from anamnesis.config import load_settings
from pipelines.cli.errors import one_line_errors
from pipelines.cli.homes import on_home
from pipelines.cli.options import HomeOpt, JsonOpt
from pipelines.cli.output import err, fail, out


@one_line_errors
@on_home(writes=False)
def conflicts(
    user_id: Annotated[str | None, typer.Argument(help="Only this user's conflicts (default: every user's).")] = None,
    home: HomeOpt = None,
    status: Annotated[str | None, typer.Option("--status", help="open or resolved.")] = None,
    as_json: JsonOpt = False,
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
        fail(str(exc))
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
            fail(f"no conflict {conflict_id!r}")
        resolve_conflict(settings, found["user_id"], conflict_id, outcome=outcome, source=source, note=note)
    except (ReviewError, FileNotFoundError, OSError) as exc:
        fail(str(exc))
    err.print(f"resolved {conflict_id}: {outcome}", markup=False, highlight=False)
