"""The one interface every embedding backend implements, and the normalisation they share."""

from __future__ import annotations

from typing import Protocol

import numpy as np


class Embedder(Protocol):
    """Turns texts into unit vectors; ``name`` identifies the vector space (cache and table key).

    One that sets ``workers`` (an int) has ``embed`` called by that many threads at once in a build;
    one that also names a ``preload`` module (importing it loads the model) may instead be built
    with no arguments in that many worker processes forked after the import.
    """

    @property
    def name(self) -> str: ...

    @property
    def dim(self) -> int: ...

    def embed(self, texts: list[str]) -> np.ndarray:
        """A float32 array of shape ``(len(texts), dim)``, each row of L2 norm 1."""
        ...

    def warm_up(self) -> None:
        """Load whatever the first ``embed`` would load, so a build can do it in the background."""
        ...


def l2_normalise(vectors: np.ndarray) -> np.ndarray:
    """Rows scaled to unit length (zero rows stay zero), as float32, so a dot product is a cosine."""
    out = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    return out / np.where(norms > 0, norms, 1.0).astype(np.float32)
