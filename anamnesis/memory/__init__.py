"""Long-term memory for retrieval: memory texts and vectors of every user in LanceDB shard tables."""

from __future__ import annotations

from anamnesis.memory.build import BuildStats
from anamnesis.memory.erase import forget_user
from anamnesis.memory.paths import memory_dir
from anamnesis.memory.shards import shard_of
from anamnesis.memory.store import MemoryHit, MemoryStore
from anamnesis.memory.texts import MemoryText, memory_text

__all__ = [
    "BuildStats",
    "MemoryHit",
    "MemoryStore",
    "MemoryText",
    "forget_user",
    "memory_dir",
    "memory_text",
    "shard_of",
]
