"""Reading one user's measurements from the warehouse, and the tests a question is about.

Every query is bound to one ``user_id``. A question names tests ("my HbA1c") or organs and
panels ("liver", "血脂"): an organ brings every test of it in the catalogue, a panel row (a test
with no unit, like "liver function tests") brings the tests of its first organ.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import duckdb

from anamnesis.measurements.catalog import Catalog, load_catalog

COLUMNS = (
    "measurement_id", "test", "code", "value", "unit", "flag", "flag_source", "original_value",
    "original_unit", "reference_low", "reference_high", "mention", "dated", "valid_from",
    "recorded_at", "source_message_id", "extractor_version",
)  # fmt: skip


def tests_for_query(query: str, catalog: Catalog | None = None) -> list[str]:
    """The tests a question concerns, in the catalogue's order; empty when it concerns none."""
    catalog = catalog or load_catalog()
    wanted: list[str] = []
    for _, _, name in catalog.find(query):
        test = catalog.tests[name]
        # a panel (no unit of its own) stands for the tests of its first organ, itself included
        if test.unit is None and test.organs:
            wanted.extend(catalog.tests_of(test.organs[0]))
        else:  # "glucose" also means "fasting glucose" and "postprandial glucose"
            wanted.extend(catalog.kinds[name])
    for organ in catalog.organs_in(query):
        wanted.extend(catalog.tests_of(organ))
    return list(dict.fromkeys(wanted))


ORDER = "valid_from, source_message_id, measurement_id"


def user_measurements(
    con: duckdb.DuckDBPyConnection, user_id: str, tests: Sequence[str] | None = None
) -> list[dict[str, Any]]:
    """The user's readings (of ``tests`` if given), oldest first, as JSON-ready dicts."""
    sql = f"select {', '.join(COLUMNS)} from measurements where user_id = ?"
    params: list[Any] = [user_id]
    if tests is not None:
        sql += " and list_contains(?, test)"
        params.append(list(tests))
    return [_reading(row) for row in con.execute(f"{sql} order by {ORDER}", params).fetchall()]


def measurements_by_user(con: duckdb.DuckDBPyConnection) -> dict[str, list[dict[str, Any]]]:
    """Every reading, by user, each user's oldest first (as :func:`user_measurements`).

    For the read path's per-warehouse memo: a few readings per user (3,707 for the 2,000 users
    of the 200,000-message benchmark), cheaper held than queried on every question.
    """
    by_user: dict[str, list[dict[str, Any]]] = {}
    rows = con.execute(f"select user_id, {', '.join(COLUMNS)} from measurements order by user_id, {ORDER}")
    for user_id, *row in rows.fetchall():
        by_user.setdefault(user_id, []).append(_reading(row))
    return by_user


def _reading(row: Sequence[Any]) -> dict[str, Any]:
    item = dict(zip(COLUMNS, row, strict=True))
    item["valid_from"] = item["valid_from"].isoformat()
    item["recorded_at"] = item["recorded_at"].isoformat()
    return item
