"""Every user's memory in a fixed number of LanceDB shard tables, searched one user at a time.

Isolation lives here and in ``shards``: a row carries the sha256 of its user's id, and the one
read (``_read``) asks the user's shard for the rows of that key only, through a typed predicate,
then checks every row it got; no id, whatever it contains, reaches a path or a query text. A
build changes each shard in one commit, so a reader sees a user's old rows or the new ones; old
versions are then deleted, and ``forget`` rewrites the user's shard without them, so nothing
removed lingers in a table's history or its data files.
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
import warnings  # noqa: E402
from collections import OrderedDict, defaultdict  # noqa: E402
from collections.abc import Callable, Collection, Sequence  # noqa: E402
from concurrent.futures import ThreadPoolExecutor  # noqa: E402
from dataclasses import dataclass  # noqa: E402
from datetime import datetime, timedelta  # noqa: E402
from functools import partial  # noqa: E402
from itertools import groupby  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
import polars as pl  # noqa: E402
import pyarrow as pa  # noqa: E402
import pyarrow.compute as pc  # noqa: E402

from anamnesis.embeddings import Embedder, EmbeddingCache, l2_normalise  # noqa: E402
from anamnesis.erasure.ownership import user_key  # noqa: E402

if TYPE_CHECKING:
    import lancedb
from anamnesis.memory.manifest import load_manifest, save_manifest  # noqa: E402
from anamnesis.memory.ranking import named_mask, scores, terminology_entities  # noqa: E402
from anamnesis.memory.rows import TABLE_COLUMNS, memories  # noqa: E402
from anamnesis.memory.shards import LAYOUT, USER_KEY, connect, one_user, shard_of, some_users  # noqa: E402
from anamnesis.memory.writer import ShardWrite, write_shards  # noqa: E402

#: Texts per embedding call, so a long first build reports progress and caches as it goes.
EMBED_BATCH = 1024
#: Session summaries whose vectors are averaged in one pass (bounds the stacked fact vectors).
MEAN_BATCH = 4096
CACHE_FILE = "embeddings.sqlite"
MANIFEST_FILE = "manifest.json"
TABLES_DIR = "tables"
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
        started = time.perf_counter()
        report = progress or (lambda stage, done, total: None)
        built = load_manifest(self.root / MANIFEST_FILE, LAYOUT)
        kept: dict[str, str] = {}
        if only is not None:
            if built is None:
                raise ValueError("a rebuild of some users needs a built memory store")
            keys = {user_key(u) for u in only}
            kept = {k: d for k, d in built.items() if k not in keys}
            built = {k: d for k, d in built.items() if k in keys}
        users = fact_state["user_id"] if summaries is None else pl.concat([fact_state["user_id"], summaries["user_id"]])
        if only is None and (built is None or len(built) != users.n_unique()):
            # Likely a large build: load the model while the memory texts are made (its weights
            # are read outside the GIL), instead of after.
            threading.Thread(target=self.embedder.warm_up, name="embedder-warm-up", daemon=True).start()
        current = memories(fact_state, self.embedder.name, summaries)
        on_disk = self._shards_on_disk()
        trusted = built or {}
        changed = {
            key for key, digest in current.digests.items()
            if trusted.get(key) != digest or shard_of(key) not in on_disk
        }
        gone = sorted(trusted.keys() - current.digests.keys())
        rows = current.rows.filter(pl.col(USER_KEY).is_in(sorted(changed))).with_columns(
            # a summary has no text of its own to embed: its vector is keyed by user and summary
            pl.coalesce("text_hash", pl.concat_str(pl.lit("summary\x1f"), USER_KEY, pl.lit("\x1f"), "fact_id"))
            .alias("vector_key")
        )
        with EmbeddingCache(self.root / CACHE_FILE) as cache:
            vectors, embedded, hits = self._vectors(cache, rows, report)
            writes = _shard_writes(rows, [*changed, *gone], on_disk if built is None else set())
            write_shards(self.tables_dir, writes, on_disk, partial(_arrow, vectors=vectors, dim=self.embedder.dim),
                         _counter(lambda n: report("memory tables", n, len(writes))))
            _drop_legacy_tables(self.tables_dir)
            owned = rows.filter(pl.col("text_hash").is_not_null()).group_by(USER_KEY).agg(pl.col("text_hash").unique())
            cache.set_owners(self.embedder.name, dict(owned.iter_rows()))
            cache.drop_owners(gone)
            cache.prune()
        save_manifest(self.root / MANIFEST_FILE, LAYOUT, {**kept, **current.digests})
        return BuildStats(
            users_rebuilt=len(changed),
            users_unchanged=len(kept) + len(current.digests) - len(changed),
            users_dropped=len(gone),
            texts_embedded=embedded,
            cache_hits=hits,
            seconds=time.perf_counter() - started,
            rows=current.rows.height,
        )

    def _vectors(
        self, cache: EmbeddingCache, rows: pl.DataFrame, report: Progress
    ) -> tuple[dict[str, np.ndarray], int, int]:
        """The vector of each row's ``vector_key``: each distinct text from the cache, or embedded
        now (once); a session summary's is the mean of its facts' (the same user's rows), normalised."""
        distinct = (
            rows.filter(pl.col("text_hash").is_not_null())
            .select("text_hash", "embedded")
            .unique("text_hash", maintain_order=True)
        )
        if distinct.is_empty():
            return {}, 0, 0
        name = self.embedder.name
        found = cache.get_many(name, distinct["text_hash"], self.embedder.dim)
        missing = distinct.filter(~pl.col("text_hash").is_in(list(found)))
        for start in range(0, missing.height, EMBED_BATCH):
            batch = missing.slice(start, EMBED_BATCH)
            fresh = dict(zip(batch["text_hash"], self.embedder.embed(batch["embedded"].to_list()), strict=True))
            cache.put_many(name, fresh)
            found.update(fresh)
            report("memory embeddings", start + batch.height, missing.height)
        of_fact = {
            (key, fid): found[h] for key, fid, h in rows.filter(pl.col("parts").is_null())
            .select(USER_KEY, "fact_id", "text_hash").iter_rows()
        }  # fmt: skip
        summaries = rows.filter(pl.col("parts").is_not_null()).select(USER_KEY, "vector_key", "parts")
        for start in range(0, summaries.height, MEAN_BATCH):
            batch = summaries.slice(start, MEAN_BATCH)
            pairs = batch.select(USER_KEY, "parts").iter_rows()
            parts = [[of_fact[(key, p)] for p in row_parts] for key, row_parts in pairs]
            found.update(zip(batch["vector_key"], _means(parts), strict=True))
        return found, missing.height, distinct.height - missing.height

    def _shards_on_disk(self) -> set[str]:
        if not self.tables_dir.is_dir():
            return set()
        return {p.name.removesuffix(".lance") for p in self.tables_dir.iterdir() if p.name.startswith("s_")}

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
        by_user = _split_by_user(found)
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
    ) -> list[MemoryHit]:
        """The ``limit`` rows of one user most relevant to ``query`` (already embedded)."""
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
        """This user's rows if the cache holds them at their shard's current version (no read)."""
        key = user_key(user_id)
        if self._cache_rows <= 0:
            return None
        version = _version_key(self.root, self.tables_dir / f"{shard_of(key)}.lance")
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
            version = _version_key(self.root, self.tables_dir / f"{shard}.lance")
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
        version = _version_key(self.root, self.tables_dir / f"{shard_of(key)}.lance")
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
        # a copy: a view would keep the whole shard read alive for as long as this user is cached
        matrix = vectors.flatten().to_numpy().reshape(len(vectors), size).copy()
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


