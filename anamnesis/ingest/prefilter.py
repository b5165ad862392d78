"""A cheap first look at export lines: the plain ones skip the per-line pydantic model.

Nearly every line of a real export is a plain message: an object whose fields are strings
within their limits and whose ``ts`` is written ``YYYY-MM-DDTHH:MM:SS[.ffffff](Z|±HH:MM)``.
Those are read here, a field check per line and the timestamps of a whole batch at once in
polars; every other line (a missing field, a number for a string, a leap second, a lower-case
``t``, digits other than ASCII, ...) goes through :class:`schemas.export.ExportLine`, which
stays the one definition of CONTRACT §1 and the one source of quarantine reasons.

The look is conservative by construction: what it accepts, the model accepts with the same
values (``tests/test_prefilter.py`` checks the timestamps against the model's parser); what it
cannot vouch for it leaves to the model, which may still accept it.
"""

from __future__ import annotations

from typing import Any

import polars as pl

from schemas.export import MAX_TEXT_CHARS, MAX_USER_ID_CHARS
from schemas.frames import UTC_TS

#: Timestamps whose every field is in range by their digits alone (years 1000-8999, so that no
#: offset moves them out of what a ``datetime`` holds); a day of the month polars finds wrong is
#: left to the model.
PLAIN_TS = (
    r"^[1-8][0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]"
    r"(\.[0-9]{1,6})?(Z|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$"
)

Plain = tuple[str, str, str, str, str, str, str | None]


def plain_fields(obj: Any) -> Plain | None:
    """(message_id, user_id, session_id, ts text, role, text, lang) of a plain line, else ``None``.

    ``lang`` is ``None`` when absent or empty, as the model reads it.
    """
    if type(obj) is not dict:
        return None
    get = obj.get
    user_id, ts, text, lang = get("user_id"), get("ts"), get("text"), get("lang")
    if type(user_id) is not str or not 0 < len(user_id) <= MAX_USER_ID_CHARS:
        return None
    if type(ts) is not str or type(text) is not str or len(text) > MAX_TEXT_CHARS:
        return None
    if lang is not None and type(lang) is not str:
        return None
    message_id, session_id, role = get("message_id"), get("session_id"), get("role")
    if type(message_id) is not str or type(session_id) is not str or type(role) is not str:
        return None
    if not (message_id and session_id and role):
        return None
    return message_id, user_id, session_id, ts, role, text, lang or None


def plain_timestamps(ts: pl.Series) -> pl.Series:
    """Each plain timestamp of ``ts`` in UTC (:data:`schemas.frames.UTC_TS`); null where the model must look."""
    plain = ts.str.contains(PLAIN_TS)
    parsed = ts.str.replace(r"Z$", "+00:00").str.to_datetime(
        "%Y-%m-%dT%H:%M:%S%.f%:z", strict=False, time_unit="us", time_zone="UTC"
    )
    return pl.select(pl.when(plain).then(parsed).otherwise(None).cast(UTC_TS)).to_series()
