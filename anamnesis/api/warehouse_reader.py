"""Read-only access to the warehouse that follows its atomic rebuilds.

The backfill replaces ``warehouse.duckdb`` by renaming a new file over it. A reader holding
the old file keeps a consistent snapshot; the next request notices the new inode and opens
the new file, so a request never sees a mix of old and new state.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import duckdb
import orjson

from anamnesis.facts_query import current_facts

EVENT_COLUMNS = (
    "event_id", "fact_id", "section", "entity", "change_type", "status", "attributes",
    "valid_from", "recorded_at", "source_message_id", "extractor_version",
)


class WarehouseReader:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._con: duckdb.DuckDBPyConnection | None = None
        self._inode: tuple[int, int] | None = None

    def _cursor(self) -> duckdb.DuckDBPyConnection | None:
        """A cursor on the newest warehouse, or None if none was built yet."""
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return None
        with self._lock:
            if self._con is None or self._inode != (st.st_dev, st.st_ino):
                old = self._con
                self._con = duckdb.connect(str(self.path), read_only=True)
                self._inode = (st.st_dev, st.st_ino)
                if old is not None:
                    old.close()
            return self._con.cursor()

    def facts(self, user_id: str, *, section: str | None = None, status: str | None = None) -> list[dict[str, Any]]:
        cur = self._cursor()
        if cur is None:
            return []
        try:
            return current_facts(cur, user_id, section=section, status=status)
        finally:
            cur.close()

    def history(self, user_id: str, fact_id: str) -> list[dict[str, Any]]:
        """The fact's events, oldest first; empty unless the fact belongs to ``user_id``."""
        cur = self._cursor()
        if cur is None:
            return []
        try:
            rows = cur.execute(
                f"select {', '.join(EVENT_COLUMNS)} from fact_events where user_id = ? and fact_id = ? "
                "order by valid_from, recorded_at, event_id",
                [user_id, fact_id],
            ).fetchall()
        finally:
            cur.close()
        events = []
        for row in rows:
            event = dict(zip(EVENT_COLUMNS, row, strict=True))
            event["attributes"] = orjson.loads(event["attributes"]) if isinstance(event["attributes"], str) else event["attributes"]
            event["valid_from"] = event["valid_from"].isoformat()
            event["recorded_at"] = event["recorded_at"].isoformat()
            events.append(event)
        return events

    def close(self) -> None:
        with self._lock:
            if self._con is not None:
                self._con.close()
                self._con = None
