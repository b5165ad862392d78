"""RFC 3339 timestamps in full (section 5.6), to UTC.

``T`` and ``Z`` in either case, a space for ``T`` (the RFC's note allows it), any number of
fraction digits (kept to the microsecond), ``-00:00``, and leap seconds: ``23:59:60Z`` (or the
same instant at another offset) is stored as ``23:59:59.999999``, the last instant Python's
``datetime`` can hold before the next second, and :func:`parse_rfc3339` says it was one.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone

_RFC3339 = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):(\d{2}))"
)
LEAP_SECOND = 60


def parse_rfc3339(value: str) -> tuple[datetime, bool]:
    """``value`` as an aware UTC datetime, and whether it named a leap second.

    Raises ``ValueError`` with the reason when ``value`` is not an RFC 3339 date-time with an offset.
    """
    match = _RFC3339.fullmatch(value)
    if match is None:
        raise ValueError("not an RFC 3339 timestamp with an offset")
    year, month, day, hour, minute, second = (int(g) for g in match.groups()[:6])
    fraction, zulu, sign, off_h, off_m = match.groups()[6:]
    micro = int((fraction or "0")[:6].ljust(6, "0"))
    if zulu:
        tz = UTC
    else:
        if int(off_h) > 23 or int(off_m) > 59:
            raise ValueError("offset out of range")
        delta = timedelta(hours=int(off_h), minutes=int(off_m))
        tz = timezone(-delta if sign == "-" else delta)
    leap = second == LEAP_SECOND
    parsed = datetime(year, month, day, hour, minute, 59 if leap else second, 999_999 if leap else micro, tzinfo=tz)
    try:
        parsed = parsed.astimezone(UTC)
    except OverflowError:  # 0001-01-01T00:30:00+01:00 is before the first instant a datetime holds
        raise ValueError("out of range in UTC") from None
    if leap and (parsed.hour, parsed.minute) != (23, 59):
        raise ValueError("a leap second is only the last second of a UTC day")
    return parsed, leap
