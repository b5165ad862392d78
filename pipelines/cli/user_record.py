"""One user's record read out of the warehouse: ``plot``, ``facts`` and ``timeline``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import orjson
import typer
from rich.table import Table

from anamnesis.config import load_settings
from pipelines.cli.errors import one_line_errors
from pipelines.cli.homes import on_home
from pipelines.cli.options import HomeOpt, JsonOpt, UserIdArg
from pipelines.cli.output import err, fail, out


@one_line_errors
@on_home(writes=False)
def plot(
    user_id: UserIdArg,
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
        fail(f"unknown test {test!r}")
    try:
        settings = load_settings(home)
        con = connect(settings.warehouse_path)
        try:
            rows = user_measurements(con, user_id, [t.test for t in known])
        finally:
            con.close()
        drawn = plot_series(known, rows, out_file, title="blood pressure" if pressure else known[0].test)
    except (FileNotFoundError, ValueError, OSError) as exc:
        fail(str(exc))
    err.print(f"{drawn} readings drawn into {out_file}", markup=False, highlight=False)


@one_line_errors
@on_home(writes=False)
def facts(
    user_id: UserIdArg,
    home: HomeOpt = None,
    section: Annotated[str | None, typer.Option("--section", help="Only this section.")] = None,
    as_json: JsonOpt = False,
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


@one_line_errors
@on_home(writes=False)
def timeline(
    user_id: UserIdArg,
    home: HomeOpt = None,
    fmt: Annotated[str, typer.Option("--format", help="md, csv or json.")] = "md",
) -> None:
    """Export one patient's whole history, oldest first (every fact event)."""
    from anamnesis.facts.timeline import FORMATS, render
    from anamnesis.facts.timeline import timeline as read_timeline
    from anamnesis.storage.warehouse import connect

    if fmt not in FORMATS:
        fail(f"--format must be one of {', '.join(FORMATS)}, not {fmt!r}")
    try:
        con = connect(load_settings(home).warehouse_path)
        try:
            events = read_timeline(con, user_id)
        finally:
            con.close()
    except (FileNotFoundError, ValueError) as exc:
        fail(str(exc))
    sys.stdout.write(render(user_id, events, fmt))
