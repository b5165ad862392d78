"""The embedding cache's owners: a build that rewrites some users releases only their vectors,
and a full sweep or ``forget`` removes every vector no one owns."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from anamnesis.embeddings import EmbeddingCache
from anamnesis.erasure.ownership import user_key

EMBEDDER = "test-embedder"
DIM = 4


def _vectors(*hashes: str) -> dict[str, np.ndarray]:
    return {h: np.full(DIM, i, dtype=np.float32) for i, h in enumerate(hashes)}


def _cached(cache: EmbeddingCache, *hashes: str) -> set[str]:
    return set(cache.get_many(EMBEDDER, hashes, DIM))


def test_new_owners_release_only_their_old_vectors(tmp_path: Path) -> None:
    with EmbeddingCache(tmp_path / "cache.sqlite") as cache:
        cache.put_many(EMBEDDER, _vectors("a", "b", "shared", "stray"))  # "stray": cached, never owned
        cache.set_owners(EMBEDDER, {"u1": ["a", "shared"], "u2": ["b", "shared"]})
        cache.set_owners(EMBEDDER, {"u1": ["shared"]})  # u1's facts changed: "a" is no one's now
        assert _cached(cache, "a", "b", "shared", "stray") == {"b", "shared", "stray"}
        cache.drop_owners(["u2"])  # u2 gone: "b" goes, "shared" is still u1's
        assert _cached(cache, "b", "shared", "stray") == {"shared", "stray"}
        assert cache.prune() == 1  # the full sweep finds the vector no build recorded an owner for
        assert _cached(cache, "shared", "stray") == {"shared"}


def test_forget_removes_every_unowned_vector(tmp_path: Path) -> None:
    with EmbeddingCache(tmp_path / "cache.sqlite") as cache:
        cache.put_many(EMBEDDER, _vectors("theirs", "stray", "other"))
        cache.set_owners(EMBEDDER, {user_key("u1"): ["theirs"], user_key("u2"): ["other"]})
        assert cache.forget_user("u1") == 1
        assert _cached(cache, "theirs", "stray", "other") == {"other"}
