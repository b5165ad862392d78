"""One patient's history in message-time order, for export (``anamnesis timeline``).

Every row of ``fact_events`` of one user, oldest first, as Markdown (for a clinician to read),
CSV (for a spreadsheet) or JSON (for a program). Only that user's rows are read.
"""

from __future__ import annotations

import csv
import io
from typing import Any

import duckdb
import orjson

FORMATS = ("md", "csv", "json")
COLUMNS = ("valid_from", "section", "entity", "change_type", "status", "attributes", "source_message_id", "fact_id")


def timeline(con: duckdb.DuckDBPyConnection, user_id: str) -> list[dict[str, Any]]:
    """The user's fact events, oldest first (ties in a stable order)."""
    rows = con.execute(
        f"select {', '.join(COLUMNS)} from fact_events where user_id = ? "
        "order by valid_from, recorded_at, section, entity, event_id",
        [user_id],
    ).fetchall()
    events = []
    for row in rows:
        event = dict(zip(COLUMNS, row, strict=True))
        event["valid_from"] = event["valid_from"].isoformat()
        event["section"], event["change_type"], event["status"] = (
            str(event["section"]), str(event["change_type"]), str(event["status"]))
        attributes = event["attributes"]
        event["attributes"] = orjson.loads(attributes) if isinstance(attributes, str) else attributes
        events.append(event)
    return events


def render(user_id: str, events: list[dict[str, Any]], fmt: str) -> str:
    """``events`` as ``md``, ``csv`` or ``json`` text."""
    if fmt == "json":
        return orjson.dumps({"user_id": user_id, "events": events}, option=orjson.OPT_INDENT_2).decode() + "\n"
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(COLUMNS)
        for e in events:
            writer.writerow([orjson.dumps(e[c], option=orjson.OPT_SORT_KEYS).decode() if c == "attributes" else e[c]
                             for c in COLUMNS])
        return out.getvalue()
    if fmt != "md":
        raise ValueError(f"format must be one of {', '.join(FORMATS)}, not {fmt!r}")
    lines = [f"# Timeline of {_md(user_id)}", "", "| when | section | entity | change | status | details |",
             "|---|---|---|---|---|---|"]
    for e in events:
        details = ", ".join(f"{k}: {v}" for k, v in sorted(e["attributes"].items()) if k != "codes")
        lines.append(f"| {e['valid_from'][:16].replace('T', ' ')} | {e['section']} | {_md(e['entity'])} | "
                     f"{e['change_type']} | {e['status']} | {_md(details)} |")
    if not events:
        lines.append("| | | | | | no recorded facts |")
    return "\n".join(lines) + "\n"


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")
