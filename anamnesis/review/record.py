"""Recording a resolution or a correction, then folding again so every reader sees it.

The input row is appended to its lake relation under the home's writer lock, and the fold and
the warehouse are rebuilt from the lake right away (the same functions the backfill's assets
run; a second or two for the sample data, about the fold's time at scale). A running backfill
holds the lock: the write is refused with :class:`HomeBusy` and may be retried; it is never lost
half-way, because the row and the rebuild happen under one lock.
"""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime
from typing import Any

import orjson

from anamnesis.config import Settings
from anamnesis.facts.stage import fold_lake
from anamnesis.review.queries import find_conflict, find_fact
from anamnesis.storage.inputs import append_input
from anamnesis.storage.lake import Lake
from anamnesis.storage.lock import writer_lock
from anamnesis.storage.warehouse import connect, rebuild_warehouse
from schemas.frames import OUTCOMES
from schemas.sections import allowed_statuses

CHANGE_KEYS = ("status", "entity", "attributes", "retract")
DOSE = re.compile(r"^\d+(\.\d+)? \S+$")
MAX_TEXT = 2_000


class ReviewError(ValueError):
    """A request that cannot be recorded; ``status`` is the HTTP answer it deserves."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def _now() -> datetime:
    return datetime.now(UTC)


def refold(settings: Settings) -> None:
    """Fold the lake again and rebuild the warehouse (the caller holds the writer lock)."""
    lake = Lake(settings.lake)
    fold_lake(lake)
    rebuild_warehouse(settings, lake)


def _text(value: str | None, name: str) -> str | None:
    if value is not None and len(value) > MAX_TEXT:
        raise ReviewError(f"{name} is longer than {MAX_TEXT} characters")
    return value or None


def resolve_conflict(
    settings: Settings,
    user_id: str,
    conflict_id: str,
    *,
    outcome: str,
    source: str = "user",
    note: str | None = None,
    reviewer: str | None = None,
) -> dict[str, Any]:
    """Record how one open conflict of ``user_id`` was clarified; return the stored row."""
    if outcome not in OUTCOMES:
        raise ReviewError(f"outcome must be one of {', '.join(OUTCOMES)}")
    if source not in ("user", "clinician"):
        raise ReviewError("source must be 'user' or 'clinician'")
    with writer_lock(settings.home):
        con = connect(settings.warehouse_path)
        try:
            conflict = find_conflict(con, conflict_id)
        finally:
            con.close()
        if conflict is None or conflict["user_id"] != user_id:
            raise ReviewError("no such conflict", 404)
        if conflict["status"] != "open":
            raise ReviewError("the conflict is already resolved", 409)
        row = {
            "resolution_id": uuid.uuid4().hex,
            "conflict_id": conflict_id,
            "user_id": user_id,
            "outcome": outcome,
            "source": source,
            "note": _text(note, "note"),
            "reviewer": _text(reviewer, "reviewer"),
            "created_at": _now(),
        }
        append_input(Lake(settings.lake), "resolutions", row)
        refold(settings)
    return row


def validate_change(fact: dict[str, Any], change: dict[str, Any]) -> dict[str, Any]:
    """The correction ``change`` checked against the fact it corrects; raise :class:`ReviewError`."""
    unknown = set(change) - set(CHANGE_KEYS)
    if unknown:
        raise ReviewError(f"unknown change {sorted(unknown)}; any of {', '.join(CHANGE_KEYS)}")
    clean = {k: v for k, v in change.items() if v not in (None, {}, "", False)}
    if not clean:
        raise ReviewError("nothing to change: give status, entity, attributes or retract")
    if "retract" in clean:
        if clean["retract"] is not True or len(clean) > 1:
            raise ReviewError("retract is true and comes alone")
        return clean
    if "entity" in clean:
        if not isinstance(clean["entity"], str) or not clean["entity"].strip() or len(clean["entity"]) > 200:
            raise ReviewError("entity must be a canonical name of 1-200 characters")
        clean["entity"] = clean["entity"].strip().lower()
    entity = clean.get("entity", fact["entity"])
    if "status" in clean and clean["status"] not in allowed_statuses(fact["section"], entity):
        allowed = ", ".join(allowed_statuses(fact["section"], entity))
        raise ReviewError(f"status must be one of {allowed} in {fact['section']}")
    attributes = clean.get("attributes", {})
    if not isinstance(attributes, dict) or not all(
        isinstance(k, str) and (v is None or isinstance(v, str | int | float)) for k, v in attributes.items()
    ):
        raise ReviewError("attributes is an object of names to strings, numbers or null")
    if isinstance(attributes.get("dose"), str) and not DOSE.match(attributes["dose"]):
        raise ReviewError('a dose is "<number> <unit>", e.g. "500 mg"')
    return clean


def correct_fact(
    settings: Settings, user_id: str, fact_id: str, change: dict[str, Any], *, reviewer: str, note: str | None = None
) -> dict[str, Any]:
    """Record a reviewer's correction or retraction of one current fact of ``user_id``."""
    if not reviewer or not reviewer.strip():
        raise ReviewError("reviewer is required")
    with writer_lock(settings.home):
        con = connect(settings.warehouse_path)
        try:
            fact = find_fact(con, user_id, fact_id)
        finally:
            con.close()
        if fact is None:
            raise ReviewError("no such fact", 404)
        clean = validate_change(fact, change)
        row = {
            "correction_id": uuid.uuid4().hex,
            "user_id": user_id,
            "fact_id": fact_id,
            "reviewer": _text(reviewer.strip(), "reviewer"),
            "note": _text(note, "note"),
            "change": orjson.dumps(clean, option=orjson.OPT_SORT_KEYS).decode(),
            "created_at": _now(),
        }
        append_input(Lake(settings.lake), "corrections", row)
        refold(settings)
    return row
