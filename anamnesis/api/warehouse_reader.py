"""Read-only access to the warehouse that follows its atomic rebuilds.

The backfill replaces ``warehouse.duckdb`` by renaming a new file over it. Each open file is
one *generation*: a request takes the newest generation when it starts and reads everything
from it, so a request never sees a mix of old and new state. A generation that a newer file
replaced is closed once the last request reading it is done (closing a DuckDB connection
closes every cursor made from it, so it must not happen under a running query).

Each generation is its own in-memory DuckDB database with the file attached read-only
(:func:`anamnesis.storage.warehouse.connect`): ``duckdb.connect(path)`` would hand back the
instance already open for that path, i.e. the replaced, deleted file, for as long as any old
connection lives. A watcher thread (:meth:`WarehouseReader.watch`) also looks at the file every
second, so an idle server lets go of a replaced or erased warehouse too.

A user's current facts are cached per generation (least recently used users are dropped); the
facts of the most recent writers are loaded in one query when the server starts and again,
in the background, when a new warehouse replaces the old one.
``decayed`` depends on the clock, so a cached entry lives only until the first of its facts
could turn decayed, a day early to be safe: a cached answer is always what the query would
return now.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

import duckdb
import orjson

from anamnesis.api.warehouse_generation import Generation, Memo, copies
from anamnesis.facts.queries import current_facts, recent_users_facts

EVENT_COLUMNS = (
    "event_id", "fact_id", "section", "entity", "change_type", "status", "attributes",
    "valid_from", "recorded_at", "source_message_id", "extractor_version", "source", "source_ref",
)
#: Who made a clarification or review event and why (CONTRACT §7.2: every read shows it).
HISTORY_SQL = f"""
select {', '.join(f'e.{c}' for c in EVENT_COLUMNS)},
       coalesce(c.reviewer, r.reviewer, r.source) as changed_by, coalesce(c.note, r.note) as note
from fact_events e
left join corrections c on e.source = 'review' and c.correction_id = e.source_ref and c.user_id = e.user_id
left join resolutions r on e.source = 'clarification' and r.resolution_id = e.source_ref and r.user_id = e.user_id
where e.user_id = ? and e.fact_id = ?
order by e.valid_from, e.recorded_at, e.event_id
"""
T = TypeVar("T")
#: Users whose facts each generation keeps in memory (about 35 KiB each at 30 facts a user).
FACTS_CACHE_USERS = 2048
#: How long before the earliest moment a cached fact could decay its entry is dropped.
DECAY_MARGIN = timedelta(days=1)
log = logging.getLogger(__name__)
#: Seconds between two looks of the watcher at the warehouse file (CONTRACT §7.1 allows 5).
WATCH_INTERVAL_S = 1.0


class WarehouseView:
    """The reads of one request, all from one warehouse generation (``None``: none built yet).

    A request that takes one view looks at the file once and can never see two generations.
    """

    __slots__ = ("_reader", "_gen")

    def __init__(self, reader: WarehouseReader, gen: Generation | None) -> None:
        self._reader = reader
        self._gen = gen

    def facts(self, user_id: str, *, section: str | None = None, status: str | None = None) -> list[dict[str, Any]]:
        """The user's current facts (as ``current_facts``), by section then entity."""
        gen = self._gen
        if gen is None:
            return []
        facts = self._reader._hit(gen, user_id)
        if facts is None:
            facts = self._reader._load(gen, user_id)
        return copies(facts, section, status)

    def cached_facts(self, user_id: str, *, shared: bool = False) -> list[dict[str, Any]] | None:
        """The user's current facts if this warehouse's cache holds them, else None (no query).

        ``shared``: the cache's own list, not a copy, for a caller that only reads it (the
        context block: copying a user's ~30 facts cost a tenth of its CPU time).
        """
        if self._gen is None:
            return []
        facts = self._reader._hit(self._gen, user_id)
        if facts is None or shared:
            return facts
        return copies(facts, None, None)

    def read(self, query: Callable[[duckdb.DuckDBPyConnection], T], default: T) -> T:
        """``query`` run on a cursor of this warehouse, or ``default`` if none was built."""
        if self._gen is None:
            return default
        cur = self._gen.cursor()
        try:
            return query(cur)
        finally:
            cur.close()

    def memo(self, memo: Memo) -> Any:
        """``memo``'s value on this warehouse, computed once per warehouse file."""
        gen = self._gen
        if gen is None:
            return memo.default
        with self._reader._lock:
            if memo.name in gen.memos:
                return gen.memos[memo.name]
        value = self.read(memo.query, memo.default)
        with self._reader._lock:
            return gen.memos.setdefault(memo.name, value)

    def has_memo(self, memo: Memo) -> bool:
        """Whether ``memo`` is computed already (reading it then costs no query)."""
        return self._gen is None or memo.name in self._gen.memos


