"""What a run leaves in a warehouse, without the run's own clock, to compare two homes."""

from __future__ import annotations

from pathlib import Path

import duckdb


def query(home: Path, sql: str, *params: object) -> list[tuple]:
    """The rows of one read-only query of ``home``'s warehouse."""
    con = duckdb.connect(str(home / "warehouse.duckdb"), read_only=True)
    try:
        return con.execute(sql, list(params)).fetchall()
    finally:
        con.close()


def warehouse_state(warehouse: Path) -> dict[str, object]:
    """Messages, quarantine, current facts and the fact history (``recorded_at`` left out)."""
    con = duckdb.connect(str(warehouse), read_only=True)
    try:
        return {
            "messages": sorted(con.execute("select user_id, message_id, ts, text from messages").fetchall()),
            "quarantine": sorted(
                con.execute("select parse_filename(source_file), line_no, reason from quarantine").fetchall()
            ),
            "facts": sorted(
                con.execute(
                    "select user_id, section, entity, status, attributes::varchar, valid_from, source_message_id "
                    "from facts_current"
                ).fetchall()
            ),
            "events": sorted(
                con.execute(
                    "select fact_id, change_type, status, attributes::varchar, valid_from, source_message_id "
                    "from fact_events"
                ).fetchall()
            ),
            "conflicts": sorted(con.execute("select fact_id, source_message_id, reason from conflicts").fetchall()),
        }
    finally:
        con.close()
