"""``/review``: the page clinicians and support staff use to read, resolve and correct.

Server-rendered HTML (Jinja2, autoescaped) with its styles inline and no asset from anywhere:
it works on a closed network. Nothing under ``/review`` shows user data without a signed-in
session (:mod:`anamnesis.api.review_sessions`); every form carries the session's CSRF secret.
Plain forms and links only: everything works with the keyboard, and without JavaScript.
"""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.concurrency import run_in_threadpool

from anamnesis.api.memos import OPEN_CONFLICTS
from anamnesis.api.review_sessions import COOKIE, Session, Sessions
from anamnesis.api.warehouse_reader import WarehouseReader
from anamnesis.config import Settings
from anamnesis.review.record import ReviewError, correct_fact, resolve_conflict
from anamnesis.review.timeline import user_view
from anamnesis.storage.lock import HomeBusy

HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; "
    "frame-ancestors 'none'; base-uri 'none'",
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}
NOTICES = {"resolved": "Conflict resolved.", "corrected": "Correction saved.", "retracted": "Fact retracted."}

_templates = Environment(loader=PackageLoader("anamnesis.api", "templates"), autoescape=select_autoescape(["html"]))


def _page(name: str, status: int = 200, **values: Any) -> HTMLResponse:
    return HTMLResponse(_templates.get_template(name).render(**values), status_code=status, headers=HEADERS)


def _to_user(user_id: str, done: str, anchor: str = "") -> RedirectResponse:
    return RedirectResponse(f"/review/user?id={quote(user_id, safe='')}&done={done}{anchor}", status_code=303)


def page_router(settings: Settings, reader: WarehouseReader, roles: Any) -> APIRouter:
    """The review page's routes; ``roles`` knows the reviewer tokens."""
    router = APIRouter(prefix="/review", include_in_schema=False)
    sessions = Sessions()

    def session_of(request: Request) -> Session | None:
        return sessions.get(request.cookies.get(COOKIE))

    def sign_in_page(status: int = 200, error: str | None = None) -> HTMLResponse:
        return _page("sign_in.html", status, error=error)

    @router.get("", response_class=HTMLResponse)
    def home(request: Request) -> Response:
        session = session_of(request)
        if session is None:
            return sign_in_page()
        waiting = reader.memo(OPEN_CONFLICTS)
        counts = sorted((user, len(items)) for user, items in waiting.items())
        return _page("find.html", reviewer=session.reviewer, csrf=session.csrf, waiting=counts)

    @router.post("/sign-in")
    def sign_in(name: Annotated[str, Form(max_length=200)], token: Annotated[str, Form(max_length=1000)]) -> Response:
        if not roles.review.verify(f"Bearer {token}") or not name.strip():
            return sign_in_page(401, "That is not a reviewer token.")
        response = RedirectResponse("/review", status_code=303)
        response.set_cookie(
            COOKIE, sessions.open(name.strip()), httponly=True, samesite="strict", path="/review"
        )  # no max_age: a browser-session cookie
        return response

    @router.post("/sign-out")
    def sign_out(request: Request, csrf: Annotated[str, Form()] = "") -> Response:
        session = session_of(request)
        if session is not None and sessions.csrf_ok(session, csrf):
            sessions.close(request.cookies.get(COOKIE))
        response = RedirectResponse("/review", status_code=303)
        response.delete_cookie(COOKIE, path="/review")
        return response

    @router.get("/user", response_class=HTMLResponse)
    async def user(
        request: Request, id: Annotated[str, Query(max_length=256)], done: str | None = None, error: str | None = None
    ) -> Response:
        session = session_of(request)
        if session is None:
            return sign_in_page(401)
        view = await run_in_threadpool(reader.read, lambda con: user_view(con, id), None)
        if view is None:
            return _page("find.html", 503, reviewer=session.reviewer, csrf=session.csrf, error="No warehouse yet.")
        return _page(
            "user.html", reviewer=session.reviewer, csrf=session.csrf, view=view,
            notice=NOTICES.get(done or ""), error=error,
        )  # fmt: skip

    def refused(session: Session, user_id: str, exc: Exception) -> Response:
        message = "A backfill is running; try again in a moment." if isinstance(exc, HomeBusy) else str(exc)
        view = reader.read(lambda con: user_view(con, user_id), None)
        status = 503 if isinstance(exc, HomeBusy) else getattr(exc, "status", 400)
        return _page("user.html", status, reviewer=session.reviewer, csrf=session.csrf, view=view, error=message)

    @router.post("/resolve")
    async def resolve(
        request: Request,
        user_id: Annotated[str, Form(max_length=256)],
        conflict_id: Annotated[str, Form(max_length=64)],
        outcome: Annotated[str, Form()],
        csrf: Annotated[str, Form()],
        source: Annotated[str, Form()] = "user",
        note: Annotated[str, Form(max_length=2000)] = "",
    ) -> Response:
        session = session_of(request)
        if session is None or not sessions.csrf_ok(session, csrf):
            return sign_in_page(401)
        try:
            await run_in_threadpool(
                resolve_conflict, settings, user_id, conflict_id, outcome=outcome, source=source, note=note,
                reviewer=session.reviewer,
            )  # fmt: skip
        except (ReviewError, HomeBusy) as exc:
            return await run_in_threadpool(refused, session, user_id, exc)
        return _to_user(user_id, "resolved", f"#resolved-{conflict_id}")

    @router.post("/correct")
    async def correct(
        request: Request,
        user_id: Annotated[str, Form(max_length=256)],
        fact_id: Annotated[str, Form(max_length=64)],
        action: Annotated[str, Form()],
        csrf: Annotated[str, Form()],
        note: Annotated[str, Form(max_length=2000)] = "",
        status: Annotated[str, Form()] = "",
        entity: Annotated[str, Form(max_length=200)] = "",
        dose: Annotated[str, Form(max_length=100)] = "",
    ) -> Response:
        session = session_of(request)
        if session is None or not sessions.csrf_ok(session, csrf):
            return sign_in_page(401)
        facts = await run_in_threadpool(reader.facts, user_id)
        fact = next((f for f in facts if f["fact_id"] == fact_id), None)
        change: dict[str, Any] = {"retract": True} if action == "retract" else {}
        if fact is not None and action != "retract":
            if status and status != fact["status"]:
                change["status"] = status
            if entity.strip() and entity.strip().lower() != fact["entity"]:
                change["entity"] = entity
            if dose.strip() and dose.strip() != fact["attributes"].get("dose"):
                change["attributes"] = {"dose": dose.strip()}
        try:
            await run_in_threadpool(
                correct_fact, settings, user_id, fact_id, change, reviewer=session.reviewer, note=note or None
            )
        except (ReviewError, HomeBusy) as exc:
            return await run_in_threadpool(refused, session, user_id, exc)
        return _to_user(user_id, "retracted" if action == "retract" else "corrected", f"#fact-{fact_id}")

    return router