class WarehouseReader:
    """The newest warehouse file, followed across rebuilds; one :class:`WarehouseView` per read.

    ``prefetch_memos`` are computed when a warehouse is prefetched (at start, and in the
    background after a rebuild), so a request rarely pays for them.
    """

    def __init__(
        self,
        path: Path,
        *,
        cache_users: int = FACTS_CACHE_USERS,
        prefetch_users: int = 0,
        prefetch_memos: tuple[Memo, ...] = (),
    ) -> None:
        self.path = path
        self.cache_users = cache_users
        self.prefetch_users = min(prefetch_users, cache_users)
        self.prefetch_memos = prefetch_memos
        self._lock = threading.Lock()
        self._current: Generation | None = None
        self._prefetching = False  # one background prefetch at a time, always of the newest
        #: Read by ``/metrics`` (plain ints: a lost increment under a race costs nothing).
        self.cache_hits = 0
        self.cache_misses = 0
        self.generations_opened = 0
        self._stop = threading.Event()
        self._watcher: threading.Thread | None = None

    def _inode(self) -> tuple[int, int] | None:
        """(device, inode) of the file now at ``path``, None if there is none.

        Looked at without ``self._lock``: the system call releases the GIL, and other requests
        waited for the lock meanwhile.
        """
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return None
        return (st.st_dev, st.st_ino)

    def _newest(self, inode: tuple[int, int] | None) -> Generation | None:
        """The generation of the file now at ``path`` (opened if new); older ones are retired.

        Called with ``self._lock`` held. ``inode`` was looked at before the lock was taken: when
        it is not the current generation's, the file is looked at again (another request may
        have opened the new file meanwhile, and a stale look must not reopen the old one).
        """
        if inode is None or self._current is None or self._current.inode != inode:
            inode = self._inode()
        if inode is None:
            self._retire(self._current)
            self._current = None
            return None
        gen = self._current
        if gen is None or gen.inode != inode:
            old, gen = gen, Generation(self.path, inode)
            self._current = gen
            self.generations_opened += 1
            if old is not None:
                self._retire(old)
                if (self.prefetch_users > 0 or self.prefetch_memos) and not self._prefetching:  # replaced
                    self._prefetching = True
                    threading.Thread(target=self._prefetch_newest, name="warehouse-prefetch", daemon=True).start()
        return gen

    @staticmethod
    def _retire(gen: Generation | None) -> None:
        """Mark ``gen`` replaced; closed now if no request reads it, else by its last reader."""
        if gen is not None and not gen.retired:
            gen.retired = True
            if gen.readers == 0:
                gen.con.close()

    @contextmanager
    def _generation(self) -> Iterator[Generation | None]:
        """The newest warehouse for the duration of one read, or None if none was built yet."""
        inode = self._inode()
        with self._lock:
            gen = self._newest(inode)
            if gen is not None:
                gen.readers += 1
        if gen is None:
            yield None
            return
        try:
            yield gen
        finally:
            with self._lock:
                gen.readers -= 1
                if gen.retired and gen.readers == 0:
                    gen.con.close()

    def refresh(self) -> None:
        """Follow the file now: open a new warehouse, let go of a replaced or deleted one."""
        inode = self._inode()
        with self._lock:
            self._newest(inode)

    def watch(self, interval: float = WATCH_INTERVAL_S) -> None:
        """Look at the file every ``interval`` seconds in a daemon thread, until :meth:`close`."""
        if self._watcher is not None:
            return

        def run() -> None:
            while not self._stop.wait(interval):
                try:
                    self.refresh()
                except Exception:  # noqa: BLE001 - a half-written file now is read again next time
                    log.warning("could not open the new warehouse; retrying", exc_info=True)

        self._watcher = threading.Thread(target=run, name="warehouse-watch", daemon=True)
        self._watcher.start()

    @contextmanager
    def view(self) -> Iterator[WarehouseView]:
        """The newest warehouse for every read of one request."""
        with self._generation() as gen:
            yield WarehouseView(self, gen)

    def facts(self, user_id: str, *, section: str | None = None, status: str | None = None) -> list[dict[str, Any]]:
        """The user's current facts (as ``current_facts``), by section then entity."""
        with self.view() as view:
            return view.facts(user_id, section=section, status=status)

    def cached_facts(self, user_id: str) -> list[dict[str, Any]] | None:
        """The user's current facts if the newest warehouse's cache holds them, else None (no query)."""
        with self.view() as view:
            return view.cached_facts(user_id)

    def _hit(self, gen: Generation, user_id: str) -> list[dict[str, Any]] | None:
        now = datetime.now(UTC)  # compared with aware times: the zone it is in changes nothing
        with self._lock:
            hit = gen.facts.get(user_id)
            if hit is not None and (hit[0] is None or now < hit[0]):
                gen.facts.move_to_end(user_id)
                self.cache_hits += 1
                return hit[1]
        return None

    def _load(self, gen: Generation, user_id: str) -> list[dict[str, Any]]:
        self.cache_misses += 1
        cur = gen.cursor()
        try:
            facts = current_facts(cur, user_id)
        finally:
            cur.close()
        self._keep(gen, {user_id: facts})
        return facts

    def _keep(self, gen: Generation, facts_by_user: dict[str, list[dict[str, Any]]]) -> None:
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
        gen: Generation | None = None
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

    def _prefetch(self, gen: Generation) -> list[str]:
        view = WarehouseView(self, gen)
        for memo in self.prefetch_memos:
            try:
                view.memo(memo)
            except duckdb.Error:  # closed under us (replaced again): the next request computes it
                return []
        if gen.retention is None or self.prefetch_users <= 0:
            return []
        cur = gen.cursor()
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
            cur = gen.cursor()
            try:
                rows = cur.execute(HISTORY_SQL, [user_id, fact_id]).fetchall()
            finally:
                cur.close()
        events = []
        for row in rows:
            event = dict(zip((*EVENT_COLUMNS, "changed_by", "note"), row, strict=True))
            if isinstance(event["attributes"], str):
                event["attributes"] = orjson.loads(event["attributes"])
            event["valid_from"] = event["valid_from"].isoformat()
            event["recorded_at"] = event["recorded_at"].isoformat()
            events.append(event)
        return events

    def read(self, query: Callable[[duckdb.DuckDBPyConnection], T], default: T) -> T:
        """``query`` run on a cursor of the newest warehouse, or ``default`` if none was built."""
        with self.view() as view:
            return view.read(query, default)

    def memo(self, memo: Memo) -> Any:
        """``memo``'s value on the newest warehouse, computed once per warehouse file."""
        with self.view() as view:
            return view.memo(memo)

    def close(self) -> None:
        self._stop.set()
        if self._watcher is not None:
            self._watcher.join(timeout=5)
            self._watcher = None
        with self._lock:
            self._retire(self._current)
            self._current = None

    @contextmanager
    def cursor(self) -> Iterator[duckdb.DuckDBPyConnection | None]:
        """A cursor on the newest warehouse for one read (None before the first build).

        For readers of other relations (measurements, conflicts): the read sees one generation.
        """
        with self._generation() as gen:
            if gen is None:
                yield None
                return
            cur = gen.cursor()
            try:
                yield cur
            finally:
                cur.close()
