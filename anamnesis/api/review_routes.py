"""The API's conflict and review routes (CONTRACT §7.1, §7.2), and the review page's router.

Read routes take a read or a reviewer token; write routes only a reviewer token (a read token
gets 403). A replica serving an ``s3://`` home takes no writes at all (they would land in its
local mirror, never in the bucket): every token gets 403 there, with where writes go instead.
The token is checked before anything else, the path shape next: exactly one percent-encoded
user id segment, or 404 without reading anyone. Writes go through
:mod:`anamnesis.review.record`, which folds again, so the answer already reflects them."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, FastAPI, HTTPException, Query, Request
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from anamnesis.api.auth import BearerToken, TokenVerifier
from anamnesis.api.errors import V1_ERRORS
from anamnesis.api.memos import OPEN_CONFLICTS
from anamnesis.api.pagination import PageParams
from anamnesis.api.paths import UserId
from anamnesis.api.warehouse_reader import WarehouseReader, WarehouseView
from anamnesis.config import Settings
from anamnesis.review.queries import CONFLICT_STATUSES, conflicts
from anamnesis.review.record import ReviewError, correct_fact, resolve_conflict
from anamnesis.storage.lock import HomeBusy


class ConflictsResponse(BaseModel):
    user_id: str
    conflicts: list[dict[str, Any]]
    next_cursor: str | None = None


def conflict_key(row: dict[str, Any]) -> tuple[str, ...]:
    """Position of a conflict in list order (later statement's time, section, entity, id)."""
    return (str(row["later_valid_from"]), str(row["section"]), str(row["entity"]), str(row["conflict_id"]))


class ResolutionRequest(BaseModel):
    outcome: Literal["earlier_stands", "later_stands"]
    source: Literal["user", "clinician"] = "user"
    note: str | None = Field(default=None, max_length=2_000)


class ResolutionResponse(BaseModel):
    resolution_id: str
    conflict: dict[str, Any] | None


class CorrectionRequest(BaseModel):
    status: str | None = None
    entity: str | None = Field(default=None, max_length=200)
    attributes: dict[str, str | int | float | None] | None = None
    retract: bool | None = None
    reviewer: str = Field(min_length=1, max_length=200)
    note: str | None = Field(default=None, max_length=2_000)


class CorrectionResponse(BaseModel):
    correction_id: str
    fact: dict[str, Any] | None


class Roles:
    """The two kinds of token: read (``ANAMNESIS_API_TOKENS``) and reviewer (``ANAMNESIS_REVIEW_TOKENS``)."""

    def __init__(self, settings: Settings, *, replica_of: str | None = None) -> None:
        self.read = TokenVerifier(settings.api_tokens)
        self.review = TokenVerifier(settings.review_tokens)
        self.replica_of = replica_of

    def reader(self, request: Request, _: BearerToken) -> None:
        header = request.headers.get("authorization")
        if not (self.review.verify(header) or self.read.verify(header)):
            raise HTTPException(status_code=401, detail="unauthorized", headers={"WWW-Authenticate": "Bearer"})

    def reviewer(self, request: Request, _: BearerToken) -> None:
        header = request.headers.get("authorization")
        if self.replica_of is not None and (self.review.verify(header) or self.read.verify(header)):
            raise HTTPException(status_code=403, detail=(
                f"this server is a read replica of {self.replica_of} and takes no review writes; record them "
                f"against the home: `anamnesis resolve CONFLICT_ID --outcome ... --home {self.replica_of}`"))
        if self.review.verify(header):
            return
        if self.read.verify(header):
            raise HTTPException(status_code=403, detail="a reviewer token is needed for this route")
        raise HTTPException(status_code=401, detail="unauthorized", headers={"WWW-Authenticate": "Bearer"})


def open_conflicts(reader: WarehouseReader | WarehouseView, user_id: str) -> list[dict[str, Any]]:
    """The user's open conflicts, from the per-warehouse memo."""
    return reader.memo(OPEN_CONFLICTS).get(user_id, [])


def _refused(exc: Exception) -> HTTPException:
    if isinstance(exc, HomeBusy):
        return HTTPException(status_code=503, detail="a backfill is running; retry", headers={"Retry-After": "5"})
    if isinstance(exc, FileNotFoundError):
        return HTTPException(status_code=503, detail="no warehouse yet")
    assert isinstance(exc, ReviewError)
    return HTTPException(status_code=exc.status, detail=str(exc))


def api_router(settings: Settings, reader: WarehouseReader, roles: Roles) -> APIRouter:
    router = APIRouter(responses=V1_ERRORS)

    @router.get(
        "/v1/users/{user_id}/conflicts",
        dependencies=[Depends(roles.reader)],
        response_model=ConflictsResponse,
    )
    def list_conflicts(
        user_id: UserId,
        page: PageParams,
        status: Annotated[str | None, Query(json_schema_extra={"enum": list(CONFLICT_STATUSES)})] = None,
    ) -> ConflictsResponse:
        if status is not None and status not in CONFLICT_STATUSES:
            raise HTTPException(status_code=400, detail=f"unknown status; one of {', '.join(CONFLICT_STATUSES)}")
        rows = reader.read(lambda con: conflicts(con, user_id, status=status), [])
        items, next_cursor = page.apply(sorted(rows, key=conflict_key), conflict_key)
        return ConflictsResponse(user_id=user_id, conflicts=items, next_cursor=next_cursor)

    @router.post(
        "/v1/users/{user_id}/conflicts/{conflict_id}/resolution",
        dependencies=[Depends(roles.reviewer)],
        response_model=ResolutionResponse,
    )
    async def resolution(user_id: UserId, conflict_id: str, body: ResolutionRequest) -> ResolutionResponse:
        try:
            row = await run_in_threadpool(
                resolve_conflict,
                settings,
                user_id,
                conflict_id,
                outcome=body.outcome,
                source=body.source,
                note=body.note,
            )
        except (ReviewError, HomeBusy, FileNotFoundError) as exc:
            raise _refused(exc) from exc
        after = reader.read(lambda con: conflicts(con, user_id), [])
        return ResolutionResponse(
            resolution_id=row["resolution_id"],
            conflict=next((c for c in after if c["conflict_id"] == conflict_id), None),
        )

    @router.post(
        "/v1/users/{user_id}/facts/{fact_id}/corrections",
        dependencies=[Depends(roles.reviewer)],
        response_model=CorrectionResponse,
    )
    async def correction(user_id: UserId, fact_id: str, body: CorrectionRequest) -> CorrectionResponse:
        change = body.model_dump(include={"status", "entity", "attributes", "retract"}, exclude_none=True)
        try:
            row = await run_in_threadpool(
                correct_fact, settings, user_id, fact_id, change, reviewer=body.reviewer, note=body.note
            )
        except (ReviewError, HomeBusy, FileNotFoundError) as exc:
            raise _refused(exc) from exc
        facts = await run_in_threadpool(reader.facts, user_id)
        target = change.get("entity")
        fact = next((f for f in facts if f["fact_id"] == fact_id or (target and f["entity"] == target)), None)
        return CorrectionResponse(correction_id=row["correction_id"], fact=fact)

    return router


def include_review(app: FastAPI, settings: Settings, reader: WarehouseReader, *, replica_of: str | None = None) -> None:
    """Add the conflict and review routes and the ``/review`` page to ``app`` (one line in app.py);
    read-only when the server is a replica of the object-store home ``replica_of``."""
    from anamnesis.api.review_page import page_router

    roles = Roles(settings, replica_of=replica_of)
    app.include_router(api_router(settings, reader, roles))
    app.include_router(page_router(settings, reader, roles))
