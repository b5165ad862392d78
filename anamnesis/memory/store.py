"""One LanceDB table per user: built from the facts' latest states, searched one user at a time.

Isolation lives here: a table is named by the sha256 of the user id, and every read opens that
one table, so no id, whatever it contains, can reach another user's rows. A table is replaced in
one LanceDB commit (``mode="overwrite"``), so a reader sees the old rows or the new ones; the
old versions are then deleted from disk, so nothing a later build or ``forget`` removed lingers
in the table's history.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

# LanceDB's Rust log level, read once when lancedb is first imported: warnings and below stay out
# of the pipeline's output. Tables are also written so that none is logged per table anyway.
os.environ.setdefault("LANCEDB_LOG", "error")

import shutil  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from collections import OrderedDict  # noqa: E402
from collections.abc import Callable, Collection, Sequence  # noqa: E402
from concurrent.futures import ThreadPoolExecutor  # noqa: E402
from dataclasses import dataclass  # noqa: E402
from datetime import datetime  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
import polars as pl  # noqa: E402
import pyarrow as pa  # noqa: E402

from anamnesis.embeddings import Embedder, EmbeddingCache, l2_normalise  # noqa: E402

if TYPE_CHECKING:
    import lancedb
from anamnesis.memory.manifest import load_manifest, save_manifest  # noqa: E402
from anamnesis.memory.ranking import named_mask, scores, terminology_entities  # noqa: E402
from anamnesis.memory.rows import TABLE_COLUMNS, memories, table_name  # noqa: E402
from anamnesis.memory.writer import write_spans  # noqa: E402

#: Texts per embedding call, so a long first build reports progress and caches as it goes.
EMBED_BATCH = 1024
CACHE_FILE = "embeddings.sqlite"
MANIFEST_FILE = "manifest.json"
TABLES_DIR = "tables"
#: Tables read between two checks of the cache's room when prefetching.
PREFETCH_CHUNK = 64
Progress = Callable[[str, int, int], None]


def memory_dir(home: Path) -> Path:
    """Where the memory of a home lives: ``<home>/memory``."""
    return home / "memory"


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


@dataclass(frozen=True, slots=True)
class BuildStats:
    users_rebuilt: int
    users_unchanged: int
    users_dropped: int
    texts_embedded: int
    cache_hits: int
    seconds: float
    #: Rows in every user's table together (facts and session summaries).
    rows: int = 0

    def as_metadata(self) -> dict[str, int | float]:
        return {
            "users_rebuilt": self.users_rebuilt,
            "users_unchanged": self.users_unchanged,
            "users_dropped": self.users_dropped,
            "texts_embedded": self.texts_embedded,
            "embedding_cache_hits": self.cache_hits,
            "seconds": round(self.seconds, 3),
        }


class MemoryStore:
    """The memory tables under ``root`` (``<home>/memory``), with their embedding cache.

    ``recognise`` maps a query to the canonical entities it names (by default the bundled
    terminology: "二甲双胍" or "Glucophage" to ``metformin``); facts about them rank first.
    ``cache_rows`` > 0 keeps that many rows of recently searched tables in memory (the API's
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
        self._db: lancedb.DBConnection | None = None  # opened on first search
        # Searches keep up to ``cache_rows`` rows of the tables they read (least recently used
        # tables go first), each valid while its table's version files are unchanged.
        self._cache_rows = cache_rows
        self._cache: OrderedDict[str, UserRows] = OrderedDict()
        self._cached_rows = 0
        self._cache_lock = threading.Lock()

    # -- build ---------------------------------------------------------------------------
    def rebuild(
        self, fact_state: pl.DataFrame, *, summaries: pl.DataFrame | None = None, progress: Progress | None = None
    ) -> BuildStats:
        """Bring every user's table in line with ``fact_state`` and their session ``summaries``
        (``session_summaries`` of the lake); only changed users are rewritten."""
        started = time.perf_counter()
        report = progress or (lambda stage, done, total: None)
        users = fact_state["user_id"] if summaries is None else pl.concat([fact_state["user_id"], summaries["user_id"]])
        if len(self._tables_on_disk()) != users.n_unique():
            # Likely a large build: load the model while the memory texts are made (its weights
            # are read outside the GIL), instead of after.
            threading.Thread(target=self.embedder.warm_up, name="embedder-warm-up", daemon=True).start()
        current = memories(fact_state, self.embedder.name, summaries)
        built = load_manifest(self.root / MANIFEST_FILE)
        on_disk = self._tables_on_disk()
        changed = {name for name, digest in current.digests.items() if built.get(name) != digest or name not in on_disk}
        gone = sorted((on_disk | built.keys()) - current.digests.keys())
        rows = current.rows.filter(pl.col("table").is_in(sorted(changed)))
        with EmbeddingCache(self.root / CACHE_FILE) as cache:
            vectors, embedded, hits = self._vectors(cache, rows, report)
            self._write_tables(rows, vectors, on_disk, report)
            for name in gone:
                _drop_table(self.tables_dir, name)
            owned = rows.filter(pl.col("text_hash").is_not_null()).group_by("table").agg(pl.col("text_hash").unique())
            cache.set_owners(self.embedder.name, {_key(t): hashes for t, hashes in owned.iter_rows()})
            cache.drop_owners(_key(name) for name in gone)
            cache.prune()
        save_manifest(self.root / MANIFEST_FILE, current.digests)
        return BuildStats(
            users_rebuilt=len(changed),
            users_unchanged=len(current.digests) - len(changed),
            users_dropped=len(gone),
            texts_embedded=embedded,
            cache_hits=hits,
            seconds=time.perf_counter() - started,
            rows=current.rows.height,
        )

    def _vectors(self, cache: EmbeddingCache, rows: pl.DataFrame, report: Progress) -> tuple[np.ndarray, int, int]:
        """One vector per row: each distinct text taken from the cache, or embedded now (once); a
        session summary's is the mean of its facts' (rows of the same table), normalised."""
        distinct = (
            rows.filter(pl.col("text_hash").is_not_null())
            .select("text_hash", "embedded")
            .unique("text_hash", maintain_order=True)
        )
        if distinct.is_empty():
            return np.empty((0, 0), dtype=np.float32), 0, 0
        name = self.embedder.name
        found = cache.get_many(name, distinct["text_hash"], self.embedder.dim)
        missing = distinct.filter(~pl.col("text_hash").is_in(list(found)))
        for start in range(0, missing.height, EMBED_BATCH):
            batch = missing.slice(start, EMBED_BATCH)
            fresh = dict(zip(batch["text_hash"], self.embedder.embed(batch["embedded"].to_list()), strict=True))
            cache.put_many(name, fresh)
            found.update(fresh)
            report("memory embeddings", start + batch.height, missing.height)
        keyed = rows.select("table", "fact_id", "text_hash", "parts")
        of_fact = {(table, fid): found[h] for table, fid, h, parts in keyed.iter_rows() if parts is None}
        matrix = np.stack(
            [found[h] if parts is None else _mean([of_fact[(table, p)] for p in parts])
             for table, _, h, parts in keyed.iter_rows()]
        ).astype(np.float32, copy=False)  # fmt: skip
        return matrix, missing.height, distinct.height - missing.height

    def _write_tables(self, rows: pl.DataFrame, vectors: np.ndarray, on_disk: set[str], report: Progress) -> None:
        """Write each changed table as a slice of one Arrow table of every changed row."""
        if rows.is_empty():
            return
        columns = rows.select(TABLE_COLUMNS).to_arrow()
        data = columns.cast(_small_strings(columns.schema)).append_column(
            "vector", pa.FixedSizeListArray.from_arrays(pa.array(vectors.reshape(-1)), vectors.shape[1])
        )
        spans = rows.with_row_index().group_by("table", maintain_order=True).agg(pl.col("index").first(), pl.len())
        self.tables_dir.mkdir(parents=True, exist_ok=True)
        write_spans(
            self.tables_dir,
            data,
            spans.rows(),
            on_disk,
            _counter(lambda done: report("memory tables", done, spans.height)),
        )

    def _tables_on_disk(self) -> set[str]:
        if not self.tables_dir.is_dir():
            return set()
        return {p.name.removesuffix(".lance") for p in self.tables_dir.iterdir() if p.name.startswith("u_")}

    # -- read ----------------------------------------------------------------------------
    def _read(self, user_id: str) -> pa.Table | None:
        """This user's rows, or ``None`` when they have no table (yet)."""
        name = table_name(user_id)
        if not (self.tables_dir / f"{name}.lance").is_dir():
            return None
        if self._db is None:
            self._db = _lancedb().connect(self.tables_dir)
        for attempt in range(2):
            try:
                return self._db.open_table(name).to_arrow()
            except ValueError:  # not committed yet, or dropped meanwhile
                return None
            except (OSError, RuntimeError):  # an old version cleaned up under us: read the new one
                if attempt:
                    raise
        return None

    def search(
        self,
        user_id: str,
        query: str,
        *,
        limit: int = 8,
        recency_half_life_days: float = 180,
    ) -> list[MemoryHit]:
        """This user's facts most relevant to ``query``, best first; only their table is opened."""
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
    ) -> list[MemoryHit]:
        """The ``limit`` rows of one user's table most relevant to ``query`` (already embedded)."""
        if not rows.fact_id or limit <= 0:
            return []
        if rows.matrix.shape[1] != query_vector.shape[0]:
            raise RuntimeError("memory tables were built with another embedder; run the backfill again")
        named = named_mask(query, rows.entity, rows.mention, self._recognise(query))
        ranked = scores(rows.matrix @ query_vector, rows.age_days, named, recency_half_life_days)
        order = sorted(range(len(ranked)), key=lambda i: (-ranked[i], -rows.stamps[i]))[:limit]
        return [
            MemoryHit(
                fact_id=rows.fact_id[i],
                section=rows.section[i],
                entity=rows.entity[i],
                status=rows.status[i],
                valid_from=rows.valid_from[i],
                source_message_id=rows.source_message_id[i],
                text=rows.text[i],
                score=float(ranked[i]),
            )
            for i in order
        ]

    def cached_rows(self, user_id: str) -> UserRows | None:
        """This user's rows if the cache holds their current table (a few ``stat`` calls, no read)."""
        name = table_name(user_id)
        path = self.tables_dir / f"{name}.lance"
        if self._cache_rows <= 0 or not path.is_dir():
            return None
        key = _version_key(self.root, path)
        return self._cached(name, key) if key is not None else None

    def warm_up(self) -> None:
        """Load the embedder and the terminology now rather than on the first search."""
        self.embedder.warm_up()
        self._recognise("")

    def prefetch(self, user_ids: Sequence[str], *, threads: int = 2) -> int:
        """Read the tables of ``user_ids`` (the most wanted first) into the cache while it has room.

        Returns how many were read; the first of ``user_ids`` end up the last to be dropped.
        LanceDB reads outside the GIL, so ``threads`` read side by side.
        """
        read: list[str] = []
        with ThreadPoolExecutor(max_workers=threads, thread_name_prefix="memory-prefetch") as pool:
            for start in range(0, len(user_ids), PREFETCH_CHUNK):
                if self._cached_rows >= self._cache_rows:
                    break
                chunk = user_ids[start : start + PREFETCH_CHUNK]
                found = pool.map(self.rows, chunk)
                read += [table_name(u) for u, rows in zip(chunk, found, strict=True) if rows is not None]
        with self._cache_lock:
            for name in reversed(read):
                if name in self._cache:
                    self._cache.move_to_end(name)
        return len(read)

    def _cached(self, name: str, key: tuple[object, ...]) -> UserRows | None:
        with self._cache_lock:
            hit = self._cache.get(name)
            if hit is None or hit.key != key:
                return None
            self._cache.move_to_end(name)
            return hit

    def rows(self, user_id: str) -> UserRows | None:
        """This user's rows ready to rank: from the cache while their table is unchanged."""
        name = table_name(user_id)
        path = self.tables_dir / f"{name}.lance"
        if not path.is_dir():  # never built, or erased: nothing of it may stay in memory either
            if self._cache:
                with self._cache_lock:
                    gone = self._cache.pop(name, None)
                    self._cached_rows -= len(gone.fact_id) if gone is not None else 0
            return None
        key = _version_key(self.root, path) if self._cache_rows > 0 else None
        if key is not None and (hit := self._cached(name, key)) is not None:
            return hit
        table = self._read(user_id)
        if table is None:
            return None
        rows = UserRows.of(table, key)
        if key is not None:
            with self._cache_lock:
                old = self._cache.pop(name, None)
                self._cached_rows -= len(old.fact_id) if old is not None else 0
                self._cache[name] = rows
                self._cached_rows += len(rows.fact_id)
                while self._cached_rows > self._cache_rows and self._cache:
                    _, dropped = self._cache.popitem(last=False)
                    self._cached_rows -= len(dropped.fact_id)
        return rows

    # -- erase ---------------------------------------------------------------------------
    def forget(self, user_id: str) -> bool:
        """Erase the user's table with every version, and their cached vectors. True if any existed."""
        return forget_user(self.root, user_id)


