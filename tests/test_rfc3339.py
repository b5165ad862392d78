"""RFC 3339 in full and a leading BOM (issue 10, item 5): valid input is never quarantined."""

from __future__ import annotations

import gzip
import json
from datetime import UTC, datetime
from pathlib import Path

import duckdb
import pytest

from anamnesis.config import load_settings
from anamnesis.ingest.parse import read_exports
from pipelines.run import run_backfill
from schemas.rfc3339 import parse_rfc3339
from tests.conftest import message, write_config

LAST = datetime(2016, 12, 31, 23, 59, 59, 999_999, tzinfo=UTC)


@pytest.mark.parametrize(
    ("value", "expected", "leap"),
    [
        ("2026-05-01T10:00:00Z", datetime(2026, 5, 1, 10, tzinfo=UTC), False),
        ("2026-05-01t10:00:00z", datetime(2026, 5, 1, 10, tzinfo=UTC), False),
        ("2026-05-01 10:00:00+02:00", datetime(2026, 5, 1, 8, tzinfo=UTC), False),
        ("2026-05-01T10:00:00-00:00", datetime(2026, 5, 1, 10, tzinfo=UTC), False),
        ("2026-05-01T10:00:00.5Z", datetime(2026, 5, 1, 10, 0, 0, 500_000, tzinfo=UTC), False),
        ("2026-05-01T10:00:00.123456789Z", datetime(2026, 5, 1, 10, 0, 0, 123_456, tzinfo=UTC), False),
        ("2016-12-31T23:59:60Z", LAST, True),
        ("2016-12-31t23:59:60.5z", LAST, True),
        ("2016-12-31T18:59:60-05:00", LAST, True),
        ("2017-01-01T00:59:60+01:00", LAST, True),
    ],
)
def test_valid_timestamps_are_read_as_utc(value: str, expected: datetime, leap: bool):
    assert parse_rfc3339(value) == (expected, leap)


@pytest.mark.parametrize(
    "value",
    [
        "2026-05-01T10:00:00",  # no offset
        "2026-05-01T10:00Z",  # no seconds
        "2026-05-01T10:00:00+0200",  # offset without a colon
        "2026-05-01T10:00:00+24:00",
        "2026-05-01T10:00:61Z",
        "2026-05-01T10:30:60Z",  # a leap second only ends a UTC day
        "2026-02-30T10:00:00Z",
        "2026-05-01T10:00:00.Z",
        "2026-05-01X10:00:00Z",
        " 2026-05-01T10:00:00Z",
        "2026-05-01T10:00:00Z\n",
    ],
)
def test_invalid_timestamps_are_refused(value: str):
    with pytest.raises(ValueError):
        parse_rfc3339(value)


def _lines(rows: list[dict]) -> bytes:
    return b"\n".join(json.dumps(r).encode() for r in rows) + b"\n"


@pytest.mark.parametrize("gz", [False, True])
def test_a_leading_bom_keeps_the_first_line(tmp_path: Path, gz: bool):
    rows = [
        message("m1", "u", "2026-05-01T10:00:00Z", "user", "x"),
        message("m2", "u", "2026-05-01T10:01:00Z", "user", "y"),
    ]
    data = b"\xef\xbb\xbf" + _lines(rows)
    path = tmp_path / ("e.jsonl.gz" if gz else "e.jsonl")
    path.write_bytes(gzip.compress(data) if gz else data)
    [(messages, quarantine, _)] = list(read_exports([path], export_day="2026-05-01"))
    assert messages["message_id"].to_list() == ["m1", "m2"] and quarantine.height == 0


def test_a_bom_after_the_first_line_is_still_content(tmp_path: Path):
    path = tmp_path / "e.jsonl"
    first = _lines([message("m1", "u", "2026-05-01T10:00:00Z", "user", "x")])
    path.write_bytes(first + b"\xef\xbb\xbf" + _lines([message("m2", "u", "2026-05-01T10:01:00Z", "user", "y")]))
    [(messages, quarantine, _)] = list(read_exports([path], export_day="2026-05-01"))
    assert messages["message_id"].to_list() == ["m1"] and quarantine["line_no"].to_list() == [2]


def test_leap_seconds_lower_case_and_a_bom_reach_the_warehouse(tmp_path: Path):
    rows = [
        message("leap", "u-t", "2016-12-31T23:59:60Z", "user", "I take metformin 500 mg."),
        message("lower", "u-t", "2026-05-01t10:00:00z", "user", "I have asthma.", session="s2"),
    ]
    inbox = tmp_path / "in"
    inbox.mkdir()
    (inbox / "export-2026-05-01.jsonl").write_bytes(b"\xef\xbb\xbf" + _lines(rows))
    home = tmp_path / "home"
    write_config(home)
    run_backfill(load_settings(home), inbox)
    con = duckdb.connect(str(home / "warehouse.duckdb"), read_only=True)
    try:
        assert con.execute("select count(*) from quarantine").fetchone() == (0,)
        stamps = dict(con.execute("select message_id, ts from messages").fetchall())
        facts = dict(con.execute("select entity, valid_from from facts_current where user_id = 'u-t'").fetchall())
    finally:
        con.close()
    assert stamps["leap"] == LAST and stamps["lower"] == datetime(2026, 5, 1, 10, tzinfo=UTC)
    assert facts["metformin"] == LAST and facts["asthma"] == datetime(2026, 5, 1, 10, tzinfo=UTC)
