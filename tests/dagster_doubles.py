"""Test implementations of the pipeline's resources, swapped in with ``dg.materialize`` or ``run_backfill``.

Each subclasses the real resource and overrides the one method that builds the real thing, so
an asset cannot tell the difference except by what comes out.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator

import numpy as np

from anamnesis.config import Settings
from anamnesis.embeddings import Embedder, l2_normalise
from anamnesis.understanding import Backend
from anamnesis.understanding.backend import BackendStats, Understanding
from assets.memory.resources import MemoryResource
from assets.understanding.resources import UnderstandingResource
from schemas.events import Fragment


class KeywordBackend:
    """Proposes ``chronic_conditions/<word>`` for every scripted word in a fragment, nothing else."""

    name = "keywords"
    pure = True

    def __init__(self, words: tuple[str, ...]) -> None:
        self.words = words
        self.stats = BackendStats()

    def fingerprint(self) -> str:
        return hashlib.sha256("|".join(self.words).encode()).hexdigest()[:12]

    def extractor_version(self, section: str) -> str:
        return f"keywords-{self.fingerprint()}"

    def understand(self, fragments: Iterable[Fragment]) -> Iterator[Understanding]:
        for fragment in fragments:
            self.stats.calls += 1
            events = [
                {"section": "chronic_conditions", "entity": w, "status": "active", "mention": w}
                for w in self.words
                if w in fragment.text.lower()
            ]
            yield Understanding(fragment.fragment_id, ("chronic_conditions",) if events else (), events)


class KeywordUnderstanding(UnderstandingResource):
    """The understanding resource with a scripted backend instead of rules or an LLM."""

    words: list[str] = ["asthma", "gout"]

    def backend(self, settings: Settings) -> Backend:
        return KeywordBackend(tuple(self.words))


class HashEmbedder:
    """Deterministic 16-dimensional vectors from a hash of the text: no model to load."""

    name = "hash-16"
    dim = 16

    def warm_up(self) -> None:
        pass

    def embed(self, texts: list[str]) -> np.ndarray:
        rows = [np.frombuffer(hashlib.sha256(t.encode()).digest()[:16], dtype=np.uint8) for t in texts]
        return l2_normalise(np.array(rows, dtype=np.float32).reshape(len(texts), self.dim) + 1.0)


class HashMemory(MemoryResource):
    """The memory resource with :class:`HashEmbedder` instead of USE or an embeddings server."""

    def embedder(self, settings: Settings) -> Embedder:
        return HashEmbedder()
