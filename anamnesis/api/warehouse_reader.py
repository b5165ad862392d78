"""Read-only access to the warehouse that follows its atomic rebuilds.

The backfill replaces ``warehouse.duckdb`` by renaming a new file over it. Each open file is
one *generation*: a request takes the newest generation when it starts and reads everything
from it, so a request never sees a mix of old and new state. A generation that a newer file
replaced is closed once the last request reading it is done (closing a DuckDB connection
closes every cursor made from it, so it must not happen under a running query).

A user's current facts are cached per generation (least recently used users are dropped); the
facts of the most recent writers are loaded in one query when the server starts and again,
in the background, when a new warehouse replaces the old one.
``decayed`` depends on the clock, so a cached entry lives only until the first of its facts
could turn decayed, a day early to be safe: a cached answer is always what the query would
return now.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import duckdb
import orjson

from anamnesis.facts.queries import current_facts, recent_users_facts

EVENT_COLUMNS = (
    "event_id", "fact_id", "section", "entity", "change_type", "status", "attributes",
    "valid_from", "recorded_at", "source_message_id", "extractor_version",
)
#: Users whose facts each generation keeps in memory (about 35 KiB each at 30 facts a user).
FACTS_CACHE_USERS = 2048
#: How long before the earliest moment a cached fact could decay its entry is dropped.
DECAY_MARGIN = timedelta(days=1)


class _Generation:
    """One warehouse file, opened read-only, with the requests reading it counted."""

    def __init__(self, path: Path, inode: tuple[int, int]) -> None:
        self.inode = inode
        self.con = duckdb.connect(str(path), read_only=True)
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


def _copies(facts: list[dict[str, Any]], section: str | None, status: str | None) -> list[dict[str, Any]]:
    """The facts of ``section`` / ``status`` as copies: a caller may change them, never the cache."""
    return [
        {**f, "attributes": dict(f["attributes"]) if isinstance(f["attributes"], dict) else f["attributes"]}
        for f in facts
        if (section is None or f["section"] == section) and (status is None or f["status"] == status)
    ]


class WarehouseReader:
    def __init__(self, path: Path, *, cache_users: int = FACTS_CACHE_USERS, prefetch_users: int = 0) -> None:
        self.path = path
        self.cache_users = cache_users
        self.prefetch_users = min(prefetch_users, cache_users)
        self._lock = threading.Lock()
        self._current: _Generation | None = None
        self._prefetching = False  # one background prefetch at a time, always of the newest

    @contextmanager
    def _generation(self) -> Iterator[_Generation | None]:
        """The newest warehouse for the duration of one read, or None if none was built yet."""
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            yield None
            return
        inode = (st.st_dev, st.st_ino)
        with self._lock:
            gen = self._current
            if gen is None or gen.inode != inode:
                old, gen = gen, _Generation(self.path, inode)
                self._current = gen
                if old is not None:
                    old.retired = True
                    if old.readers == 0:
                        old.con.close()
                    if self.prefetch_users > 0 and not self._prefetching:  # a backfill replaced it
                        self._prefetching = True
                        threading.Thread(target=self._prefetch_newest, name="warehouse-prefetch", daemon=True).start()
            gen.readers += 1
        try:
            yield gen
        finally:
            with self._lock:
                gen.readers -= 1
                if gen.retired and gen.readers == 0:
                    gen.con.close()

    def facts(self, user_id: str, *, section: str | None = None, status: str | None = None) -> list[dict[str, Any]]:
        """The user's current facts (as ``current_facts``), by section then entity."""
        with self._generation() as gen:
            if gen is None:
                return []
            facts = self._hit(gen, user_id)
            if facts is None:
                facts = self._load(gen, user_id)
        return _copies(facts, section, status)

    def cached_facts(self, user_id: str) -> list[dict[str, Any]] | None:
        """The user's current facts if the newest warehouse's cache holds them, else None (no query)."""
        with self._generation() as gen:
            if gen is None:
                return []
            facts = self._hit(gen, user_id)
        return None if facts is None else _copies(facts, None, None)

    def _hit(self, gen: _Generation, user_id: str) -> list[dict[str, Any]] | None:
        now = datetime.now().astimezone()
        with self._lock:
            hit = gen.facts.get(user_id)
            if hit is not None and (hit[0] is None or now < hit[0]):
                gen.facts.move_to_end(user_id)
                return hit[1]
        return None

    def _load(self, gen: _Generation, user_id: str) -> list[dict[str, Any]]:
        cur = gen.con.cursor()
        try:
            facts = current_facts(cur, user_id)
        finally:
            cur.close()
        self._keep(gen, {user_id: facts})
        return facts

    def _keep(self, gen: _Generation, facts_by_user: dict[str, list[dict[str, Any]]]) -> None:
        if gen.retention is None or self.cache_users <= 0:
            return
        entries = [(user_id, (self._expiry(gen.retention, facts), facts)) for user_id, facts in facts_by_user.items()]
        with self._lock:
            for user_id, entry in entries:
                gen.facts[user_id] = entry
                gen.facts.move_to_end(user_id)
            while len(gen.facts) > self.cache_users:
                gen.facts.popitem(last=False)

    def prefetch(self) -> list[str]:
        """Cache the facts of the ``prefetch_users`` most recent writers in one query.

        Returns their ids, most recent first. A warehouse that replaces this one while the
        server runs is prefetched in the background the same way.
        """
        with self._generation() as gen:
            return [] if gen is None else self._prefetch(gen)

    def _prefetch_newest(self) -> None:
        """Prefetch in the background until the newest warehouse is the one prefetched."""
        gen: _Generation | None = None
        try:
            while True:
                with self._generation() as gen:
                    if gen is not None:
                        self._prefetch(gen)
                with self._lock:
                    if gen is None or self._current is gen:
                        self._prefetching = False
                        return
        except BaseException:
            with self._lock:
                self._prefetching = False
            raise

    def _prefetch(self, gen: _Generation) -> list[str]:
        if gen.retention is None or self.prefetch_users <= 0:
            return []
        cur = gen.con.cursor()
        try:
            by_user = recent_users_facts(cur, users=self.prefetch_users)
        except duckdb.Error:  # closed under us (replaced again) or an older warehouse: no harm
            return []
        finally:
            cur.close()
        self._keep(gen, dict(reversed(by_user.items())))  # the most recent end up the freshest
        return list(by_user)

    @staticmethod
    def _expiry(retention: dict[str, int | None], facts: list[dict[str, Any]]) -> datetime | None:
        """When the first of ``facts`` not yet decayed could become decayed (None: never)."""
        soonest: datetime | None = None
        for fact in facts:
            days = retention.get(fact["section"])
            if days is None or fact["decayed"]:
                continue
            flips = datetime.fromisoformat(fact["last_seen"]) + timedelta(days=days) - DECAY_MARGIN
            if soonest is None or flips < soonest:
                soonest = flips
        return soonest

    def history(self, user_id: str, fact_id: str) -> list[dict[str, Any]]:
        """The fact's events, oldest first; empty unless the fact belongs to ``user_id``."""
        with self._generation() as gen:
            if gen is None:
                return []
            cur = gen.con.cursor()
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
            if isinstance(event["attributes"], str):
                event["attributes"] = orjson.loads(event["attributes"])
            event["valid_from"] = event["valid_from"].isoformat()
            event["recorded_at"] = event["recorded_at"].isoformat()
            events.append(event)
        return events

    def close(self) -> None:
        with self._lock:
            gen, self._current = self._current, None
            if gen is not None:
                gen.retired = True
                if gen.readers == 0:
                    gen.con.close()

    @contextmanager
    def cursor(self) -> Iterator[duckdb.DuckDBPyConnection | None]:
        """A cursor on the newest warehouse for one read (None before the first build).

        For readers of other relations (measurements, conflicts): the read sees one generation.
        """
        with self._generation() as gen:
            if gen is None:
                yield None
                return
            cur = gen.con.cursor()
            try:
                yield cur
            finally:
                cur.close()
