"""Code checks every proposal of a backend: valid events pass, the rest become rejects."""

from __future__ import annotations

from typing import Any

import orjson
from pydantic import ValidationError

from schemas.events import ExtractedEvent
from schemas.measurements import MeasurementProposal


def _reason(exc: ValidationError) -> str:
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ())) or "event"
    return f"invalid event ({where}): {first.get('msg', 'invalid')}"[:300]


def validate_proposals(proposals: list[dict[str, Any]]) -> tuple[list[dict[str, str]], list[dict[str, Any]]]:
    """Split proposals into stored events (section, entity, status, attributes JSON) and rejects."""
    events: list[dict[str, str]] = []
    rejects: list[dict[str, Any]] = []
    seen: set[tuple[str, str]] = set()
    for proposal in proposals:
        try:
            event = ExtractedEvent.model_validate(proposal)
        except ValidationError as exc:
            section = proposal.get("section") if isinstance(proposal, dict) else None
            rejects.append(
                {
                    "section": section if isinstance(section, str) else None,
                    "reason": _reason(exc),
                    "proposal": orjson.dumps(proposal, default=str).decode(),
                }
            )
            continue
        key = (event.section.value, event.entity)
        if key in seen:
            rejects.append(
                {
                    "section": key[0],
                    "reason": f"duplicate event for {key[1]!r} in one message",
                    "proposal": orjson.dumps(proposal, default=str).decode(),
                }
            )
            continue
        seen.add(key)
        events.append(
            {
                "section": key[0],
                "entity": event.entity,
                "status": event.status,
                "attributes": orjson.dumps(event.attributes(), option=orjson.OPT_SORT_KEYS).decode(),
            }
        )
    return events, rejects


def validate_measurements(proposals: list[dict[str, Any]], rejects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The well-formed measurement proposals; the others are appended to ``rejects``.

    Only the shape is checked here: units, dates and possible ranges are judged when the stored
    proposals are read (``anamnesis.measurements.frame``), so a catalogue update reaches them
    without asking the backend again.
    """
    valid: list[dict[str, Any]] = []
    for proposal in proposals:
        try:
            valid.append(MeasurementProposal.model_validate(proposal).model_dump(exclude_none=True))
        except ValidationError as exc:
            rejects.append(
                {
                    "section": "measurements",
                    "reason": _reason(exc).replace("invalid event", "invalid measurement", 1),
                    "proposal": orjson.dumps(proposal, default=str).decode(),
                }
            )
    return valid
