# ruff: noqa: F811  (pytest passes the imported ``before`` fixture by its name)
"""The ``views`` warehouse layout: the relations, columns, comments and rows of the ``copy``
layout; readers keep one snapshot of the lake while a night writes the next; erasure leaves no
link to an erased file; an ``s3://`` home refuses it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import duckdb
import polars as pl
import pytest

from anamnesis.api.warehouse_reader import WarehouseReader
from anamnesis.config import Settings, load_settings
from anamnesis.erasure.forget import forget_user
from anamnesis.storage.snapshots import snapshots_root
from anamnesis.storage.warehouse import connect
from pipelines.cli.homes import in_home
from pipelines.run import run_backfill
from tests.conftest import message
from tests.test_batches import stored
from tests.test_night import NIGHT, before  # noqa: F401 - the fixture: the sample and synthetic exports


def views_home(path: Path) -> Settings:
    path.mkdir(parents=True, exist_ok=True)
    (path / "config.toml").write_text('warehouse_layout = "views"\n', encoding="utf-8")
    return load_settings(path)


def relations(con: duckdb.DuckDBPyConnection) -> dict[str, object]:
    """Every relation's kind-free shape: its columns as DESCRIBE shows them, and every comment."""
    names = [r[0] for r in con.execute("select table_name from information_schema.tables order by 1").fetchall()]
    return {
        name: (
            con.execute(f"describe {name}").fetchall(),
            con.execute(
                "select column_name, comment from duckdb_columns() where table_name = ? order by column_index", [name]
            ).fetchall(),
        )
        for name in names
    }


@pytest.fixture(scope="module")
def homes(before: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Settings, Settings]:
    """A ``copy`` home and a ``views`` home, each backfilled from the same exports."""
    root = tmp_path_factory.mktemp("homes")
    copy, views = load_settings(root / "copy"), views_home(root / "views")
    for settings in (copy, views):
        run_backfill(settings, before)
    return copy, views


def test_views_layout_has_the_copy_layouts_relations_columns_comments_and_rows(homes):
    copy, views = homes
    cons = [duckdb.connect(str(s.warehouse_path), read_only=True) for s in homes]
    try:
        shapes = [relations(con) for con in cons]
        kinds = [dict(con.execute("select table_name, table_type from information_schema.tables").fetchall())
                 for con in cons]
    finally:
        for con in cons:
            con.close()
    assert shapes[0] == shapes[1]
    assert {"messages", "facts_current", "fact_events", "session_summaries", "llm_usage"} <= set(shapes[0])
    assert kinds[0]["messages"] == "BASE TABLE" and kinds[1]["messages"] == "VIEW"
    assert stored(copy.home) == stored(views.home)
    # the views file holds definitions only: far smaller than the copy
    assert views.warehouse_path.stat().st_size < copy.warehouse_path.stat().st_size


def test_the_api_reads_a_views_warehouse_like_a_copy(homes):
    readers = [WarehouseReader(s.warehouse_path) for s in homes]
    for user in ("u-en-01", "u-ru-01", "u-zh-01"):
        facts = [r.facts(user) for r in readers]
        assert facts[0] and facts[0] == facts[1]


def test_readers_keep_their_snapshot_while_nights_write_and_old_snapshots_go(before: Path, tmp_path: Path):
    inputs = tmp_path / "in"
    shutil.copytree(before, inputs)
    settings = views_home(tmp_path / "home")
    run_backfill(settings, inputs)
    before = connect(settings.warehouse_path)  # a data scientist's session on the first warehouse
    count = "select count(*) from messages"
    (first_count,) = before.execute(count).fetchone()
    night = json.dumps(message("n1", "u-night-1", "2026-03-20T08:00:00Z", "user", "I was diagnosed with asthma."))
    (inputs / NIGHT).write_text(night + "\n", encoding="utf-8")
    run_backfill(settings, inputs)
    after = connect(settings.warehouse_path)
    try:
        # the old session still reads its own snapshot, every relation of it; a new one sees the night
        assert before.execute(count).fetchone() == (first_count,)
        assert before.execute("select count(*) from messages where user_id = 'u-night-1'").fetchone() == (0,)
        assert after.execute("select count(*) from facts_current where user_id = 'u-night-1'").fetchone()[0] > 0
    finally:
        before.close()
        after.close()
    assert len(list(snapshots_root(settings.warehouse_path).iterdir())) == 2  # the new one and the previous
    (inputs / NIGHT).write_text(night.replace('"n1"', '"n2"') + "\n", encoding="utf-8")
    run_backfill(settings, inputs)
    assert len(list(snapshots_root(settings.warehouse_path).iterdir())) == 2


def test_forget_leaves_no_snapshot_holding_the_user(before: Path, tmp_path: Path):
    inputs = tmp_path / "in"
    shutil.copytree(before, inputs)
    settings = views_home(tmp_path / "home")
    run_backfill(settings, inputs)
    (inputs / NIGHT).write_text(
        json.dumps(message("n1", "u-en-01", "2026-03-20T08:00:00Z", "user", "I have asthma.")) + "\n", encoding="utf-8"
    )
    run_backfill(settings, inputs)  # two snapshots now, both holding u-en-01
    forget_user(settings, "u-en-01")
    (snapshot,) = snapshots_root(settings.warehouse_path).iterdir()
    for file in snapshot.iterdir():
        if "user_id" in pl.read_parquet_schema(file):
            assert pl.read_parquet(file).filter(pl.col("user_id") == "u-en-01").is_empty(), file.name
    con = connect(settings.warehouse_path)
    try:
        assert con.execute("select count(*) from messages where user_id = 'u-en-01'").fetchone() == (0,)
    finally:
        con.close()


def test_an_object_store_home_refuses_the_views_layout(tmp_path: Path):
    views_home(tmp_path / "mirror")
    with pytest.raises(ValueError, match="warehouse_layout = views .* needs a directory home"):
        in_home(lambda **_: None, tmp_path / "mirror", home="s3://bucket/home")
