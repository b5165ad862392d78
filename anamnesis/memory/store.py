"""Every user's memory in a fixed number of LanceDB shard tables, searched one user at a time.

Isolation lives here and in ``shards``: a row carries the sha256 of its user's id, and the one
read (``_read``) asks the user's shard for the rows of that key only, through a typed predicate,
then checks every row it got; no id, whatever it contains, reaches a path or a query text. A
build changes each shard in one commit, so a reader sees a user's old rows or the new ones; old
versions are then deleted, and ``forget`` rewrites the user's shard without them, so nothing
removed lingers in a table's history or its data files.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Collection, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from itertools import groupby
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import polars as pl
import pyarrow as pa

from anamnesis.embeddings import Embedder
from anamnesis.erasure.ownership import user_key
from anamnesis.memory.build import BuildStats, rebuild
from anamnesis.memory.erase import forget_user
from anamnesis.memory.paths import TABLES_DIR
from anamnesis.memory.ranking import named_mask, scores, terminology_entities
from anamnesis.memory.shards import connect, one_user, shard_of, some_users
from anamnesis.memory.user_rows import ShardFiles, UserRows, split_by_user, version_key
from anamnesis.memory.vectors import Progress

if TYPE_CHECKING:
    import lancedb


@dataclass(frozen=True, slots=True)
class MemoryHit:
    fact_id: str
    section: str
    entity: str
    status: str
    valid_from: datetime
    source_message_id: str
    text: str
    score: float


class MemoryStore:
    """The memory shard tables under ``root`` (``<home>/memory``), with their embedding cache.

    ``recognise`` maps a query to the canonical entities it names (by default the bundled
    terminology: "二甲双胍" or "Glucophage" to ``metformin``); facts about them rank first.
    ``cache_rows`` > 0 keeps that many rows of recently searched users in memory (the API's
    store does; a build's does not need to).
    """

    def __init__(
        self,
        root: Path,
        embedder: Embedder,
        *,
        recognise: Callable[[str], Collection[str]] = terminology_entities,
        cache_rows: int = 0,
    ) -> None:
        self.root = root
        self.embedder = embedder
        self._recognise = recognise
        self.tables_dir = root / TABLES_DIR
        self._shard_files: dict[str, ShardFiles] = {}  # what tells each shard's version, by shard
        self._db: lancedb.DBConnection | None = None  # opened on first search
        # Open shard tables, each with the version key it was opened at (reopened when it changes).
        self._open: dict[str, tuple[tuple[object, ...] | None, lancedb.table.Table]] = {}
        # Searches keep up to ``cache_rows`` rows of the users they read (least recently used
        # go first), each valid while their shard's version files are unchanged.
        self._cache_rows = cache_rows
        self._cache: OrderedDict[str, UserRows] = OrderedDict()
        self._cached_rows = 0
        self._cache_lock = threading.Lock()

    # -- build ---------------------------------------------------------------------------
    def rebuild(
        self,
        fact_state: pl.DataFrame,
        *,
        summaries: pl.DataFrame | None = None,
        progress: Progress | None = None,
        only: pl.Series | None = None,
    ) -> BuildStats:
        """Bring every user's rows in line with ``fact_state`` and their session ``summaries``
        (``session_summaries`` of the lake); only changed users are rewritten.

        With ``only`` (user ids: a night's), the frames hold those users' rows alone and every
        other user is kept as last built, unread; it needs a built store (a manifest).
        """
        return rebuild(self.root, self.embedder, fact_state, summaries=summaries, progress=progress, only=only)

    # -- read ----------------------------------------------------------------------------
    def _read(self, shard: str, keys: Sequence[str], version: tuple[object, ...] | None) -> dict[str, pa.Table]:
        """The rows of each of ``keys`` (users of ``shard``) that has any, by key.

        The only read of a shard: a search reads its one user through it, the prefetch the
        wanted users of one shard in one query. Rows are handed out by the key they carry, so
        an entry never holds another user's rows, and a row of a key not asked for is an error.
        """
        where = one_user(keys[0]) if len(keys) == 1 else some_users(list(keys))
        for attempt in range(2):
            try:
                table = self._shard(shard, version if not attempt else None)
                if table is None:
                    return {}
                found = table.search().where(where).limit(None).to_arrow()
                break
            except (OSError, RuntimeError, ValueError):  # a version cleaned up under us: reopen
                self._open.pop(shard, None)
                if attempt:
                    raise
        by_user = split_by_user(found)
        if not by_user.keys() <= set(keys):
            raise RuntimeError("a memory read returned rows of another user")
        return by_user

    def _shard(self, name: str, version: tuple[object, ...] | None) -> lancedb.table.Table | None:
        """The shard table ``name``, opened again when its version on disk is not the one held."""
        held = self._open.get(name)
        if held is not None and version is not None and held[0] == version:
            return held[1]
        if self._db is None:
            self._db = connect(self.tables_dir)
        try:
            table = self._db.open_table(name)
        except ValueError:  # not committed yet, or dropped meanwhile
            return None
        self._open[name] = (version, table)
        return table

    def search(
        self,
        user_id: str,
        query: str,
        *,
        limit: int = 8,
        recency_half_life_days: float = 180,
    ) -> list[MemoryHit]:
        """This user's facts most relevant to ``query``, best first; only their rows are read."""
        rows = self.rows(user_id)
        if rows is None or not rows.fact_id or limit <= 0:
            return []
        return self.rank(
            rows, query, self.embedder.embed([query])[0], limit=limit, recency_half_life_days=recency_half_life_days
        )

    def rank(
        self,
        rows: UserRows,
        query: str,
        query_vector: np.ndarray,
        *,
        limit: int = 8,
        recency_half_life_days: float = 180,
        recognised: Collection[str] | None = None,
    ) -> list[MemoryHit]:
        """The ``limit`` rows of one user most relevant to ``query`` (already embedded).

        ``recognised``: the canonical entities ``query`` names, if the caller has them (what
        ``recognise`` would find); else they are looked up here."""
        if not rows.fact_id or limit <= 0:
            return []
        if rows.matrix.shape[1] != query_vector.shape[0]:
            raise RuntimeError("memory tables were built with another embedder; run the backfill again")
        if recognised is None:
            recognised = self._recognise(query)
        named = named_mask(query, rows.entity, rows.terms, recognised)
        score = scores(rows.matrix @ query_vector, rows.age_days, named, recency_half_life_days)
        # best score first, then the newest; a stable sort keeps the rows' order on full ties
        order = np.lexsort((-rows.stamps, -score))[:limit].tolist()
        ranked = score.tolist()
        return [
            MemoryHit(
                fact_id=rows.fact_id[i],
                section=rows.section[i],
                entity=rows.entity[i],
                status=rows.status[i],
                valid_from=rows.valid_from[i],
                source_message_id=rows.source_message_id[i],
                text=rows.text[i],
                score=ranked[i],
            )
            for i in order
        ]

    def _version(self, shard: str) -> tuple[object, ...] | None:
        """:func:`version_key` of ``shard``'s table, its paths built on the shard's first search."""
        files = self._shard_files.get(shard)
        if files is None:
            files = self._shard_files[shard] = ShardFiles.of(self.root, self.tables_dir / f"{shard}.lance")
        return version_key(files)

    def cached_rows(self, user_id: str) -> UserRows | None:
        """This user's rows if the cache holds them at their shard's current version (no read)."""
        key = user_key(user_id)
        if self._cache_rows <= 0:
            return None
        version = self._version(shard_of(key))
        return self._cached(key, version) if version is not None else None

    def warm_up(self) -> None:
        """Load the embedder and the terminology now rather than on the first search."""
        self.embedder.warm_up()
        self._recognise("")

    def prefetch(self, user_ids: Sequence[str], *, threads: int = 2) -> int:
        """Read the rows of ``user_ids`` (the most wanted first) into the cache while it has room.

        One query per shard for all its wanted users (a query per user cost ~5 ms each: 2,000
        users took 11–16 s). Returns how many were cached; the first of ``user_ids`` end up the
        last to be dropped. LanceDB reads outside the GIL, so ``threads`` shards are read side by side.
        """
        if self._cache_rows <= 0:
            return 0
        keys = list(dict.fromkeys(user_key(u) for u in user_ids))
        by_shard = {shard: list(group) for shard, group in groupby(sorted(keys, key=shard_of), key=shard_of)}

        def read(shard: str) -> dict[str, UserRows]:
            version = self._version(shard)
            if version is None:  # cannot be told when it changes: nothing of it is cached
                return {}
            found = self._read(shard, by_shard[shard], version)
            return {key: UserRows.of(rows, version) for key, rows in found.items()}

        found: dict[str, UserRows] = {}
        with ThreadPoolExecutor(max_workers=threads, thread_name_prefix="memory-prefetch") as pool:
            for part in pool.map(read, by_shard):
                found.update(part)
        kept: list[str] = []
        with self._cache_lock:
            for key in keys:
                rows = found.get(key)
                if rows is None:
                    continue
                old = self._cache.pop(key, None)
                self._cached_rows -= len(old.fact_id) if old is not None else 0
                if self._cached_rows + len(rows.fact_id) > self._cache_rows:
                    break
                self._cache[key] = rows
                self._cached_rows += len(rows.fact_id)
                kept.append(key)
            for key in reversed(kept):
                self._cache.move_to_end(key)
        return len(kept)

    def _cached(self, name: str, key: tuple[object, ...]) -> UserRows | None:
        with self._cache_lock:
            hit = self._cache.get(name)
            if hit is None or hit.key != key:
                return None
            self._cache.move_to_end(name)
            return hit

    def rows(self, user_id: str) -> UserRows | None:
        """This user's rows ready to rank: from the cache while their shard is unchanged."""
        key = user_key(user_id)
        version = self._version(shard_of(key))
        if version is not None and self._cache_rows > 0 and (hit := self._cached(key, version)) is not None:
            return hit
        table = self._read(shard_of(key), [key], version).get(key)
        if table is None:  # never built, or erased: nothing of it may stay in memory either
            if self._cache:
                with self._cache_lock:
                    gone = self._cache.pop(key, None)
                    self._cached_rows -= len(gone.fact_id) if gone is not None else 0
            return None
        rows = UserRows.of(table, version)
        if version is not None and self._cache_rows > 0:
            with self._cache_lock:
                old = self._cache.pop(key, None)
                self._cached_rows -= len(old.fact_id) if old is not None else 0
                self._cache[key] = rows
                self._cached_rows += len(rows.fact_id)
                while self._cached_rows > self._cache_rows and self._cache:
                    _, dropped = self._cache.popitem(last=False)
                    self._cached_rows -= len(dropped.fact_id)
        return rows

    # -- erase ---------------------------------------------------------------------------
    def forget(self, user_id: str) -> bool:
        """Erase the user's rows from every version of their shard, and their cached vectors.

        True if any existed."""
        return forget_user(self.root, user_id)
