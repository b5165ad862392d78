"""Bounded memory: every stage after ingest works through ranges of users, and the result is the
same warehouse a single pass writes.

Budgets are made tiny here so that a small input goes through dozens of ranges, ingest parts and
row groups, exercising the path a gigabyte export takes (its memory is measured by
``benchmarks/large_export.py``).
"""

from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime
from pathlib import Path

import duckdb
import polars as pl
import pyarrow.parquet as pq
import pytest

import anamnesis.facts.stage
import anamnesis.ingest.parse
import anamnesis.storage.batches
from anamnesis.config import load_settings
from anamnesis.ingest.messages import quarantine_lake
from anamnesis.ingest.parse import read_exports
from anamnesis.sample_data import SAMPLE_EXPORTS
from anamnesis.storage.atomic import SPILL_SUFFIX, spill_directory, sweep_stale_temp
from anamnesis.storage.batches import EVERYONE, user_ranges
from anamnesis.storage.lake import Lake
from anamnesis.storage.warehouse import TABLES
from assets.checks import pandera_check
from pipelines.run import run_backfill
from schemas.frames import Messages, polars_schema
from tests.conftest import message
from tools.synth import write_synthetic_exports

#: Columns that hold the time of the run, which differs between two runs.
RUN_TIME = {"extracted_events": "recorded_at", "rejects": "recorded_at", "fact_events": "recorded_at"}
RUN_TIME |= {"conflicts": "detected_at", "measurements": "recorded_at"}


def stored(home: Path) -> dict[str, list[tuple]]:
    """Every warehouse table, row for row in its stored order (no ORDER BY)."""
    con = duckdb.connect(str(home / "warehouse.duckdb"), read_only=True)
    try:
        tables = {}
        for table in TABLES:
            exclude = f" exclude ({RUN_TIME[table]})" if table in RUN_TIME else ""
            tables[table] = con.execute(f"select *{exclude} from {table}").fetchall()
        tables["facts_current"] = con.execute("select * from facts_current order by fact_id").fetchall()
        return tables
    finally:
        con.close()


