"""The API's view of the per-user memory tables: nearest memories of one user only."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from anamnesis.api.context import Memory
from anamnesis.config import Settings


def memory_search(settings: Settings) -> Callable[[str, str, int], Sequence[Memory]]:
    """A search function over ``<home>/memory``; the embedder loads on first use."""
    from anamnesis.embeddings import make_embedder
    from anamnesis.memory.store import MemoryStore, memory_dir

    store = MemoryStore(memory_dir(settings.home), make_embedder(settings))

    def search(user_id: str, query: str, limit: int) -> list[Memory]:
        return [Memory(hit.fact_id, hit.score) for hit in store.search(user_id, query, limit=limit)]

    return search
