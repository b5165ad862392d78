"""One warehouse file as the API reads it: a *generation*, with what is kept per file.

Each generation is its own in-memory DuckDB database with the file attached read-only
(:func:`anamnesis.storage.warehouse.connect`), the requests reading it counted (it is closed
only once the last of them is done), its users' cached facts and its memos (values computed
once per file). :mod:`anamnesis.api.warehouse_reader` follows the newest one across rebuilds.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import duckdb

from anamnesis.storage.warehouse import WAREHOUSE_CATALOG, connect


@dataclass(frozen=True, slots=True)
class Memo:
    """A value computed once per warehouse file (every user's open conflicts, readings): its
    name, the query over a cursor that computes it, and what it is without a warehouse."""

    name: str
    query: Callable[[duckdb.DuckDBPyConnection], Any]
    default: Any


class Generation:
    """One warehouse file, opened read-only, with the requests reading it counted."""

    def __init__(self, path: Path, inode: tuple[int, int]) -> None:
        self.inode = inode
        self.con = connect(path)  # never a replaced file DuckDB still holds open in this process
        # A request reads one user's rows: worker threads only add hand-offs (measured 20% of a
        # facts query's CPU time); requests run side by side instead.
        self.con.execute("set threads = 1")
        self.readers = 0
        self.retired = False
        try:
            rows = self.con.execute("select section, retention_days from retention_policy").fetchall()
            self.retention: dict[str, int | None] | None = dict(rows)
        except duckdb.Error:  # a warehouse without the policy table: never cache
            self.retention = None
        self.facts: OrderedDict[str, tuple[datetime | None, list[dict[str, Any]]]] = OrderedDict()
        #: Values computed once per file (:meth:`WarehouseReader.memo`).
        self.memos: dict[str, Any] = {}

    def cursor(self) -> duckdb.DuckDBPyConnection:
        """A cursor reading this warehouse (a cursor starts in the in-memory catalog, not the attached one)."""
        cur = self.con.cursor()
        cur.execute(f"use {WAREHOUSE_CATALOG}")
        return cur


def copies(facts: list[dict[str, Any]], section: str | None, status: str | None) -> list[dict[str, Any]]:
    """The facts of ``section`` / ``status`` as copies: a caller may change them, never the cache."""
    return [
        {**f, "attributes": dict(f["attributes"]) if isinstance(f["attributes"], dict) else f["attributes"]}
        for f in facts
        if (section is None or f["section"] == section) and (status is None or f["status"] == status)
    ]
