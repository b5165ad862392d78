"""The vector of every memory row of a build, and the Arrow table LanceDB stores them in.

A fact's vector is its embedded text's: each distinct text once, from the cache or embedded
now; a session summary's is the unit-length mean of its facts' (no embedding call of its own).
An embedder that can run in a forked process (one with a ``preload`` module, as the offline
model has) embeds a large build in worker processes forked from the run's server
(:mod:`anamnesis.worker_server`), which loaded the model when the run started: no thread of
this process waits for the model or for the GIL (the tokenizer is Python), and this process
meanwhile loads LanceDB on its own core. Others embed on ``workers`` threads of this process.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass
from typing import TypeVar

import numpy as np
import polars as pl
import pyarrow as pa

from anamnesis import worker_server
from anamnesis.embeddings import Embedder, EmbeddingCache, l2_normalise
from anamnesis.memory.rows import TABLE_COLUMNS
from anamnesis.memory.shards import USER_KEY

#: Texts per embedding call, so a long first build reports progress and caches as it goes. The
#: calls' texts and order are part of the vectors: USE's bits depend on which texts share a
#: micro-batch, so this and the order of the missing texts stay as they are.
EMBED_BATCH = 1024
#: Fewer texts than this are embedded in this process: forking workers would cost more.
PROCESS_MIN_TEXTS = 2 * EMBED_BATCH
#: Session summaries whose vectors are averaged in one pass (bounds the stacked fact vectors).
MEAN_BATCH = 4096
Progress = Callable[[str, int, int], None]
Done = TypeVar("Done")


def row_vectors(
    embedder: Embedder,
    cache: EmbeddingCache,
    rows: pl.DataFrame,
    report: Progress,
    meanwhile: Callable[[], None] = lambda: None,
) -> tuple[dict[str, np.ndarray], int, int]:
    """The vector of each row's ``vector_key``, how many texts were embedded, how many cached.

    ``meanwhile`` is work that needs no vector, done on this thread while the texts are embedded
    (the forward pass runs outside the GIL), as is finding which fact vectors each session
    summary averages.
    """
    distinct = (
        rows.filter(pl.col("text_hash").is_not_null())
        .select("text_hash", "embedded")
        .unique("text_hash", maintain_order=True)
    )
    if distinct.is_empty():
        meanwhile()
        return {}, 0, 0

    def needs_no_vector() -> _SummaryPlan | None:
        meanwhile()
        return _summary_plan(rows)

    found = cache.get_many(embedder.name, distinct["text_hash"], embedder.dim)
    missing = distinct.filter(~pl.col("text_hash").is_in(list(found)))
    plan = _embed(embedder, cache, missing, found, report, needs_no_vector)
    if plan is not None:
        found.update(_summary_vectors(plan, found, threads=getattr(embedder, "workers", 1)))
    return found, missing.height, distinct.height - missing.height


def _embed(
    embedder: Embedder,
    cache: EmbeddingCache,
    missing: pl.DataFrame,
    found: dict[str, np.ndarray],
    report: Progress,
    meanwhile: Callable[[], Done],
) -> Done:
    """Embed ``missing`` texts in ``EMBED_BATCH`` calls, ``embedder.workers`` of them side by side
    (one when it has none), each cached and reported in order as it is done; what ``meanwhile``
    returned, called while they are embedded."""
    batches = [missing.slice(start, EMBED_BATCH) for start in range(0, missing.height, EMBED_BATCH)]
    preload: str | None = getattr(embedder, "preload", None)
    in_processes = preload is not None and missing.height >= PROCESS_MIN_TEXTS
    with (
        worker_server.serving([preload]) if in_processes else nullcontext(),
        _pool(embedder, in_processes=in_processes) as pool,
    ):
        embed = _embed_in_worker if in_processes else embedder.embed
        embedded = pool.map(embed, [batch["embedded"].to_list() for batch in batches])
        done = meanwhile()
        _collect(embedder, cache, batches, embedded, found, report, missing.height)
    return done


def workers_preload(embedder: Embedder, rows: int) -> list[str]:
    """What to serve the embedding workers with before a build of ``rows`` memory rows, if it is
    large enough to embed in worker processes: the embedder's preload, else nothing.

    Started as the build begins (:func:`anamnesis.worker_server.serving`), the server loads the
    model while the build reads its rows and finds its missing texts, instead of after (a large
    run in one process has it up from its start; a sharded run's memory step is a process of its
    own, and waited ~0.5-4 s for it, with the load). Rows are an upper bound on the texts to embed:
    a build whose texts are cached starts the server for nothing, on the step's idle core.
    """
    preload: str | None = getattr(embedder, "preload", None)
    return [preload] if preload is not None and rows >= PROCESS_MIN_TEXTS else []


def _pool(embedder: Embedder, *, in_processes: bool) -> Executor:
    workers = getattr(embedder, "workers", 1)
    if in_processes:
        return ProcessPoolExecutor(
            max_workers=workers,
            mp_context=worker_server.context(),
            initializer=_init_worker,
            initargs=(type(embedder),),
        )
    return ThreadPoolExecutor(max_workers=workers, thread_name_prefix="embed")


def _collect(
    embedder: Embedder,
    cache: EmbeddingCache,
    batches: list[pl.DataFrame],
    embedded: Iterator[np.ndarray],
    found: dict[str, np.ndarray],
    report: Progress,
    total: int,
) -> None:
    """Cache and keep each batch's vectors as it comes back, in order, reporting progress."""
    done = 0
    for batch, vectors in zip(batches, embedded, strict=True):
        fresh = dict(zip(batch["text_hash"], vectors, strict=True))
        cache.put_many(embedder.name, fresh)
        found.update(fresh)
        done += batch.height
        report("memory embeddings", done, total)


