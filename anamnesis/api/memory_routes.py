"""``GET /v1/users/{user_id}/memories``: semantic search over one user's memories (CONTRACT §7.6).

What mem0's ``search`` and Zep's memory search give their users: the nearest memories to a
question, with the text that was embedded and the score, from that user's own rows only (the
shard read is bound to the SHA-256 of the id the path holds; see ``anamnesis.memory.shards``).
"""

# No ``from __future__ import annotations``: the route's signature holds the app's own user-id
# dependency, which FastAPI must see as an object, not as a name to resolve in this module.
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import FastAPI, Query
from pydantic import BaseModel

from anamnesis.api.errors import V1_ERRORS

if TYPE_CHECKING:
    from anamnesis.api.memories import MemorySearch

#: The most memories one search returns.
MAX_MEMORIES = 100


class MemoryOut(BaseModel):
    fact_id: str
    text: str
    score: float
    section: str
    entity: str
    status: str
    valid_from: str
    source_message_id: str


class MemoriesResponse(BaseModel):
    user_id: str
    memories: list[MemoryOut]


def add_memory_routes(app: FastAPI, search: "MemorySearch", *, user_id: Any) -> None:
    """Register the search route; ``user_id`` is the app's dependency reading the raw path segment."""

    @app.get("/v1/users/{user_id}/memories", response_model=MemoriesResponse, responses=V1_ERRORS)
    async def memories(
        uid: Annotated[str, user_id],
        query: Annotated[str, Query(min_length=1, max_length=8_000, description="What to look for.")],
        limit: Annotated[int, Query(ge=1, le=MAX_MEMORIES)] = 10,
    ) -> MemoriesResponse:
        hits = await search.hits(uid, query, limit)
        return MemoriesResponse(
            user_id=uid,
            memories=[
                MemoryOut(
                    fact_id=h.fact_id, text=h.text, score=h.score, section=h.section, entity=h.entity,
                    status=h.status, valid_from=h.valid_from.isoformat(), source_message_id=h.source_message_id,
                )
                for h in hits
            ],
        )
