"""The FastAPI application of CONTRACT §4.

Every ``/v1`` route needs a bearer token. The user id is taken from the *raw* request path and
percent-decoded once, so an id holding ``/``, ``%``, quotes or NUL is read exactly as the
client encoded it; every query is bound to that one id.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Annotated, Any, Literal

import orjson
from fastapi import Depends, FastAPI, HTTPException, Query
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from anamnesis.api.access_log import AccessLog
from anamnesis.api.auth import RequireToken, TokenVerifier, document_bearer
from anamnesis.api.context import Draft, UserFacts, render_fact
from anamnesis.api.docs import add_offline_docs
from anamnesis.api.errors import V1_ERRORS
from anamnesis.api.log_queue import queued_logs
from anamnesis.api.measurement_routes import (
    context_extras,
    extras_asked,
    extras_need_no_query,
    fit_context,
    measurement_router,
)
from anamnesis.api.memory_routes import add_memory_routes
from anamnesis.api.memos import FACT_LINES, OPEN_CONFLICTS, SERVED_MEMOS, TOKEN_COUNTS, USER_FACTS
from anamnesis.api.metrics import add_metrics
from anamnesis.api.pagination import PageParams, event_key, fact_key
from anamnesis.api.paths import UserId, UserSegmentRouting, raw_user_id
from anamnesis.api.review_routes import include_review, open_conflicts
from anamnesis.api.warehouse_reader import WarehouseReader, WarehouseView
from anamnesis.config import Settings
from anamnesis.summaries.recall import asks_about_earlier_chats, recalled_chats
from schemas.sections import SECTIONS

log = logging.getLogger(__name__)

MAX_BODY_BYTES = 64 * 1024
#: Questions (with their recent turns) up to this length are routed on the event loop.
INLINE_ROUTE_CHARS = 2_000
#: Lines whose token counts are remembered (the same fact lines recur from request to request):
#: room for two forms (chosen, "Related") of each of the 64,607 facts of the 2,048 users the
#: server prefetches in the 200,000-message benchmark; with half of it, they evicted each other.
TOKEN_COUNT_CACHE = 131_072
#: Fact lines remembered (:data:`FACT_LINES`): every fact of the 2,048 prefetched users, twice over.
FACT_LINE_CACHE = 131_072
#: Users whose arranged facts (:data:`USER_FACTS`) are kept: twice the users whose facts are cached.
USER_FACTS_CACHE = 4_096
#: How long a thread may keep the GIL while another waits for it (CPython's default: 5 ms). The
#: event loop gives the GIL up at each system call (a socket read or write, a file's stat) and
#: then waits for it while the embedding thread runs the model's Python parts (its tokenizer):
#: up to 5 ms a time with the default.
GIL_SWITCH_INTERVAL_S = 0.0005


class Turn(BaseModel):
    role: Literal["user", "assistant"]
    text: str = Field(max_length=8_000)


class ContextRequest(BaseModel):
    query: str = Field(min_length=1, max_length=8_000)
    recent_turns: list[Turn] = Field(default_factory=list, max_length=20)
    max_tokens: int = Field(default=800, ge=32, le=16_000)


class FactOut(BaseModel):
    fact_id: str
    section: str
    entity: str
    status: str
    attributes: dict[str, Any]
    valid_from: str
    first_seen: str | None = None
    last_seen: str | None = None
    source_message_id: str
    decayed: bool | None = None
    confidence: float | None = None
    important: bool | None = None


class FactsResponse(BaseModel):
    user_id: str
    facts: list[FactOut]
    next_cursor: str | None = None


class HistoryResponse(BaseModel):
    fact_id: str
    events: list[dict[str, Any]]
    next_cursor: str | None = None


class ContextResponse(BaseModel):
    sections: list[str]
    facts: list[FactOut]
    not_discussed: list[str]
    context: str
    conflicts: list[dict[str, Any]] = Field(default_factory=list)
    #: CONTRACT §7.3 / §7.4: readings of the tests the query is about, and the drugs it names, checked.
    measurements: list[dict[str, Any]] = Field(default_factory=list)
    checks: list[dict[str, Any]] = Field(default_factory=list)
    #: Summaries of earlier chats the block states, for a question about them (``session_summaries``).
    summaries: list[dict[str, Any]] = Field(default_factory=list)




class BodyLimit:
    """Answers 413 to a request body over ``limit`` bytes, declared or (chunked) actually sent.

    A plain ASGI middleware: a declared ``content-length`` over the limit is refused before
    anything is read; a body without one is read up to the limit, then handed on.
    """

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = next((v for k, v in scope["headers"] if k == b"content-length"), None)
        if length is not None:
            if not length.isdigit() or int(length) > self.limit:
                await self._too_large(scope, send)
                return
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                await self.app(scope, _replay([message], receive), send)
                return
            size += len(message.get("body", b""))
            if size > self.limit:
                await self._too_large(scope, send)
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        await self.app(scope, _replay([body], receive), send)

    @staticmethod
    async def _too_large(scope: dict[str, Any], send: Any) -> None:
        await JSONResponse({"detail": "request body too large"}, status_code=413)(scope, _no_receive, send)


def _replay(messages: list[dict[str, Any]], receive: Any) -> Any:
    pending = list(messages)

    async def replay() -> dict[str, Any]:
        return pending.pop(0) if pending else await receive()

    return replay


async def _no_receive() -> dict[str, Any]:  # pragma: no cover - a plain response never reads
    return {"type": "http.disconnect"}


def create_app(settings: Settings, *, replica_of: str | None = None) -> FastAPI:
    """Build the app for one home; the router and the embedder are loaded when the server starts.

    ``replica_of``: the ``s3://`` home that ``settings.home`` mirrors; the review write routes
    then refuse every write, saying where writes go.
    """
    from anamnesis.api.memories import MemorySearch
    from anamnesis.api.routing import QueryRouter
    from anamnesis.api.tokens import TokenCounter

    verifier = TokenVerifier(settings.api_tokens + settings.review_tokens)  # reviewers read too
    reader = WarehouseReader(
        settings.warehouse_path, prefetch_users=settings.api_prefetch_users, prefetch_memos=SERVED_MEMOS
    )
    count_tokens = TokenCounter()
    router = QueryRouter()
    search_memories = MemorySearch(settings)

    def token_counter(warehouse: WarehouseView) -> Callable[[str], int]:
        """``count_tokens`` cached in ``warehouse``'s file's memo, so the cached lines go with it."""
        counts: dict[str, int] | None = warehouse.memo(TOKEN_COUNTS)
        if counts is None:  # no warehouse built yet: nothing worth caching
            return count_tokens

        def counted(text: str) -> int:
            n = counts.get(text)
            if n is None:
                if len(counts) >= TOKEN_COUNT_CACHE:
                    counts.clear()
                n = counts[text] = count_tokens(text)
            return n

        return counted

    def fact_lines(warehouse: WarehouseView) -> Callable[[dict[str, Any]], str]:
        """``render_fact`` remembered by fact id in ``warehouse``'s file's memo (a fact's line
        is fixed for as long as the file is), so the lines go with the file."""
        lines: dict[str, str] | None = warehouse.memo(FACT_LINES)
        if lines is None:  # no warehouse built yet
            return render_fact

        def rendered(fact: dict[str, Any]) -> str:
            line = lines.get(fact["fact_id"])
            if line is None:
                if len(lines) >= FACT_LINE_CACHE:
                    lines.clear()
                line = lines[fact["fact_id"]] = render_fact(fact)
            return line

        return rendered

    def arranged(warehouse: WarehouseView, user_id: str, facts: list[dict[str, Any]]) -> UserFacts | None:
        """The cached ``facts`` of ``user_id`` arranged for the block, kept in ``warehouse``'s memo
        for as long as the cache holds that very list (None: no warehouse built yet)."""
        kept: dict[str, UserFacts] | None = warehouse.memo(USER_FACTS)
        if kept is None:
            return None
        prepared = kept.get(user_id)
        if prepared is None or prepared.facts is not facts:
            if len(kept) >= USER_FACTS_CACHE:
                kept.clear()
            prepared = kept[user_id] = UserFacts(facts)
        return prepared

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        with queued_logs():  # the access line of each request: never a write to stderr on the loop
            async with serving():
                yield

    @asynccontextmanager
    async def serving() -> AsyncIterator[None]:
        # ``context`` runs on the event loop: nothing it needs may load on a first request. The
        # most recent writers' facts and memory tables are read now, not on their first question.
        started = time.perf_counter()

        def hot_set() -> tuple[list[str], int]:
            users = reader.prefetch()
            # their facts arranged for the block, and each fact's own line, now, not on a first question
            with reader.view() as warehouse:
                render, count = fact_lines(warehouse), token_counter(warehouse)
                for user_id in users:
                    if (facts := warehouse.cached_facts(user_id, shared=True)) is not None \
                            and (prepared := arranged(warehouse, user_id, facts)) is not None:
                        prepared.all_lines(render, count)
            return users, search_memories.warm_up(users)

        # Side by side: the router's vocabularies are Python, the hot set mostly DuckDB, LanceDB
        # and the model's weights, which read outside the GIL.
        _, (users, tables) = await asyncio.gather(run_in_threadpool(router.warm_up), run_in_threadpool(hot_set))
        # What was loaded lives as long as the server: keep it out of every later garbage
        # collection (a full pass over it stalled requests for half a second).
        gc.collect()
        gc.freeze()
        sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)
        log.info(
            "ready in %.1f s: facts of %d users and %d memory tables cached",
            time.perf_counter() - started,
            len(users),
            tables,
        )
        reader.watch()  # a rebuilt or erased warehouse is followed even when no request comes
        try:
            yield
        finally:
            reader.close()

    app = FastAPI(
        title="anamnesis",
        version="1",
        description="Long-term medical memory: read API.",
        lifespan=lifespan,
        redirect_slashes=False,  # ``/v1/users/a/facts/`` is another path: 404, not a redirect
        docs_url=None,  # served by add_offline_docs, with no asset from another host
        redoc_url=None,
    )
    add_offline_docs(app)
    document_bearer(app)

    # The last added runs first: the token is checked before the path is routed or the body read.
    app.add_middleware(BodyLimit, limit=MAX_BODY_BYTES)
    app.add_middleware(AccessLog, metrics=add_metrics(app, reader))
    app.add_middleware(UserSegmentRouting)
    app.add_middleware(RequireToken, verify=verifier.verify)

    @app.get("/healthz")
    def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.get(
        "/v1/users/{user_id}/facts/{fact_id}/history",
        response_model=HistoryResponse,
        responses=V1_ERRORS,
    )
    def history(user_id: UserId, fact_id: str, page: PageParams) -> HistoryResponse:
        events = reader.history(user_id, fact_id)
        if not events:
            raise HTTPException(status_code=404, detail="no such fact")
        events, next_cursor = page.apply(events, event_key)
        return HistoryResponse(fact_id=fact_id, events=events, next_cursor=next_cursor)

    @app.get("/v1/users/{user_id}/facts", response_model=FactsResponse, responses=V1_ERRORS)
    def facts(
        user_id: UserId,
        page: PageParams,
        section: Annotated[str | None, Query(json_schema_extra={"enum": list(SECTIONS)})] = None,
        status: Annotated[str | None, Query()] = None,
    ) -> FactsResponse:
        if section is not None and section not in SECTIONS:
            raise HTTPException(status_code=400, detail=f"unknown section; one of {', '.join(SECTIONS)}")
        items, next_cursor = page.apply(reader.facts(user_id, section=section, status=status), fact_key)
        return FactsResponse(user_id=user_id, facts=items, next_cursor=next_cursor)

    @app.post("/v1/users/{user_id}/context", response_model=ContextResponse, responses=V1_ERRORS)
    async def context(user_id: UserId, body: ContextRequest) -> Response:
        # On the event loop: a cached user costs no thread hand-off; reads go to the pool, and so
        # does routing a long text, which would hold up every other request meanwhile.
        turns = [(t.role, t.text) for t in body.recent_turns]
        if len(body.query) + sum(len(text) for _, text in turns) <= INLINE_ROUTE_CHARS:
            route = router.route(body.query, turns)
        else:
            route = await run_in_threadpool(router.route, body.query, turns)
        with reader.view() as warehouse:  # every read of this request from one warehouse file
            # shared, not copied: nothing below changes a fact (the block copies those it keeps)
            user_facts = warehouse.cached_facts(user_id, shared=True)
            cached = user_facts is not None
            if user_facts is None:
                user_facts = await run_in_threadpool(warehouse.facts, user_id)
            recalled: list[dict[str, Any]] = []
            if asks_about_earlier_chats(body.query):
                recalled = await run_in_threadpool(warehouse.read, lambda cur: recalled_chats(cur, user_id), [])
            if warehouse.has_memo(OPEN_CONFLICTS):
                conflicts = open_conflicts(warehouse, user_id)
            else:  # a DuckDB query: not on the loop
                conflicts = await run_in_threadpool(open_conflicts, warehouse, user_id)
            counted = token_counter(warehouse)
            render = fact_lines(warehouse)
            draft = Draft(
                user_facts, route.sections, max_tokens=body.max_tokens, count_tokens=counted,
                drug_question=route.drug_question, conflicts=conflicts, recalled=recalled,
                render=render,
                prepared=arranged(warehouse, user_id, user_facts) if cached else None,
            )
            # The vector search runs only if its hits could still be used.
            hits = await search_memories(user_id, body.query, 8, named=route.named) if draft.wants_memories else ()
            result = draft.finish(hits)
            safety, trends, measured, checks = [], [], [], []
            tests, drugs = extras_asked(body.query, route)
            if tests or drugs:  # a test, an organ or a drug: §7.3 and §7.4
                if extras_need_no_query(warehouse):  # the usual case: memos only, on the loop
                    extras = context_extras(warehouse, user_id, user_facts, tests, drugs)
                else:
                    extras = await run_in_threadpool(context_extras, warehouse, user_id, user_facts, tests, drugs)
                safety, trends, measured, checks = extras
                result.context = fit_context(result.context, safety, trends, body.max_tokens, counted)
                # the extras may have pushed a chat's line out of the block: list only those it still states
                result.summaries = [s for s in result.summaries if s["summary"] in result.context]
        # Serialised here, without a second validation pass: every field comes from our own
        # tables (``response_model`` still documents the shape).
        payload = {
            "sections": result.sections,
            "facts": result.facts,
            "not_discussed": result.not_discussed,
            "context": result.context,
            "conflicts": result.conflicts,
            "measurements": measured,
            "checks": checks,
            "summaries": result.summaries,
        }
        return Response(orjson.dumps(payload), media_type="application/json")

    include_review(app, settings, reader, replica_of=replica_of)
    add_memory_routes(app, search_memories, user_id=Depends(raw_user_id))
    app.include_router(measurement_router(reader, raw_user_id))
    app.state.reader = reader
    app.state.memories = search_memories
    return app
