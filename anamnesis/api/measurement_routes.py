"""Routes of CONTRACT §7.3 and §7.4: a user's measurements, and the safety check of a drug.

``GET /v1/users/{user_id}/measurements?test=`` lists readings oldest first (``test`` in any
language: "ALT", "гликированный гемоглобин"). ``POST /v1/users/{user_id}/check`` checks a
drug against the user's allergies, medications and open conflicts. :func:`context_extras`
gives the context route the same: trend lines when the question is about a test or an organ,
and safety lines when it asks about a drug. Every read is bound to the one user id of the path.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Query
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from anamnesis.api.errors import V1_ERRORS
from anamnesis.api.memos import MEASUREMENTS, OPEN_CONFLICTS
from anamnesis.api.pagination import PageParams
from anamnesis.api.review_routes import open_conflicts
from anamnesis.api.routing import Route
from anamnesis.api.tokens import count_joined
from anamnesis.api.warehouse_reader import WarehouseReader, WarehouseView
from anamnesis.measurements.catalog import load_catalog
from anamnesis.measurements.read import tests_for_query
from anamnesis.measurements.trend import trend_lines
from anamnesis.safety.check import check_drug, render_flags


class CheckRequest(BaseModel):
    drug: str = Field(min_length=1, max_length=200)


class Flag(BaseModel):
    kind: str
    reason: str
    fact_id: str | None = None
    cross_reactive: bool | None = None
    source: str | None = None


class CheckResponse(BaseModel):
    drug: str
    canonical: str | None
    codes: list[str]
    flags: list[Flag]
    facts: list[dict[str, Any]]


class MeasurementsResponse(BaseModel):
    user_id: str
    measurements: list[dict[str, Any]]
    next_cursor: str | None = None


def _measurements(
    reader: WarehouseReader | WarehouseView, user_id: str, tests: Sequence[str] | None
) -> list[dict[str, Any]]:
    """The user's readings (of ``tests`` if given), oldest first, as copies (from the memo)."""
    readings = reader.memo(MEASUREMENTS).get(user_id, [])
    wanted = None if tests is None else set(tests)
    return [dict(r) for r in readings if wanted is None or r["test"] in wanted]


def _check(reader: WarehouseReader, user_id: str, drug: str) -> dict[str, Any]:
    # open conflicts come from the per-warehouse memo the context block reads too: no query per check
    with reader.view() as warehouse:
        return check_drug(drug, warehouse.facts(user_id), open_conflicts(warehouse, user_id))


def extras_asked(query: str, route: Route) -> tuple[list[str], list[str]]:
    """(tests, drugs) ``query`` is about, found once per question: both empty, nothing to add."""
    return tests_for_query(query), route.drugs


def extras_need_no_query(warehouse: WarehouseView) -> bool:
    """Whether :func:`context_extras` reads only memos already computed (then it can run on the loop)."""
    return warehouse.has_memo(MEASUREMENTS) and warehouse.has_memo(OPEN_CONFLICTS)


def context_extras(
    warehouse: WarehouseView,
    user_id: str,
    facts: Sequence[dict[str, Any]],
    tests: Sequence[str],
    drugs: Sequence[str],
) -> tuple[list[str], list[str], list[dict[str, Any]], list[dict[str, Any]]]:
    """(safety lines, trend lines, measurements, checks) the context block adds (:func:`extras_asked`).

    ``facts`` are the user's current facts, as the block read them from ``warehouse``."""
    measurements = _measurements(warehouse, user_id, tests) if tests else []
    conflicts = open_conflicts(warehouse, user_id) if drugs else []
    checks = [check_drug(d, facts, conflicts) for d in drugs]
    safety = [line for result in checks for line in render_flags(result)]
    return safety, trend_lines(measurements), measurements, checks


def fit_context(
    context: str, safety: Sequence[str], trends: Sequence[str], max_tokens: int, count: Callable[[str], int]
) -> str:
    """The block with safety lines first (after the header) and trend lines before the gaps.

    Within ``max_tokens``: trend lines go first, then the block's own unimportant lines from
    the end, then the gap lines; the safety lines only when nothing else is left to drop.
    """
    if not safety and not trends:
        return context
    lines = context.split("\n") if context else []
    header, body = lines[:1], lines[1:]
    gaps = [line for line in body if line.startswith(("- Never discussed", "- Nothing relevant"))]
    body = [line for line in body if line not in gaps]
    if trends:
        gaps = [line for line in gaps if not line.startswith("- Nothing relevant")]
    # open conflicts stay ahead of everything: the user must be asked before any fact is relied on
    unclear = [line for line in body if line.lstrip("- ").startswith("Unclear:")]
    pinned = [line for line in body if line.startswith("- IMPORTANT") and line not in unclear]
    others = [line for line in body if line not in pinned and line not in unclear]
    safety_lines = [f"- IMPORTANT: {line}" for line in safety]
    trend_list = [f"- Measurement: {line}" for line in trends]

    def lines() -> list[str]:
        return [*header, *unclear, *safety_lines, *pinned, *others, *trend_list, *gaps]

    known: dict[str, int] = {}  # each line's count with its newline, worked out once for every pass
    while count_joined(lines(), count, known) > max_tokens:
        if trend_list:
            trend_list.pop()
        elif others:
            others.pop()
        elif gaps:
            gaps.pop()
        elif safety_lines:  # a budget too small even for the flags: the block must still fit
            safety_lines.pop()
        else:
            break
    return "\n".join(lines())


def measurement_key(row: dict[str, Any]) -> tuple[str, ...]:
    """Position of a reading in list order (oldest first; the id breaks ties)."""
    return (str(row["valid_from"]), str(row["measurement_id"]))


def measurement_router(reader: WarehouseReader, user_dependency: Callable[..., Any]) -> APIRouter:
    """The routes (behind the app's token check); ``user_dependency`` is the app's reader of the raw path's id."""
    router = APIRouter(responses=V1_ERRORS)
    user = Depends(user_dependency)

    @router.get("/v1/users/{user_id}/measurements", response_model=MeasurementsResponse)
    async def measurements(
        page: PageParams, user_id: str = user, test: Annotated[str | None, Query(max_length=200)] = None
    ) -> Any:
        tests = None
        if test is not None:
            known = load_catalog().lookup(test)
            if known is None:
                raise HTTPException(status_code=400, detail="unknown test")
            tests = [known.test]
        found = await run_in_threadpool(_measurements, reader, user_id, tests)
        items, next_cursor = page.apply(found, measurement_key)
        return {"user_id": user_id, "measurements": items, "next_cursor": next_cursor}

    @router.post("/v1/users/{user_id}/check", response_model=CheckResponse)
    async def check(body: CheckRequest, user_id: str = user) -> Any:
        return await run_in_threadpool(_check, reader, user_id, body.drug)

    return router