@dataclass(frozen=True, slots=True)
class UserRows:
    """One table read for ranking: its columns as lists, its vectors as one matrix."""

    key: tuple[object, ...] | None
    matrix: np.ndarray
    fact_id: list[str]
    section: list[str]
    entity: list[str]
    status: list[str]
    valid_from: list[datetime]
    source_message_id: list[str]
    mention: list[str | None]
    text: list[str]
    age_days: np.ndarray
    stamps: list[float]

    @classmethod
    def of(cls, table: pa.Table, key: tuple[object, ...] | None) -> UserRows:
        vectors = table.column("vector").combine_chunks()
        size = vectors.type.list_size
        matrix = vectors.flatten().to_numpy().reshape(len(vectors), size)
        rows = table.drop_columns(["vector"]).to_pydict()
        valid_from = rows["valid_from"]
        newest = max(valid_from, default=None)
        age_days = np.array([(newest - v).total_seconds() / 86400 for v in valid_from])
        return cls(
            key=key,
            matrix=matrix,
            fact_id=rows["fact_id"],
            section=rows["section"],
            entity=rows["entity"],
            status=rows["status"],
            valid_from=valid_from,
            source_message_id=rows["source_message_id"],
            mention=rows["mention"],
            text=rows["text"],
            age_days=age_days,
            stamps=[v.timestamp() for v in valid_from],
        )


