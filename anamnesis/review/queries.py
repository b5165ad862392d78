"""Reading conflicts and review details from the warehouse, always for one user.

The API, the CLI and the review page use these; every query is bound to the one ``user_id`` it
is given (the CLI alone may list every user's conflicts, on the operator's machine).
"""

from __future__ import annotations

from typing import Any

import duckdb
import orjson

from anamnesis.memory.texts import LABELS, NOTHING
from schemas.sections import CONFIRMED_ABSENT, PRESENT_STATUS, SECTION_WIDE

CONFLICT_COLUMNS = (
    "conflict_id",
    "user_id",
    "section",
    "entity",
    "fact_id",
    "source_message_id",
    "conflicting_message_id",
    "detected_at",
    "reason",
    "status",
    "resolved_at",
    "resolution",
    "earlier_status",
    "later_status",
    "later_entity",
    "earlier_valid_from",
    "later_valid_from",
)
TIME_COLUMNS = ("detected_at", "resolved_at", "earlier_valid_from", "later_valid_from")
CONFLICT_STATUSES = ("open", "resolved")


def _conflict(row: tuple[Any, ...]) -> dict[str, Any]:
    conflict = dict(zip(CONFLICT_COLUMNS, row, strict=True))
    for key in TIME_COLUMNS:
        if conflict[key] is not None:
            conflict[key] = conflict[key].isoformat()
    conflict["question"] = describe(conflict)
    return conflict


def conflicts(
    con: duckdb.DuckDBPyConnection, user_id: str | None, *, status: str | None = None
) -> list[dict[str, Any]]:
    """The conflicts of ``user_id`` (every user's if None), oldest first."""
    if status is not None and status not in CONFLICT_STATUSES:
        raise ValueError(f"unknown conflict status {status!r}; one of {', '.join(CONFLICT_STATUSES)}")
    sql = f"select {', '.join(CONFLICT_COLUMNS)} from conflicts where true"
    params: list[Any] = []
    if user_id is not None:
        sql += " and user_id = ?"
        params.append(user_id)
    if status is not None:
        sql += " and status = ?"
        params.append(status)
    rows = con.execute(sql + " order by user_id, later_valid_from, section, entity, conflict_id", params).fetchall()
    return [_conflict(r) for r in rows]


def open_conflicts_by_user(con: duckdb.DuckDBPyConnection) -> dict[str, list[dict[str, Any]]]:
    """Every open conflict, by user: few enough to keep in memory for the read path."""
    by_user: dict[str, list[dict[str, Any]]] = {}
    for conflict in conflicts(con, None, status="open"):
        by_user.setdefault(conflict["user_id"], []).append(conflict)
    return by_user


def find_conflict(con: duckdb.DuckDBPyConnection, conflict_id: str) -> dict[str, Any] | None:
    """One conflict by id (the caller checks whose it is)."""
    row = con.execute(f"select {', '.join(CONFLICT_COLUMNS)} from conflicts where conflict_id = ?", [conflict_id])
    found = row.fetchone()
    return None if found is None else _conflict(found)


def find_fact(con: duckdb.DuckDBPyConnection, user_id: str, fact_id: str) -> dict[str, Any] | None:
    """One current fact of ``user_id`` (section, entity, status, attributes), or None."""
    row = con.execute(
        "select fact_id, section, entity, status, attributes from facts_current where user_id = ? and fact_id = ?",
        [user_id, fact_id],
    ).fetchone()
    if row is None:
        return None
    return {
        "fact_id": row[0],
        "section": row[1],
        "entity": row[2],
        "status": row[3],
        "attributes": orjson.loads(row[4]),
    }


def statement(section: str, entity: str, status: str) -> str:
    """What one side of a conflict says, in a few words ("Allergy: penicillin", "No known allergies")."""
    if entity == SECTION_WIDE:
        return NOTHING[section] if status == CONFIRMED_ABSENT else f"{LABELS[section]}: something on record"
    if status == CONFIRMED_ABSENT:
        return f"{LABELS[section]}: not {entity}"
    if status == PRESENT_STATUS[section]:
        return f"{LABELS[section]}: {entity}"
    return f"{LABELS[section]}: {entity} {status}"


def describe(conflict: dict[str, Any]) -> str:
    """The conflict as the context block states it: both statements, dated, and what to do."""
    earlier = statement(conflict["section"], conflict["entity"], conflict["earlier_status"])
    later = statement(conflict["section"], conflict["later_entity"], conflict["later_status"])
    return (
        f'Unclear: "{earlier}" ({str(conflict["earlier_valid_from"])[:10]}) vs "{later}" '
        f"({str(conflict['later_valid_from'])[:10]}): ask the user before relying on either"
    )


def message_texts(con: duckdb.DuckDBPyConnection, user_id: str, message_ids: list[str]) -> dict[str, dict[str, Any]]:
    """Text, role and time of some of ``user_id``'s messages (for the review page)."""
    if not message_ids:
        return {}
    rows = con.execute(
        "select message_id, text, ts from messages where user_id = ? and list_contains(?, message_id)",
        [user_id, sorted(set(message_ids))],
    ).fetchall()
    return {mid: {"text": text, "ts": ts.isoformat()} for mid, text, ts in rows}
