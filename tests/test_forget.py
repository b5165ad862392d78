"""``anamnesis forget``: after it, no file of the home holds the user's id or words, and a later
backfill of the same old exports does not bring them back; every other user stays as they were."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import dagster as dg
import duckdb
import polars as pl
import pytest

from anamnesis.config import load_settings
from anamnesis.erasure.forget import forget_user
from anamnesis.erasure.ownership import user_key
from anamnesis.erasure.sqlite import is_sqlite
from anamnesis.erasure.tombstones import load_tombstones, tombstoned
from anamnesis.ingest.messages import collect_quarantine, consolidate
from pipelines.run import instance_for, run_backfill
from tests.conftest import message, write_config
from tests.openai_stub import OpenAIStub

USER = "erase-me-Ω"
#: Words only this user wrote (one with a non-ASCII letter, so its JSON-escaped form matters).
WORDS = ("zolpidemix", "quetiaxolam", "wrzosławski")
ANAMNESIS = Path(sys.executable).parent / "anamnesis"


def _exports(write_export) -> Path:
    s = "s-erase"
    write_export("export-2026-03-03.jsonl", [
        message("a1", USER, "2026-03-03T09:00:00Z", "assistant", "Do you take any medication?", session=s),
        message("m1", USER, "2026-03-03T09:00:10Z", "user",
                "I take metformin 850 mg at night and zolpidemix when I cannot sleep.", session=s),
        message("m2", USER, "2026-03-03T09:01:00Z", "user", "I'm allergic to quetiaxolam.", session=s),
        message("k1", "keep-a", "2026-03-03T10:00:00Z", "user", "I take metformin 500 mg twice a day."),
        message("k2", "keep-a", "2026-03-03T10:01:00Z", "user", "I'm allergic to penicillin."),
        message("b1", "keep-b", "2026-03-03T11:00:00Z", "user", "I have had a headache since yesterday."),
        b'{"message_id": "q1", "user_id": "erase-me-\\u03a9", "text": "zolpidemix at noon", "ts": "noon"}',
        '{"message_id": "q2", "user_id": "erase-me-Ω", "text": "Wrzosławski said'.encode(),
        b'{"message_id": "q3", "user_id": "keep-a", "text": "later", "ts": "later"}',
    ])
    return write_export("export-2026-03-10.jsonl", [
        message("m2", USER, "2026-03-03T09:01:00Z", "user",
                "I'm allergic to quetiaxolam, said Dr Wrzosławski.", session=s),  # an edit: a supersession
        message("k3", "keep-a", "2026-03-10T10:00:00Z", "user", "My mother had diabetes."),
        message("b2", "keep-b", "2026-03-10T11:00:00Z", "user", "I have asthma."),
    ]).parent


# -- looking for traces everywhere --------------------------------------------------------------


def _needles() -> set[str]:
    forms = set()
    for word in (USER, *WORDS):
        forms |= {word.lower(), json.dumps(word.lower())[1:-1], json.dumps(word)[1:-1].lower()}
    return forms


def _holds(text: str) -> bool:
    lowered = text.lower()
    return any(n in lowered for n in _needles())


def _frame_holds(frame: pl.DataFrame) -> bool:
    return frame.height > 0 and _holds(frame.write_ndjson())


def traces(home: Path) -> list[str]:
    """Where the user's id or words still are: raw bytes of every file, then every row of every
    Parquet file, DuckDB relation, Lance table version and SQLite table (compressed pages hide
    from a byte scan)."""
    found: list[str] = []
    files = sorted(p for p in home.rglob("*") if p.is_file())
    found += [f"bytes of {p}" for p in files if _holds(p.read_bytes().decode("utf-8", errors="replace"))]
    for path in (p for p in files if p.suffix == ".parquet"):
        if _frame_holds(pl.read_parquet(path)):
            found.append(f"rows of {path}")
    con = duckdb.connect(str(home / "warehouse.duckdb"), read_only=True)
    try:
        for (relation,) in con.execute("select table_name from information_schema.tables").fetchall():
            if _holds(repr(con.execute(f'select * from "{relation}"').fetchall())):
                found.append(f"warehouse {relation}")
    finally:
        con.close()
    found += _lance_traces(home / "memory" / "tables")
    for path in (p for p in files if is_sqlite(p)):
        db = sqlite3.connect(path)
        try:
            for (table,) in db.execute("select name from sqlite_master where type = 'table'").fetchall():
                if any(_holds(repr(row)) for row in db.execute(f'select * from "{table}"')):
                    found.append(f"sqlite {path} {table}")
        finally:
            db.close()
    return found


def _lance_traces(tables_dir: Path) -> list[str]:
    import lancedb

    if not tables_dir.is_dir():
        return []
    db = lancedb.connect(tables_dir)
    found = []
    for name in db.table_names(limit=10_000):
        table = db.open_table(name)
        for version in table.list_versions():
            table.checkout(version["version"])
            if _frame_holds(pl.from_arrow(table.to_arrow().drop_columns(["vector"]))):
                found.append(f"lance {name} v{version['version']}")
    return found


def _memory_keys(home: Path) -> set[str]:
    """The user key of every row in the memory shard tables."""
    import lancedb

    db = lancedb.connect(home / "memory" / "tables")
    return {k for name in db.table_names(limit=10_000) for k in db.open_table(name).to_arrow()["user_key"].to_pylist()}


def _facts_of_others(home: Path) -> list[tuple]:
    con = duckdb.connect(str(home / "warehouse.duckdb"), read_only=True)
    try:
        return con.execute(
            "select * exclude (decayed) from facts_current where user_id <> ? order by all", [USER]
        ).fetchall()
    finally:
        con.close()


def _plant_in_dagster(settings) -> None:
    """What a failed check or a stray print could leave: the id and the words in free text."""
    with instance_for(settings) as instance:  # closed: its event log's connections (and WAL) go with it
        instance.report_runless_asset_event(dg.AssetObservation(
            asset_key="messages",
            metadata={"sample": dg.MetadataValue.text(f"{USER}: zolpidemix"),
                      "words": dg.MetadataValue.text("Quetiaxolam, twice")},
        ))
    log = next(settings.dagster_home.rglob("compute_logs/*.err"))
    with open(log, "a", encoding="utf-8") as fh:
        fh.write(f"warning: row of {USER}\nnote: quetiaxolam seen\nunrelated line\n")


@contextlib.contextmanager
def _backend(home: Path, name: str) -> Iterator[None]:
    if name == "rules":
        write_config(home)
        yield
        return
    with OpenAIStub() as stub:
        write_config(home, llm="openai", llm_model=OpenAIStub.model, openai_base_url=stub.base_url,
                     llm_backoff_s=0, llm_timeout_s=5)
        yield


# -- the tests ------------------------------------------------------------------------------------


@pytest.mark.parametrize("backend", ["rules", "openai"])
def test_forget_leaves_no_trace_and_a_later_backfill_does_not_bring_the_user_back(
    tmp_path: Path, write_export, backend: str
):
    home = tmp_path / "home"
    inputs = _exports(write_export)
    with _backend(home, backend):
        settings = load_settings(home)
        run_backfill(settings, inputs)
        _plant_in_dagster(settings)
        before = traces(home)
        assert any("warehouse messages" in t for t in before) and any("dagster" in t for t in before)
        if backend == "openai":  # the stub reads "allergic to quetiaxolam" as a fact: a memory text
            assert any("lance" in t for t in before) and any("llm_cache" in t for t in before)
        assert user_key(USER) in _memory_keys(home)
        others = _facts_of_others(home)
        assert {row[1] for row in others} == {"keep-a", "keep-b"}

        report = forget_user(settings, USER)

        assert report.lake_rows["messages"] == 3 and report.lake_rows["quarantine"] == 2
        assert report.lake_rows["supersessions"] == 1 and report.lake_rows["ingest/messages"] == 4
        assert report.memory_table and report.new_tombstone and report.found
        assert (report.llm_cache_rows > 0) == (backend == "openai")
        assert report.dagster_records >= 1 and report.dagster_log_lines == 2
        assert traces(home) == []
        assert _facts_of_others(home) == others
        assert user_key(USER) not in _memory_keys(home) and {user_key("keep-a")} <= _memory_keys(home)
        assert tombstoned(settings, USER) and tombstoned(home, USER) and not tombstoned(home, "keep-a")
        with duckdb.connect(str(home / "warehouse.duckdb"), read_only=True) as con:
            assert con.execute("select raw from quarantine").fetchall() == [
                ('{"message_id": "q3", "user_id": "keep-a", "text": "later", "ts": "later"}',)]

        instance = instance_for(settings)
        assert instance.get_latest_materialization_event(dg.AssetKey("warehouse")) is not None
        records = instance.fetch_observations(dg.AssetKey("messages"), limit=1).records
        metadata = records[0].asset_observation.metadata  # type: ignore[union-attr]
        assert metadata["sample"].value == "[erased]" and metadata["words"].value == "[erased]"

        again = forget_user(settings, USER)
        assert not again.found and not again.new_tombstone

        run_backfill(settings, inputs)  # the same old exports: unchanged days are not even read
        assert traces(home) == []
        for export in inputs.iterdir():  # touched: every day is read again, the user's lines too
            os.utime(export, (export.stat().st_atime, export.stat().st_mtime + 60))
        outcome = run_backfill(settings, inputs)
        assert outcome.days_ingested == ["2026-03-03", "2026-03-10"]
        assert traces(home) == []
        assert _facts_of_others(home) == others


def test_tombstones_hold_a_salted_hash_and_filter_messages_and_quarantine(tmp_path: Path, write_export):
    home = tmp_path / "home"
    inputs = _exports(write_export)
    run_backfill(load_settings(home), inputs)
    parts = sorted((home / "lake" / "ingest").rglob("messages-*.parquet"))
    quarantine_parts = sorted((home / "lake" / "ingest").rglob("quarantine-*.parquet"))
    assert USER in consolidate(parts)[0]["user_id"].to_list()

    forget_user(load_settings(home), USER)
    stones = load_tombstones(home)
    assert USER.encode() not in (home / "tombstones.json").read_bytes()
    assert len(stones.hashes) == 1 and stones.covers(USER) and len(stones.salt) == 64

    frame = pl.DataFrame({"user_id": [USER, "keep-a"], "raw": ["", '{"user_id": "erase-me-\\u03a9"']})
    assert stones.drop(frame).height == 0  # one row by its id, the other by the id inside its raw line
    messages, supersessions = consolidate(parts, tombstones=stones)
    assert USER not in messages["user_id"].to_list() and supersessions.is_empty()
    assert collect_quarantine(quarantine_parts, tombstones=stones).height == 1


def test_cli_forget_prints_one_line_and_fails_clearly(tmp_path: Path, write_export):
    home = tmp_path / "home"
    run_backfill(load_settings(home), _exports(write_export))

    def forget(user: str, target: Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(ANAMNESIS), "forget", user, "--home", str(target)],
                              capture_output=True, text=True, check=False)

    done = forget(USER, home)
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("forgot one user: lake rows removed:")
    assert USER not in done.stderr + done.stdout
    unknown = forget("never-seen", home)
    assert unknown.returncode == 0 and unknown.stderr.startswith("nothing of this user")
    assert tombstoned(home, "never-seen")

    missing = forget(USER, tmp_path / "nowhere")
    assert missing.returncode == 1 and missing.stderr.count("\n") == 1 and "no anamnesis home" in missing.stderr
    (tmp_path / "empty").mkdir()
    no_warehouse = forget(USER, tmp_path / "empty")
    assert no_warehouse.returncode == 1 and "no warehouse" in no_warehouse.stderr