def _version_key(root: Path, table_dir: Path) -> tuple[object, ...] | None:
    """What identifies the table's current version on disk: its directory, its version files
    (a write adds one, a cleanup removes the old ones) and the build manifest (replaced by every
    build and erasure). None when it cannot be told (then nothing is cached)."""
    try:
        manifest = os.stat(root / MANIFEST_FILE)
        directory = os.stat(table_dir)
        with os.scandir(table_dir / "_versions") as entries:
            versions = sorted(
                (e.name, st.st_ino, st.st_size, st.st_mtime_ns)
                for e in entries
                for st in (e.stat(follow_symlinks=False),)
            )
    except OSError:
        return None
    return (manifest.st_ino, manifest.st_mtime_ns, directory.st_ino, directory.st_mtime_ns, tuple(versions))


def forget_user(root: Path, user_id: str) -> bool:
    """``forget`` without an embedder (for ``anamnesis forget``): nothing to load, nothing to embed."""
    name = table_name(user_id)
    existed = _drop_table(root / TABLES_DIR, name)
    manifest = load_manifest(root / MANIFEST_FILE)
    if manifest.pop(name, None) is not None:
        save_manifest(root / MANIFEST_FILE, manifest)
    dropped = 0
    if (root / CACHE_FILE).exists():
        with EmbeddingCache(root / CACHE_FILE) as cache:
            dropped = cache.forget_user(user_id)
    return existed or dropped > 0