#: A worker process's embedder, built once by its initializer (the model is the server's).
_worker_embedder: Embedder | None = None


def _init_worker(factory: Callable[[], Embedder]) -> None:
    global _worker_embedder
    _worker_embedder = factory()


def _embed_in_worker(texts: list[str]) -> np.ndarray:
    assert _worker_embedder is not None
    return _worker_embedder.embed(texts)


@dataclass(frozen=True, slots=True)
class _SummaryPlan:
    """Which fact vectors each session summary of a build averages, found from the rows alone.

    ``keys[i]`` is summary ``i``'s vector key; its parts are the texts
    ``hashes[flat[offsets[i]:offsets[i] + sizes[i]]]``.
    """

    keys: list[str]
    hashes: list[str]
    flat: np.ndarray
    offsets: np.ndarray
    sizes: np.ndarray


def _summary_plan(rows: pl.DataFrame) -> _SummaryPlan | None:
    """The plan of the session summaries among ``rows`` (None if there are none).

    Which fact vectors a summary averages is found with a join (one matrix row per distinct
    fact text, one index per part), not per part in Python.
    """
    summaries = rows.filter(pl.col("parts").is_not_null())
    if summaries.is_empty():
        return None
    facts = rows.filter(pl.col("parts").is_null()).select(USER_KEY, pl.col("fact_id").alias("part"), "text_hash")
    hashes = facts["text_hash"].unique(maintain_order=True)
    index = pl.DataFrame({"text_hash": hashes}).with_row_index("vector")
    of_part = facts.unique([USER_KEY, "part"], keep="last").join(index, on="text_hash")
    vector = (
        summaries.select(USER_KEY, pl.col("parts").alias("part"))
        .explode("part")
        .join(of_part.select(USER_KEY, "part", "vector"), on=[USER_KEY, "part"], how="left", maintain_order="left")
        ["vector"]
    )
    if vector.null_count():
        raise KeyError("a session summary's part is not a fact of its user's memory")
    sizes = summaries["parts"].list.len().to_numpy().astype(np.int64)
    return _SummaryPlan(
        keys=summaries["vector_key"].to_list(),
        hashes=hashes.to_list(),
        flat=vector.to_numpy().astype(np.int64),
        offsets=np.concatenate([[0], np.cumsum(sizes)]),
        sizes=sizes,
    )


def _summary_vectors(
    plan: _SummaryPlan, found: dict[str, np.ndarray], *, threads: int
) -> Iterator[tuple[str, np.ndarray]]:
    """The vector of each session summary's row: the unit-length mean of its parts' vectors.

    ``MEAN_BATCH`` summaries a pass, ``threads`` passes side by side (numpy works outside the
    GIL; each pass's arithmetic is what it is alone, so the bits do not depend on the threads).
    """
    matrix = np.stack([found[h] for h in plan.hashes])
    starts = range(0, len(plan.keys), MEAN_BATCH)

    def means(start: int) -> np.ndarray:
        stop = min(start + MEAN_BATCH, len(plan.keys))
        return _means(matrix, plan.flat, plan.offsets[start:stop], plan.sizes[start:stop])

    with ThreadPoolExecutor(max_workers=max(1, threads), thread_name_prefix="summary-means") as pool:
        for start, batch in zip(starts, pool.map(means, starts), strict=True):
            yield from zip(plan.keys[start : start + MEAN_BATCH], batch, strict=True)


def _means(matrix: np.ndarray, flat: np.ndarray, starts: np.ndarray, sizes: np.ndarray) -> np.ndarray:
    """The unit-length mean of each group of unit vectors (rows of ``matrix``; group ``i`` is
    ``flat[starts[i]:starts[i] + sizes[i]]``): what a session summary's facts point to together.
    Groups of one size are averaged in one ``np.mean`` over a stacked axis, which gives bit for
    bit the mean of each group alone."""
    out = np.empty((len(sizes), matrix.shape[1]), dtype=np.float32)
    for size in np.unique(sizes):
        members = np.flatnonzero(sizes == size)
        stacked = matrix[flat[starts[members, None] + np.arange(size)]]
        out[members] = np.mean(stacked, axis=1)
    return l2_normalise(out)


def to_arrow(rows: pl.DataFrame, *, vectors: dict[str, np.ndarray], dim: int) -> pa.Table:
    """One shard's rows as LanceDB stores them, vectors attached (made per shard, so a large
    build never holds every row's vector at once)."""
    columns = rows.select(TABLE_COLUMNS).to_arrow()
    matrix = (np.stack([vectors[h] for h in rows["vector_key"]]) if rows.height else np.empty((0, dim))).astype(
        np.float32, copy=False
    )
    return columns.cast(_small_strings(columns.schema)).append_column(
        "vector", pa.FixedSizeListArray.from_arrays(pa.array(matrix.reshape(-1), pa.float32()), dim)
    )


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
