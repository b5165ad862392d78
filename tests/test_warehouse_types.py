"""The typed, documented warehouse: ENUMs, numeric doses and values, comments, and the DuckDB CLI."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import duckdb

from schemas.docs import RELATIONS


def _con(home: Path) -> duckdb.DuckDBPyConnection:
    return duckdb.connect(str(home / "warehouse.duckdb"), read_only=True)


def test_describe_facts_current_shows_enum_types_typed_values_and_comments(sample_home: Path) -> None:
    con = _con(sample_home)
    try:
        types = dict(con.execute("select column_name, column_type from (describe facts_current)").fetchall())
        comments = dict(con.execute(
            "select column_name, comment from duckdb_columns() where table_name = 'facts_current'").fetchall())
        view_comment = con.execute("select comment from duckdb_views() where view_name = 'facts_current'").fetchone()
    finally:
        con.close()
    assert types["section"].startswith("ENUM('allergies', 'chronic_conditions'")
    assert types["status"].startswith("ENUM(") and "'confirmed_absent'" in types["status"]
    assert types["dose_value"] == "DOUBLE" and types["dose_unit"] == "VARCHAR" and types["value_number"] == "DOUBLE"
    assert types["attributes"] == "JSON"  # kept for compatibility
    assert set(comments) == set(types) and all(comments.values())
    assert view_comment == (RELATIONS["facts_current"],)


def test_every_relation_and_column_has_a_comment(sample_home: Path) -> None:
    con = _con(sample_home)
    try:
        relations = con.execute(
            "select table_name, comment from duckdb_tables() union all "
            "select view_name, comment from duckdb_views() where not internal").fetchall()
        missing = con.execute(
            "select table_name, column_name from duckdb_columns() where not internal and comment is null").fetchall()
        change_type = con.execute(
            "select column_type from (describe fact_events) where column_name = 'change_type'").fetchone()
    finally:
        con.close()
    assert len(relations) >= 10 and all(comment for _, comment in relations)
    assert missing == []
    assert change_type is not None and change_type[0].startswith("ENUM(")


def test_doses_and_demographics_are_numbers(sample_home: Path) -> None:
    con = _con(sample_home)
    try:
        nifedipine = con.execute(
            "select attributes->>'dose', dose_value, dose_unit from facts_current "
            "where user_id = 'u-en-01' and entity = 'nifedipine'").fetchone()
        age = con.execute(
            "select attributes->>'value', value_number from facts_current "
            "where user_id = 'u-en-01' and section = 'demographics' and entity = 'age'").fetchone()
        no_dose = con.execute(
            "select count(*) from facts_current where attributes->>'dose' is null and dose_value is not null"
        ).fetchone()
        macros = con.execute(
            """select dose_value('{"dose": "2,5 ml"}'::JSON), dose_unit('{"dose": "2,5 ml"}'::JSON),"""
            """ dose_value('{"dose": "one pill"}'::JSON)"""
        ).fetchone()
    finally:
        con.close()
    assert nifedipine == ("30 mg", 30.0, "mg")
    assert age is not None and float(age[0]) == age[1]
    assert no_dose == (0,)
    assert macros == (2.5, "ml", None)


def test_the_readme_duckdb_cli_opens_the_warehouse(sample_home: Path) -> None:
    """``uv sync`` installs the ``duckdb`` CLI (duckdb-cli); the file is in a format it reads."""
    cli = shutil.which("duckdb") or str(Path(__file__).resolve().parent.parent / ".venv" / "bin" / "duckdb")
    assert Path(cli).exists()
    out = subprocess.run(
        [cli, "-readonly", "-csv", str(sample_home / "warehouse.duckdb"),
         "-c", "select dose_value, dose_unit from facts_current where user_id = 'u-en-01' and entity = 'nifedipine'"],
        capture_output=True, text=True, timeout=60, check=True,
    ).stdout
    assert out.splitlines() == ["dose_value,dose_unit", "30.0,mg"]
