"""CONTRACT §1 as a pydantic model: what ingest accepts, and the quarantine reason of what it refuses."""

from __future__ import annotations

from datetime import UTC, datetime

import orjson
import pytest

from anamnesis.ingest.parse import LineError, parse_line

GOOD = {
    "message_id": "m1",
    "user_id": "u1",
    "session_id": "s1",
    "ts": "2026-01-01T10:00:00+03:00",
    "role": "user",
    "text": "I take metformin",
    "lang": "en",
    "unknown": {"ignored": True},
}


def line(**changes: object) -> bytes:
    obj = {**GOOD, **changes}
    return orjson.dumps({k: v for k, v in obj.items() if v is not ...})


def test_a_good_line_is_read_with_its_timestamp_in_utc():
    assert parse_line(line()) == (
        "m1",
        "u1",
        "s1",
        datetime(2026, 1, 1, 7, tzinfo=UTC),
        "user",
        "I take metformin",
        "en",
    )
    assert parse_line(line(lang=""))[-1] is None and parse_line(line(lang=...))[-1] is None
    assert parse_line(line(text=""))[5] == ""  # an empty message is still a message


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"user_id": ...}, "missing field 'user_id'"),
        ({"session_id": None}, "missing field 'session_id'"),
        ({"role": 1}, "field 'role' is not a string"),
        ({"message_id": 7, "user_id": ...}, "field 'message_id' is not a string"),  # contract order wins
        ({"user_id": ""}, "field 'user_id' is empty"),
        ({"user_id": "u" * 257}, "user_id over 256 characters"),
        ({"text": "t" * 32_001}, "text over 32000 characters (32001)"),
        ({"lang": 3}, "field 'lang' is not a string"),
        ({"ts": "2026-01-01T10:00:00"}, "ts '2026-01-01T10:00:00' has no UTC offset"),
        ({"ts": "yesterday"}, "ts 'yesterday' is not an RFC 3339 timestamp"),
        ({"ts": "2026-13-01T10:00:00Z"}, "ts '2026-13-01T10:00:00Z' is not an RFC 3339 timestamp"),
        ({"ts": "2026-13-01T10:00:00Z", "role": ""}, "field 'role' is empty"),  # fields before the timestamp
        ({"ts": 1_700_000_000}, "field 'ts' is not a string"),
        # out of range once in UTC: quarantined, not a crash of the whole day
        ({"ts": "9999-12-31T23:30:00-01:00"}, "ts '9999-12-31T23:30:00-01:00' is not an RFC 3339 timestamp"),
        ({"ts": "0001-01-01T00:30:00+01:00"}, "ts '0001-01-01T00:30:00+01:00' is not an RFC 3339 timestamp"),
    ],
)
def test_a_broken_line_gets_the_reason_of_the_first_rule_it_breaks(changes: dict, reason: str):
    with pytest.raises(LineError) as caught:
        parse_line(line(**changes))
    assert str(caught.value) == reason


@pytest.mark.parametrize(
    ("raw", "reason"), [(b"[1, 2]", "not a JSON object"), (b"\xff{}", "invalid UTF-8 at byte 0"), (b"{", "bad JSON")]
)
def test_lines_that_are_not_objects(raw: bytes, reason: str):
    with pytest.raises(LineError, match=reason):
        parse_line(raw)