@pytest.fixture(scope="module")
def exports(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample exports (an edit, a duplicate, conflicts, every section), synthetic users, a bad line."""
    out = tmp_path_factory.mktemp("batches") / "in"
    shutil.copytree(SAMPLE_EXPORTS, out)
    write_synthetic_exports(out / "synth", users=40, messages=1_500, days=3, seed=7)
    fine = json.dumps(message("x1", "u-en-01", "2026-03-04T09:00:00Z", "user", "I have asthma."))
    (out / "export-2026-03-04.jsonl").write_text(f"{fine}\nnot json at all\n", encoding="utf-8")
    return out


@pytest.fixture(scope="module")
def single_pass(exports: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("single") / "home"
    outcome = run_backfill(load_settings(home), exports)
    assert outcome.failed_checks == []
    return home


@pytest.fixture(scope="module")
def in_batches(exports: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("batched") / "home"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(anamnesis.storage.batches, "BATCH_BYTES", 16 * 2**10)
        patch.setattr(anamnesis.storage.batches, "ROW_GROUP_ROWS", 64)
        patch.setattr(anamnesis.facts.stage, "FOLD_EVENTS", 50)
        patch.setattr(anamnesis.ingest.parse, "BATCH_BYTES", 32 * 2**10)
        outcome = run_backfill(load_settings(home), exports)
        assert outcome.failed_checks == []
        assert outcome.metadata["messages"]["parts_in"] > 10  # ingest flushed by bytes
        assert run_backfill(load_settings(home), exports).unchanged  # nothing new: no stage runs
        (home / "lake" / "messages.parquet").touch()  # the home changed: the stages run, and reuse everything
        again = run_backfill(load_settings(home), exports)
        assert again.metadata["extracted_events"]["fragments_understood"] == 0
        assert (
            again.metadata["extracted_events"]["fragments_reused"]
            == outcome.metadata["extracted_events"]["fragments_in"]
        )
    return home


def test_a_backfill_in_many_ranges_of_users_writes_the_same_warehouse(single_pass: Path, in_batches: Path):
    for name in ("messages", "events", "fact_events"):
        assert pq.ParquetFile(in_batches / "lake" / f"{name}.parquet").metadata.num_row_groups > 10, name
    assert list(in_batches.rglob(f"*{SPILL_SUFFIX}")) == []  # spills (message text) are gone
    batched, single = stored(in_batches), stored(single_pass)
    assert batched.keys() == single.keys()
    for table, rows in single.items():
        # the rules backend proposes only valid events and calls no LLM; no person resolved or corrected anything
        assert rows or table in ("rejects", "resolutions", "corrections", "llm_usage"), table
        assert batched[table] == rows, table


def test_each_warehouse_table_is_stored_in_its_order(single_pass: Path, in_batches: Path):
    """The build copies lake files without sorting: they must come in the warehouse's order."""
    for home in (single_pass, in_batches):
        con = duckdb.connect(str(home / "warehouse.duckdb"), read_only=True)
        try:
            for table, (_, order) in TABLES.items():
                rows = con.execute(f"select {order} from {table}").fetchall()
                assert rows == con.execute(f"select {order} from {table} order by {order}").fetchall(), table
        finally:
            con.close()


def test_user_ranges_hold_whole_users_within_the_budget():
    weights = {"a": 5, "b": 5, "c": 30, "d": 1, "e": 9, "f": 4}
    frame = pl.LazyFrame(
        {"user_id": [u for u, w in weights.items() for _ in range(w)], "text": ["x" * 10] * sum(weights.values())}
    )
    weight = pl.col("text").str.len_bytes().sum()
    assert user_ranges(frame, weight, budget=10 * sum(weights.values())) == [EVERYONE]
    ranges = user_ranges(frame, weight, budget=100)
    members = [sorted(r.of(frame).select("user_id").unique().collect()["user_id"]) for r in ranges]
    assert members == [["a", "b"], ["c"], ["d", "e"], ["f"]]  # "c" (300 bytes) alone; none split
    assert [u for m in members for u in m] == sorted(weights)
    for r, users in zip(ranges, members, strict=True):
        assert sum(weights[u] * 10 for u in users[:-1]) < 100  # full only with its last user
        assert (r.first, r.last) == (users[0], users[-1])


def test_a_check_finds_a_failure_in_any_range(tmp_path: Path):
    frame = pl.DataFrame(
        {
            "message_id": [f"m{i}" for i in range(200)],
            "user_id": [f"user-{i:03d}" for i in range(200)],
            "session_id": "s",
            "ts": datetime(2026, 1, 1, tzinfo=UTC),
            "role": "user",
            "text": "x" * 100,
            "lang": None,
            "content_hash": "h",
            "source_file": "f",
            "line_no": range(1, 201),
            "export_day": "2026-01-01",
        }
    ).cast(polars_schema(Messages))
    lake = Lake(tmp_path)
    path = lake.messages
    late = frame.with_columns(  # the same (user, message) twice, in the last user's range
        pl.when(pl.col("user_id") == "user-199").then(pl.lit("m198")).otherwise("message_id").alias("message_id"),
        pl.when(pl.col("user_id") == "user-199").then(pl.lit("user-198")).otherwise("user_id").alias("user_id"),
    )
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(anamnesis.storage.batches, "BATCH_BYTES", 2_000)
        frame.write_parquet(path)
        assert pandera_check(Messages, lake, "messages").passed
        late.write_parquet(path)
        result = pandera_check(Messages, lake, "messages")
    assert not result.passed
    assert result.metadata["rows"].value == 200


def test_quarantine_comes_out_sorted_one_part_at_a_time(tmp_path: Path, write_export):
    """Broken lines of files spread over several parts and days, later days holding earlier names."""
    lake = Lake(tmp_path / "lake")
    days = {"2026-01-05": ["z-export.jsonl", "m-export.jsonl"], "2026-01-06": ["a-export.jsonl"]}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(anamnesis.ingest.parse, "BATCH_BYTES", 200)
        for day, names in days.items():
            no_ts = json.dumps(message("m", "u", "yesterday", "user", "hello")).encode()
            paths = [write_export(n, [b"not json " * 10, no_ts] * 6) for n in sorted(names)]
            writer = lake.partition_writer(day)
            for messages, quarantine, _ in read_exports(paths, export_day=day):
                writer.add(messages, quarantine)
            writer.commit({"fingerprint": day})
    assert len(lake.partition_files("quarantine")) > 3
    assert quarantine_lake(lake) == 36
    rows = pl.read_parquet(lake.quarantine).select("source_file", "line_no").rows()
    assert rows == sorted(rows)
    assert [(Path(f).name, n) for f, n in rows[:13]] == [("a-export.jsonl", n) for n in range(1, 13)] + [
        ("m-export.jsonl", 1)
    ]


def test_a_spill_left_by_a_killed_writer_is_swept(tmp_path: Path):
    with spill_directory(tmp_path / "lake" / "messages.parquet") as spill:
        spill.mkdir(parents=True)
        (spill / "range-00000-00000.parquet").write_text("someone's words")
        assert sweep_stale_temp(tmp_path) == 1
    assert list(tmp_path.rglob("*")) == [tmp_path / "lake"]
