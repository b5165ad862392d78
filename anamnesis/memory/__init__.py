"""Long-term memory for retrieval: one LanceDB table of memory texts and vectors per user."""

from __future__ import annotations

from anamnesis.memory.rows import table_name
from anamnesis.memory.store import BuildStats, MemoryHit, MemoryStore, forget_user, memory_dir
from anamnesis.memory.texts import MemoryText, memory_text

__all__ = [
    "BuildStats",
    "MemoryHit",
    "MemoryStore",
    "MemoryText",
    "forget_user",
    "memory_dir",
    "memory_text",
    "table_name",
]
