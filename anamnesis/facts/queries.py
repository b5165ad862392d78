"""Reading one user's current facts from the warehouse (CLI ``facts``; the API reuses it)."""

from __future__ import annotations

from typing import Any

import duckdb
import orjson

from schemas.sections import SECTIONS

FACT_COLUMNS = (
    "fact_id",
    "section",
    "entity",
    "status",
    "attributes",
    "valid_from",
    "first_seen",
    "last_seen",
    "source_message_id",
    "decayed",
    "confidence",
)


def current_facts(
    con: duckdb.DuckDBPyConnection,
    user_id: str,
    *,
    section: str | None = None,
    status: str | None = None,
) -> list[dict[str, Any]]:
    """The user's facts from ``facts_current``, by section then entity; only this user's rows."""
    if section is not None and section not in SECTIONS:
        raise ValueError(f"unknown section {section!r}; one of {', '.join(SECTIONS)}")
    sql = f"select {', '.join(FACT_COLUMNS)} from facts_current where user_id = ?"
    params: list[Any] = [user_id]
    if section is not None:
        sql += " and section = ?"
        params.append(section)
    if status is not None:
        sql += " and status = ?"
        params.append(status)
    return [_fact(row) for row in con.execute(sql + " order by section, entity", params).fetchall()]


def recent_users_facts(con: duckdb.DuckDBPyConnection, *, users: int) -> dict[str, list[dict[str, Any]]]:
    """The current facts of the ``users`` users who wrote most recently, most recent first.

    Each user's list is what ``current_facts`` returns for them; one query loads a server's hot set.
    """
    rows = con.execute(
        f"""
        with recent as (
            select user_id, max(ts) as last_ts from messages group by user_id order by last_ts desc, user_id limit ?
        )
        select f.user_id, {', '.join(f"f.{c}" for c in FACT_COLUMNS)}
        from facts_current f join recent r using (user_id)
        order by r.last_ts desc, f.user_id, f.section, f.entity
        """,
        [users],
    ).fetchall()
    by_user: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_user.setdefault(row[0], []).append(_fact(row[1:]))
    return by_user


def _fact(row: tuple[Any, ...]) -> dict[str, Any]:
    fact = dict(zip(FACT_COLUMNS, row, strict=True))
    if isinstance(fact["attributes"], str):
        fact["attributes"] = orjson.loads(fact["attributes"])
    for key in ("valid_from", "first_seen", "last_seen"):
        fact[key] = fact[key].isoformat()
    return fact
