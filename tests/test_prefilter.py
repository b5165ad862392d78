"""The cheap first look at export lines never accepts what the ExportLine model would read otherwise."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import orjson
import polars as pl
import pytest
import xxhash

from anamnesis.ingest.parse import content_hashes, parse_line
from anamnesis.ingest.prefilter import plain_fields, plain_timestamps
from schemas.export import parse_rfc3339


def _random_ts(rng: random.Random) -> str:
    """Mostly well-formed timestamps, each field now and then at or past its limits."""

    def pick(good: int, *edges: int) -> int:
        return good if rng.random() < 0.93 else rng.choice(edges)

    year = pick(rng.randint(1000, 2999), 0, 1, 999, 8999, 9000, 9999)
    month, day = pick(rng.randint(1, 12), 0, 13), pick(rng.randint(1, 28), 0, 29, 30, 31, 32)
    hour, minute, second = (
        pick(rng.randint(0, 23), 24, 25),
        pick(rng.randint(0, 59), 60),
        pick(rng.randint(0, 59), 60, 61),
    )
    fraction = rng.choice(["", "", ".", f".{rng.randint(0, 10**6 - 1)}", f".{rng.randint(0, 10**9 - 1):09d}"])
    offset = f"{rng.choice('+-')}{pick(rng.randint(0, 23), 24, 99):02d}:{pick(rng.randint(0, 59), 60):02d}"
    zone = rng.choice(["Z", "Z", offset, offset, "z", "", "+0530"])
    sep = rng.choice(["T"] * 8 + ["t", " "])
    return f"{year:04d}-{month:02d}-{day:02d}{sep}{hour:02d}:{minute:02d}:{second:02d}{fraction}{zone}"


def test_every_plain_timestamp_is_what_the_model_reads():
    rng = random.Random(3339)
    texts = [_random_ts(rng) for _ in range(20_000)] + ["2016-12-31T23:59:60Z", "٢٠٢٦-01-01T10:00:00Z"]
    fast = plain_timestamps(pl.Series(texts)).to_list()
    vouched = 0
    for text, value in zip(texts, fast, strict=True):
        if value is None:
            continue
        vouched += 1
        assert value == parse_rfc3339(text), text
    assert vouched > 3_000  # most well-formed ones need no model


def test_a_plain_line_has_the_fields_the_model_reads():
    good = {"message_id": "m", "user_id": "u", "session_id": "s", "ts": "2026-01-01T10:00:00Z", "role": "user"}
    for changes in [{"text": "hi", "lang": "en"}, {"text": "", "lang": ""}, {"text": "x", "extra": [1]}]:
        obj = {**good, **changes}
        fields = plain_fields(obj)
        assert fields is not None
        model = parse_line(orjson.dumps(obj))
        assert fields[:3] + fields[4:] == model[:3] + model[4:]


@pytest.mark.parametrize(
    "changes",
    [{"user_id": 1}, {"user_id": "u" * 257}, {"role": ""}, {"lang": 3}, {"text": None}, {"ts": 0}, {"session_id": ...}],
)
def test_a_line_that_breaks_a_rule_is_left_to_the_model(changes: dict):
    obj = {"message_id": "m", "user_id": "u", "session_id": "s", "ts": "2026-01-01T10:00:00Z", "role": "r", "text": ""}
    obj = {k: v for k, v in {**obj, **changes}.items() if v is not ...}
    assert plain_fields(obj) is None


def test_content_hashes_write_the_timestamp_as_isoformat():
    ts = [datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC), datetime(2016, 12, 31, 23, 59, 59, 999_999, tzinfo=UTC)]
    ts.append(ts[0] + timedelta(microseconds=120))
    frame = pl.DataFrame(
        {
            "user_id": "u",
            "session_id": "s",
            "ts": ts,
            "role": "user",
            "text": ["a", "b\x1fc", "é"],
            "lang": [None, "en", ""],
        }
    )
    expected = [
        xxhash.xxh3_128_hexdigest("\x1f".join(("u", "s", t.isoformat(), "user", text, lang or "")).encode())
        for t, text, lang in zip(ts, frame["text"], frame["lang"], strict=True)
    ]
    assert content_hashes(frame).to_list() == expected
