"""A build of the memory tables: every changed user's rows, with vectors, into their shards.

Only users whose rows' digest changed are rewritten (the manifest holds the digests of the
last build); each shard changes in one commit (:mod:`anamnesis.memory.writer`), and the
manifest is saved last, so a crash at worst rebuilds a few users again.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from itertools import groupby
from pathlib import Path

import polars as pl

from anamnesis.embeddings import Embedder, EmbeddingCache
from anamnesis.erasure.ownership import user_key
from anamnesis.memory.manifest import load_manifest, save_manifest
from anamnesis.memory.paths import CACHE_FILE, MANIFEST_FILE, TABLES_DIR
from anamnesis.memory.rows import memories
from anamnesis.memory.shards import LAYOUT, USER_KEY, load_lance, shard_of
from anamnesis.memory.vectors import Progress, row_vectors, to_arrow
from anamnesis.memory.writer import ShardWrite, write_shards


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


def rebuild(
    root: Path,
    embedder: Embedder,
    fact_state: pl.DataFrame,
    *,
    summaries: pl.DataFrame | None = None,
    progress: Progress | None = None,
    only: pl.Series | None = None,
) -> BuildStats:
    """Bring every user's rows under ``root`` in line with ``fact_state`` and their session
    ``summaries``; see :meth:`anamnesis.memory.store.MemoryStore.rebuild`."""
    started = time.perf_counter()
    report = progress or (lambda stage, done, total: None)
    tables_dir = root / TABLES_DIR
    built = load_manifest(root / MANIFEST_FILE, LAYOUT)
    kept: dict[str, str] = {}
    if only is not None:
        if built is None:
            raise ValueError("a rebuild of some users needs a built memory store")
        keys = {user_key(u) for u in only}
        kept = {k: d for k, d in built.items() if k not in keys}
        built = {k: d for k, d in built.items() if k in keys}
    current = memories(fact_state, embedder.name, summaries)
    on_disk = _shards_on_disk(tables_dir)
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
    with EmbeddingCache(root / CACHE_FILE) as cache:
        # pylance is loaded for the writes while the texts are embedded
        vectors, embedded, hits = row_vectors(embedder, cache, rows, report, load_lance)
        writes = _shard_writes(rows, [*changed, *gone], on_disk if built is None else set())
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="embedding-owners") as side:
            # The cache's owners need no vector: they are recorded while the shards are written
            # (LanceDB's own threads), on the core the writes leave idle, not while the embedding
            # workers want both.
            owners = side.submit(_set_owners, cache, embedder.name, rows)
            write_shards(tables_dir, writes, on_disk, partial(to_arrow, vectors=vectors, dim=embedder.dim),
                         _counter(lambda n: report("memory tables", n, len(writes))))
            owners.result()
        _drop_legacy_tables(tables_dir)
        cache.drop_owners(gone)
        if only is None:  # a night's users released only their own vectors (set_owners, drop_owners)
            cache.prune()
    save_manifest(root / MANIFEST_FILE, LAYOUT, {**kept, **current.digests})
    return BuildStats(
        users_rebuilt=len(changed),
        users_unchanged=len(kept) + len(current.digests) - len(changed),
        users_dropped=len(gone),
        texts_embedded=embedded,
        cache_hits=hits,
        seconds=time.perf_counter() - started,
        rows=current.rows.height,
    )


def _set_owners(cache: EmbeddingCache, embedder: str, rows: pl.DataFrame) -> None:
    """Make each user of ``rows`` own the cached vectors of their texts, and nothing else."""
    owned = rows.filter(pl.col("text_hash").is_not_null()).group_by(USER_KEY).agg(pl.col("text_hash").unique())
    cache.set_owners(embedder, dict(owned.iter_rows()))


def _shards_on_disk(tables_dir: Path) -> set[str]:
    if not tables_dir.is_dir():
        return set()
    return {p.name.removesuffix(".lance") for p in tables_dir.iterdir() if p.name.startswith("s_")}


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


def _drop_legacy_tables(tables_dir: Path) -> None:
    """Remove the tables of the layout before shards (one ``u_<key>`` table per user)."""
    if tables_dir.is_dir():
        for path in tables_dir.glob("u_*.lance"):
            shutil.rmtree(path)


def _counter(callback: Callable[[int], None]) -> Callable[[int], None]:
    """Turn per-table increments into a running count."""
    done = 0

    def add(n: int) -> None:
        nonlocal done
        done += n
        callback(done)

    return add
