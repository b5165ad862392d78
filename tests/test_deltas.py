"""Lake tables as a base plus delta parts: read as a full rewrite, compacted, safe across a crash."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import duckdb
import polars as pl
import pytest

from anamnesis.erasure.lake import erase_from_lake
from anamnesis.storage import deltas
from anamnesis.storage.atomic import write_parquet
from anamnesis.storage.deltas import (
    compact,
    compact_lake,
    deltas_dir,
    duckdb_relation,
    scan_table,
    table_files,
    table_rows,
    write_part,
)
from anamnesis.storage.lake import Lake

ORDER = ["user_id", "ts", "message_id"]


def rows(users: dict[str, int], *, tag: str) -> pl.DataFrame:
    """``n`` messages for each user, in the lake's order; ``tag`` marks which write they come from."""
    data = [
        {"user_id": u, "ts": i, "message_id": f"{u}-{i}", "text": f"{tag} {u} {i}"}
        for u, n in users.items() for i in range(n)
    ]
    schema = {"user_id": pl.String, "ts": pl.Int64, "message_id": pl.String, "text": pl.String}
    return pl.DataFrame(data, schema=schema).sort(ORDER)


def replaced(full: pl.DataFrame, new: pl.DataFrame, users: list[str]) -> pl.DataFrame:
    """What a full rewrite gives: ``users``' rows replaced by ``new``, in the lake's order."""
    return pl.concat([full.filter(~pl.col("user_id").is_in(users)), new]).sort(ORDER)


def via_duckdb(lake: Lake, table: str) -> pl.DataFrame:
    with duckdb.connect() as con:
        return con.sql(f"select * from {duckdb_relation(table_files(lake, table))}").pl()


@pytest.fixture
def lake(tmp_path: Path) -> Lake:
    lake = Lake(tmp_path / "lake")
    write_parquet(rows({f"u{i:02d}": 10 for i in range(20)}, tag="base"), lake.messages)
    return lake


def test_base_and_parts_read_as_the_full_rewrite_in_polars_and_duckdb(lake: Lake):
    full = pl.read_parquet(lake.messages)
    # a night: two users say more, one new user; the next: one of them again and a user whose rows all go
    for night, users in enumerate([{"u03": 5, "u11": 4, "u99": 2}, {"u11": 1, "u05": 0, "u00": 6}]):
        new = rows(users, tag=f"night {night}")
        write_part(lake, "messages", new.lazy(), pl.Series(list(users)))
        full = replaced(full, new, list(users))
    assert len(table_files(lake, "messages").parts) == 2
    assert scan_table(lake, "messages").collect().equals(full)
    assert via_duckdb(lake, "messages").equals(full)
    assert table_rows(lake, "messages") == full.height
    assert not full.filter(pl.col("user_id") == "u05").height


def test_parts_are_folded_into_the_base_past_the_threshold_and_read_the_same(lake: Lake, monkeypatch):
    monkeypatch.setattr(deltas, "MAX_PARTS", 2)
    full = pl.read_parquet(lake.messages)
    for night in range(2):
        new = rows({f"u{night:02d}": 4}, tag=f"night {night}")
        write_part(lake, "messages", new.lazy(), pl.Series([f"u{night:02d}"]))
        full = replaced(full, new, [f"u{night:02d}"])
        assert len(table_files(lake, "messages").parts) == night + 1
    write_part(lake, "messages", rows({"u07": 1}, tag="last").lazy(), pl.Series(["u07"]))  # a third part: folded
    full = replaced(full, rows({"u07": 1}, tag="last"), ["u07"])
    assert table_files(lake, "messages").parts == () and not deltas_dir(lake, "messages").exists()
    assert pl.read_parquet(lake.messages).equals(full)


def test_a_large_part_is_folded_at_once(lake: Lake):
    many = {f"u{i:02d}": 10 for i in range(6)}  # 60 of 200 rows: more than MAX_PART_SHARE
    write_part(lake, "messages", rows(many, tag="big").lazy(), pl.Series(list(many)))
    assert table_files(lake, "messages").parts == ()
    assert pl.read_parquet(lake.messages).filter(pl.col("user_id") == "u00")["text"][0].startswith("big")


def test_a_full_rewrite_of_the_base_makes_its_parts_stale(lake: Lake):
    write_part(lake, "messages", rows({"u01": 9}, tag="night").lazy(), pl.Series(["u01"]))
    rewritten = rows({"u01": 1, "u02": 1}, tag="full")
    write_parquet(rewritten, lake.messages)  # a stage that redid everyone
    assert table_files(lake, "messages").parts == ()
    assert scan_table(lake, "messages").collect().equals(rewritten)
    assert via_duckdb(lake, "messages").equals(rewritten)


