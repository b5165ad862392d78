"""Ingest: every line becomes a message or a quarantine row with its reason (CONTRACT §1)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import polars as pl

from anamnesis.ingest.exports import discover, export_day
from anamnesis.ingest.messages import consolidate
from anamnesis.ingest.parse import read_exports
from anamnesis.storage.lake import Lake
from tests.conftest import message


def _read(paths: list[Path]) -> tuple[pl.DataFrame, pl.DataFrame]:
    parts = list(read_exports(paths, export_day="2026-01-05"))
    return pl.concat([p[0] for p in parts]), pl.concat([p[1] for p in parts])


def test_the_five_broken_lines_are_quarantined_and_the_rest_kept(write_export):
    good = [message(f"m{i}", "u1", f"2026-01-05T09:00:0{i}+03:00", "user", f"hello {i}") for i in range(3)]
    bad_ts = message("b3", "u1", "05/01/2026 09:00", "user", "x")
    no_ts = message("b2", "u1", "2026-01-05T09:00:00Z", "user", "x")
    del no_ts["ts"]
    long_text = message("b5", "u1", "2026-01-05T09:00:00Z", "user", "a" * 32_001)
    rows = [
        good[0],
        b'{"message_id": "b1", "user_id": "u1",',
        no_ts,
        good[1],
        bad_ts,
        b'{"message_id": "b4", "user_id": "u1", "text": "\xff\xfe"}',
        long_text,
        good[2],
    ]
    path = write_export("export-2026-01-05.jsonl", rows)
    messages, quarantine = _read([path])
    assert messages["message_id"].to_list() == ["m0", "m1", "m2"]
    assert quarantine["line_no"].to_list() == [2, 3, 5, 6, 7]
    reasons = quarantine["reason"].to_list()
    assert reasons[0].startswith("bad JSON")
    assert reasons[1] == "missing field 'ts'"
    assert "not an RFC 3339 timestamp" in reasons[2]
    assert reasons[3].startswith("invalid UTF-8")
    assert reasons[4].startswith("text over 32000 characters")
    assert quarantine["source_file"].unique().to_list() == [str(path)]
    assert quarantine["raw"][0] == '{"message_id": "b1", "user_id": "u1",'


def test_timestamps_are_normalised_to_utc_and_need_an_offset(write_export):
    rows = [
        message("a", "u", "2026-01-05T12:00:00+03:00", "user", "x"),
        message("b", "u", "2026-01-05T09:00:00Z", "user", "x"),
        message("c", "u", "2026-01-05T09:00:00", "user", "x"),
    ]
    messages, quarantine = _read([write_export("e.jsonl", rows)])
    assert messages["ts"].dt.hour().to_list() == [9, 9]
    assert quarantine["reason"].to_list() == ["ts '2026-01-05T09:00:00' has no UTC offset"]


def test_gzip_exports_are_read_and_a_truncated_gzip_keeps_what_came_before(tmp_path: Path):
    rows = [json.dumps(message(f"m{i}", "u", "2026-01-05T09:00:00Z", "user", "x" * 50)) for i in range(200)]
    whole = gzip.compress("\n".join(rows).encode())
    good, cut = tmp_path / "good.jsonl.gz", tmp_path / "cut.jsonl.gz"
    good.write_bytes(whole)
    cut.write_bytes(whole[: len(whole) // 2])
    assert _read([good])[0].height == 200
    messages, quarantine = _read([cut])
    assert 0 < messages.height < 200
    assert quarantine.height == 1 and "file breaks off" in quarantine["reason"][0]


def test_export_day_comes_from_the_file_name_or_the_mtime(tmp_path: Path):
    assert export_day(Path("export-2026-03-02.jsonl"), 0) == "2026-03-02"
    assert export_day(Path("dump.jsonl"), 86_400 * 3) == "1970-01-04"
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "export-2026-03-02.jsonl.gz").write_bytes(b"")
    (tmp_path / "README.md").write_text("not an export")
    assert [f.day for f in discover(tmp_path)] == ["2026-03-02"]


def test_duplicates_are_dropped_and_edits_supersede_by_arrival(write_export, tmp_path: Path):
    first = [
        message("m1", "u", "2026-01-05T09:00:00Z", "user", "I take metformin"),
        message("m2", "u", "2026-01-05T09:01:00Z", "user", "hello"),
    ]
    later = [
        message("m1", "u", "2026-01-05T09:00:00Z", "user", "I take metformin"),  # duplicate
        message("m2", "u", "2026-01-05T09:01:00Z", "user", "hello, edited"),  # edit
        message("m2", "other", "2026-01-05T09:01:00Z", "user", "same id, other user"),
    ]
    lake = Lake(tmp_path / "lake")
    for day, rows in (("2026-01-05", first), ("2026-01-06", later)):
        writer = lake.partition_writer(day)
        for messages, quarantine, _ in read_exports([write_export(f"export-{day}.jsonl", rows)], export_day=day):
            writer.add(messages, quarantine)
        writer.commit({"fingerprint": day})
    messages, supersessions = consolidate(lake.partition_files("messages"))
    texts = {(r["user_id"], r["message_id"]): r["text"] for r in messages.iter_rows(named=True)}
    assert texts == {
        ("u", "m1"): "I take metformin",
        ("u", "m2"): "hello, edited",
        ("other", "m2"): "same id, other user",
    }
    assert supersessions.select("user_id", "message_id").rows() == [("u", "m2")]
    assert supersessions["new_source_file"][0].endswith("export-2026-01-06.jsonl")