def _split_by_user(found: pa.Table) -> dict[str, pa.Table]:
    """``found``'s rows by the user key each carries (in their order), without that column."""
    if found.num_rows == 0:
        return {}
    found = found.take(pc.sort_indices(found.column(USER_KEY)))  # a stable sort: each user's order stays
    rows = found.drop_columns([USER_KEY])
    by_user: dict[str, pa.Table] = {}
    start = 0
    for key, run in groupby(found.column(USER_KEY).to_pylist()):
        length = sum(1 for _ in run)
        by_user[key] = rows.slice(start, length)
        start += length
    return by_user


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
    key = user_key(user_id)
    tables_dir = root / TABLES_DIR
    existed = _erase_from_shard(tables_dir, key)
    legacy = tables_dir / f"u_{key}.lance"  # a home last built with one table per user
    if legacy.exists():
        shutil.rmtree(legacy)
        existed = True
    manifest = load_manifest(root / MANIFEST_FILE, LAYOUT)
    if manifest is not None and manifest.pop(key, None) is not None:
        save_manifest(root / MANIFEST_FILE, LAYOUT, manifest)
    dropped = 0
    if (root / CACHE_FILE).exists():
        with EmbeddingCache(root / CACHE_FILE) as cache:
            dropped = cache.forget_user(user_id)
    return existed or dropped > 0


