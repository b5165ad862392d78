"""CONTRACT §1: one line of a dialogue export, as a pydantic model.

Ingest validates each line's JSON object (parsed by orjson) with
``ExportLine.model_validate``; a line that fails is quarantined with :func:`quarantine_reason`,
a one-line reason in the words the ``quarantine`` table has always used (the first broken rule
in the contract's order: a missing or non-string field, an empty id, an over-long user id or
text, a non-string ``lang``, then the timestamp).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, PlainValidator, ValidationError
from pydantic_core import PydanticCustomError

from schemas.rfc3339 import parse_rfc3339 as parse_rfc3339_full

MAX_TEXT_CHARS = 32_000
MAX_USER_ID_CHARS = 256
REQUIRED = ("message_id", "user_id", "session_id", "ts", "role", "text")


_NO_OFFSET = re.compile(r"\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?")


def parse_rfc3339(value: str) -> datetime:
    """An RFC 3339 timestamp with an offset, as UTC (a leap second as ``23:59:59.999999``).

    ``ValueError`` says why not: no offset, or not RFC 3339 at all (the quarantine reason).
    """
    try:
        return parse_rfc3339_full(value)[0]
    except ValueError:
        if _NO_OFFSET.fullmatch(value):
            raise ValueError(f"ts {value[:40]!r} has no UTC offset") from None
        raise ValueError(f"ts {value[:40]!r} is not an RFC 3339 timestamp") from None


def _ts(value: Any) -> datetime:
    if not isinstance(value, str):
        raise PydanticCustomError("string_type", "Input should be a valid string")
    try:
        return parse_rfc3339(value)
    except ValueError as exc:
        raise PydanticCustomError("rfc3339", "{reason}", {"reason": str(exc)}) from None


#: A timestamp given as RFC 3339 text with an offset, held as UTC.
Rfc3339Utc = Annotated[datetime, PlainValidator(_ts)]


class ExportLine(BaseModel):
    """One chat message of an export; unknown fields are ignored, strings are never coerced."""

    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)

    message_id: str = Field(min_length=1)
    user_id: str = Field(min_length=1, max_length=MAX_USER_ID_CHARS)
    session_id: str = Field(min_length=1)
    ts: Rfc3339Utc
    role: str = Field(min_length=1)
    text: str = Field(max_length=MAX_TEXT_CHARS)
    lang: str | None = None


_ORDER = {name: i for i, name in enumerate((*REQUIRED, "lang"))}


def quarantine_reason(exc: ValidationError, obj: dict[str, Any]) -> str:
    """The reason for the first rule the line broke, in the contract's order."""
    ranked = []
    for error in exc.errors(include_url=False, include_input=False):
        name = str(error["loc"][0]) if error["loc"] else ""
        kind = error["type"]
        if name == "lang":
            ranked.append((4, 0, "field 'lang' is not a string"))
        elif kind == "missing" or (kind == "string_type" and obj.get(name) is None):
            ranked.append((0, _ORDER.get(name, 99), f"missing field {name!r}"))
        elif kind == "string_type":
            ranked.append((0, _ORDER.get(name, 99), f"field {name!r} is not a string"))
        elif kind == "string_too_short":
            ranked.append((1, _ORDER.get(name, 99), f"field {name!r} is empty"))
        elif kind == "string_too_long" and name == "user_id":
            ranked.append((2, 0, f"user_id over {MAX_USER_ID_CHARS} characters"))
        elif kind == "string_too_long":
            ranked.append((3, 0, f"text over {MAX_TEXT_CHARS} characters ({len(obj['text'])})"))
        elif kind == "rfc3339":
            ranked.append((5, 0, str(error["ctx"]["reason"])))
        else:
            ranked.append((6, _ORDER.get(name, 99), f"field {name!r}: {error['msg']}"))
    return min(ranked)[2]
