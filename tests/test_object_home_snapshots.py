"""The snapshots behind an ``s3://`` home, on a real S3 server: a push uploads only what changed,
a pull makes a mirror equal to ``HEAD``'s generation, and a writer that lost a race commits nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from anamnesis.storage.lock import HomeBusy
from anamnesis.storage.object_home import Bucket, Mirror
from tests.s3_server import BUCKET, S3Server

HOME = f"s3://{BUCKET}/homes/snapshots"


def blobs(server: S3Server) -> set[str]:
    return {p.name for p in (server.backend / BUCKET / "homes" / "snapshots" / "blobs").iterdir()}


def generations(server: S3Server) -> list[str]:
    return sorted(p.name for p in (server.backend / BUCKET / "homes" / "snapshots" / "generations").iterdir())


def test_push_uploads_what_changed_and_pull_follows(s3_server: S3Server, tmp_path: Path):
    bucket = Bucket(HOME)
    writer, reader = Mirror(tmp_path / "writer"), Mirror(tmp_path / "reader")
    base = writer.pull(bucket)
    (writer.root / "lake" / "ingest" / "day=1").mkdir(parents=True)
    (writer.root / "lake" / "ingest" / "day=1" / "CURRENT").write_text("v1")
    (writer.root / "lake" / "messages.parquet").write_bytes(b"m" * 10_000)
    (writer.root / "warehouse.duckdb").write_bytes(b"w1")
    (writer.root / ".writer.lock").write_bytes(b"")
    (writer.root / "lake" / ".messages.parquet.0123.tmp").write_bytes(b"half")
    first = writer.push(bucket, base)
    assert len(blobs(s3_server)) == 3  # neither the lock nor a temporary went up

    reader.pull(bucket)
    assert (reader.root / "lake" / "messages.parquet").read_bytes() == b"m" * 10_000
    assert not (reader.root / ".writer.lock").exists() and reader.generation == first

    base = writer.pull(bucket)
    (writer.root / "warehouse.duckdb").write_bytes(b"w2")
    (writer.root / "lake" / "ingest" / "day=1" / "CURRENT").unlink()
    before = blobs(s3_server)
    second = writer.push(bucket, base)
    after = blobs(s3_server)
    assert len(after - before) == 1  # only the changed file was uploaded
    assert len(before - after) == 2  # what the new generation no longer names is gone
    assert generations(s3_server) == [f"{second}.json"]

    unchanged = (reader.root / "lake" / "messages.parquet").stat().st_ino
    reader.pull(bucket)
    assert (reader.root / "warehouse.duckdb").read_bytes() == b"w2"
    assert not (reader.root / "lake" / "ingest").exists()  # removed files and their empty directories
    assert (reader.root / "lake" / "messages.parquet").stat().st_ino == unchanged  # not downloaded again


def test_a_writer_that_lost_the_race_commits_nothing(s3_server: S3Server, tmp_path: Path):
    bucket = Bucket(HOME)
    one, two = Mirror(tmp_path / "one"), Mirror(tmp_path / "two")
    base_one, base_two = one.pull(bucket), two.pull(bucket)
    (two.root / "warehouse.duckdb").write_bytes(b"two")
    won = two.push(bucket, base_two)
    (one.root / "warehouse.duckdb").write_bytes(b"one")
    (one.root / "extra.parquet").write_bytes(b"only one wrote this")
    with pytest.raises(HomeBusy, match="another writer"):
        one.push(bucket, base_one)
    assert bucket.head_generation() == won
    assert generations(s3_server) == [f"{won}.json"]
    assert len(blobs(s3_server)) == 1  # the loser's uploads were taken back
    fresh = Mirror(tmp_path / "fresh")
    fresh.pull(bucket)
    assert (fresh.root / "warehouse.duckdb").read_bytes() == b"two"
