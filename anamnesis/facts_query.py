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
    rows = con.execute(sql + " order by section, entity", params).fetchall()
    facts = []
    for row in rows:
        fact = dict(zip(FACT_COLUMNS, row, strict=True))
        fact["attributes"] = (
            orjson.loads(fact["attributes"]) if isinstance(fact["attributes"], str) else fact["attributes"]
        )
        for key in ("valid_from", "first_seen", "last_seen"):
            fact[key] = fact[key].isoformat()
        facts.append(fact)
    return facts