def _erase_from_shard(tables_dir: Path, key: str) -> bool:
    """Rewrite the user's shard without their rows, then delete every older version.

    A delete alone only marks rows as gone (their bytes stay in the data files until a
    compaction rewrites them), so the shard is written anew from the other users' rows.
    """
    name = shard_of(key)
    if not (tables_dir / f"{name}.lance").is_dir():
        return False
    from lancedb.index import BTree

    db = connect(tables_dir)
    table = db.open_table(name)
    if table.search().where(one_user(key)).select([USER_KEY]).limit(1).to_arrow().num_rows == 0:
        return False
    others = table.search().where(~one_user(key)).limit(None).to_arrow()
    if others.num_rows == 0:
        db.drop_table(name)
        return True
    table = db.create_table(name, others, mode="overwrite")
    table.create_index(USER_KEY, config=BTree(), replace=True)
    _cleanup(table)
    return True


def _cleanup(table: lancedb.table.Table) -> None:
    """Delete every version but the latest, with all files only they referenced."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=r"optimize\(cleanup_older_than=0\)", category=UserWarning)
        table.optimize(cleanup_older_than=timedelta(0), delete_unverified=True)


def _shard_writes(rows: pl.DataFrame, replaced: list[str], untrusted: set[str]) -> list[ShardWrite]:
    """What each shard receives: the changed users' rows, and whose old rows go.

    Shards in ``untrusted`` (on disk, but no manifest says what they hold) are written whole.
    """
    parts = {key[0]: part for key, part in rows.partition_by("shard", as_dict=True).items()}
    keys = {shard: list(group) for shard, group in groupby(sorted(replaced, key=shard_of), key=shard_of)}
    return [
        ShardWrite(name=name, rows=parts.get(name, rows.clear()), replaced=keys.get(name, []),
                   whole=name in untrusted)
        for name in sorted(parts.keys() | keys.keys() | untrusted)
    ]


def _arrow(rows: pl.DataFrame, *, vectors: dict[str, np.ndarray], dim: int) -> pa.Table:
    """One shard's rows as LanceDB stores them, vectors attached (made per shard, so a large
    build never holds every row's vector at once)."""
    columns = rows.select(TABLE_COLUMNS).to_arrow()
    matrix = (np.stack([vectors[h] for h in rows["vector_key"]]) if rows.height else np.empty((0, dim))).astype(
        np.float32, copy=False
    )
    return columns.cast(_small_strings(columns.schema)).append_column(
        "vector", pa.FixedSizeListArray.from_arrays(pa.array(matrix.reshape(-1), pa.float32()), dim)
    )


def _drop_legacy_tables(tables_dir: Path) -> None:
    """Remove the tables of the layout before shards (one ``u_<key>`` table per user)."""
    if tables_dir.is_dir():
        for path in tables_dir.glob("u_*.lance"):
            shutil.rmtree(path)


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


def _means(groups: list[list[np.ndarray]]) -> np.ndarray:
    """The unit-length mean of each group of unit vectors: what a session summary's facts point
    to together. Groups of one size are averaged in one ``np.mean`` over a stacked axis, which
    gives bit for bit the mean of each group alone."""
    sizes: dict[int, list[int]] = defaultdict(list)
    for i, group in enumerate(groups):
        sizes[len(group)].append(i)
    out = np.empty((len(groups), len(groups[0][0]) if groups else 0), dtype=np.float32)
    for members in sizes.values():
        out[members] = np.mean(np.array([groups[i] for i in members]), axis=1)
    return l2_normalise(out)


def _counter(callback: Callable[[int], None]) -> Callable[[int], None]:
    """Turn per-table increments into a running count."""
    done = 0

    def add(n: int) -> None:
        nonlocal done
        done += n
        callback(done)

    return add