def test_a_crash_between_the_part_and_the_manifest_leaves_the_old_state(lake: Lake):
    write_part(lake, "messages", rows({"u01": 9}, tag="first").lazy(), pl.Series(["u01"]))
    before = scan_table(lake, "messages").collect()
    code = (
        "import polars as pl\n"
        "from pathlib import Path\n"
        "from anamnesis.storage.lake import Lake\n"
        "from anamnesis.storage.deltas import write_part\n"
        "frame = pl.DataFrame({'user_id': ['u02'], 'ts': [0], 'message_id': ['x'], 'text': ['lost']})\n"
        f"write_part(Lake(Path({str(lake.root)!r})), 'messages', frame.lazy(), pl.Series(['u02']))\n"
    )
    env = {**os.environ, "ANAMNESIS_CRASH_AT": "delta-manifest"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == -signal.SIGKILL, done.stderr
    assert len(list(deltas_dir(lake, "messages").glob("*.users.parquet"))) == 2  # the part was written...
    assert len(table_files(lake, "messages").parts) == 1  # ... but never listed
    assert scan_table(lake, "messages").collect().equals(before)
    assert via_duckdb(lake, "messages").equals(before)


def test_compaction_before_erasure_leaves_no_row_of_the_user_in_any_part(lake: Lake):
    write_part(lake, "messages", rows({"u04": 2, "u08": 1}, tag="night").lazy(), pl.Series(["u04", "u08"]))
    write_part(lake, "messages", rows({"u04": 1}, tag="later").lazy(), pl.Series(["u04"]))
    expected = scan_table(lake, "messages").collect().filter(pl.col("user_id") != "u04")
    assert compact_lake(lake) == ["messages"]
    erased = erase_from_lake(lake.root, "u04")
    assert erased.removed["messages"] == 1 and not deltas_dir(lake, "messages").exists()
    for path in lake.root.rglob("*.parquet"):
        assert "u04" not in pl.read_parquet(path)["user_id"].to_list(), path
    assert scan_table(lake, "messages").collect().equals(expected)
    assert not compact(lake, "messages")  # nothing left to fold


def test_some_users_rows_skip_every_file_that_cannot_hold_them(lake: Lake):
    full = pl.read_parquet(lake.messages)
    for night, users in enumerate([{"u02": 4, "u07": 1}, {"u07": 2, "u98": 3}]):
        new = rows(users, tag=f"night {night}")
        write_part(lake, "messages", new.lazy(), pl.Series(list(users)))
        full = replaced(full, new, list(users))
    first, last = table_files(lake, "messages").parts
    for users, files_read in (
        (["u07", "u98"], {last.rows}),  # the last night's users: its part alone, never the base
        (["u02", "u07"], {first.rows, last.rows}),  # u07 of the first part was replaced by the last
        (["u02", "u11"], {first.rows, lake.messages}),
        ([], set()),
    ):
        only = pl.Series(users, dtype=pl.String)
        scan = scan_table(lake, "messages", only=only)
        assert scan.collect().equals(full.filter(pl.col("user_id").is_in(users))), users
        plan = scan.explain()
        assert {p for p in (lake.messages, first.rows, last.rows) if str(p) in plan} == files_read, users


@pytest.mark.parametrize("schema", ["the table's", "another"])
def test_a_written_file_in_the_tables_schema_is_the_part_as_it_is(lake: Lake, tmp_path: Path, schema: str):
    """A night's one shard already wrote its rows: in the table's schema that file is linked as the
    part, not encoded again; a file in another schema (columns in another order) is rewritten."""
    new = rows({"u03": 4}, tag="night")
    written = tmp_path / "shard.parquet"
    write_parquet(new if schema == "the table's" else new.select(["text", *ORDER]), written)
    write_part(lake, "messages", written, pl.Series(["u03"]))
    (part,) = table_files(lake, "messages").parts
    assert part.rows.samefile(written) is (schema == "the table's")
    assert pl.read_parquet_schema(part.rows) == pl.read_parquet_schema(lake.messages)
    full = replaced(pl.read_parquet(lake.messages), new, ["u03"])
    assert scan_table(lake, "messages").collect().equals(full)
    assert via_duckdb(lake, "messages").equals(full)
    assert table_rows(lake, "messages") == full.height