#: A memory table holds a few short rows: compressing its strings costs more than it saves.
_UNCOMPRESSED = {"lance-encoding:compression": "none"}


def _small_strings(schema: pa.Schema) -> pa.Schema:
    """Plain, uncompressed ``string`` columns: LanceDB writes them about 20% faster than the
    compressed ``large_string`` columns polars exports, and each table is tiny."""
    return pa.schema(
        [
            pa.field(f.name, pa.string(), metadata=_UNCOMPRESSED) if pa.types.is_large_string(f.type) else f
            for f in schema
        ]
    )


def _mean(vectors: list[np.ndarray]) -> np.ndarray:
    """The unit-length mean of some unit vectors: what a session summary's facts point to together."""
    return l2_normalise(np.mean(vectors, axis=0)[None])[0]


def _counter(callback: Callable[[int], None]) -> Callable[[int], None]:
    """Turn per-table increments into a running count."""
    done = 0

    def add(n: int) -> None:
        nonlocal done
        done += n
        callback(done)

    return add


def _lancedb():  # noqa: ANN202 - the module
    """lancedb, imported on first use: importing it costs over a second that most commands never need."""
    import lancedb

    return lancedb


def _key(table: str) -> str:
    """The user key a table is named by (``u_<sha256 of the id>``)."""
    return table.removeprefix("u_")


def _drop_table(tables_dir: Path, name: str) -> bool:
    """Delete a table directory with every version in it; True if there was one."""
    path = tables_dir / f"{name}.lance"
    if not path.exists():
        return False
    try:
        _lancedb().connect(tables_dir).drop_table(name)
    except ValueError:  # half-created: a directory without a committed version
        pass
    shutil.rmtree(path, ignore_errors=True)
    return True
