"""Measurements end to end: real Dagster run, Parquet lake and DuckDB warehouse, then forget."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from anamnesis.config import load_settings
from tests.measurement_data import EN, RU, ZH, build_measured_home


@pytest.fixture(scope="module")
def measured_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_measured_home(tmp_path_factory.mktemp("measured"))


def rows(home: Path, sql: str, params: list | None = None) -> list[tuple]:
    con = duckdb.connect(str(home / "warehouse.duckdb"), read_only=True)
    try:
        return con.execute(sql, params or []).fetchall()
    finally:
        con.close()


def readings(home: Path, user: str) -> list[tuple]:
    return rows(
        home,
        "select test, value, unit, flag, original_value, original_unit, valid_from::date::varchar, dated "
        "from measurements where user_id = ? order by valid_from, source_message_id, test",
        [user],
    )


def test_contract_columns_exist(measured_home: Path) -> None:
    columns = {
        c
        for (c,) in rows(
            measured_home, "select column_name from information_schema.columns where table_name = 'measurements'"
        )
    }
    assert {
        "measurement_id",
        "user_id",
        "test",
        "code",
        "value",
        "unit",
        "flag",
        "mention",
        "valid_from",
        "recorded_at",
        "source_message_id",
        "extractor_version",
    } <= columns


def test_english_values_units_codes_and_a_dated_result(measured_home: Path) -> None:
    got = readings(measured_home, EN)
    first = [r for r in got if r[6] == "2026-03-02"]
    assert ("alanine aminotransferase", 98.0, "U/L", "high", 98.0, "U/L", "2026-03-02", False) in first
    assert ("hba1c", 7.4, "%", "high", 7.4, "%", "2026-03-02", False) in first
    # "Last Tuesday" said on Wednesday 2026-06-10 is 2026-06-09
    dated = [r for r in got if r[6] == "2026-06-09"]
    assert {r[0] for r in dated} == {"alanine aminotransferase", "fasting glucose", "ldl cholesterol"}
    assert all(r[7] for r in dated)
    code = rows(measured_home, "select code from measurements where user_id = ? and test = 'hba1c'", [EN])
    assert code == [("LOINC:4548-4",)]


def test_glucose_and_ldl_converted_with_the_original_kept(measured_home: Path) -> None:
    got = {r[0]: r for r in readings(measured_home, EN) if r[6] == "2026-06-09"}
    glucose, ldl = got["fasting glucose"], got["ldl cholesterol"]
    assert glucose[2] == "mmol/L" and glucose[1] == pytest.approx(6.99, abs=0.01)
    assert (glucose[4], glucose[5]) == (126.0, "mg/dL")
    assert ldl[1] == pytest.approx(3.36, abs=0.01) and ldl[5] == "mg/dL"
    assert got["alanine aminotransferase"][3] == "normal"  # 41 U/L within the typical range


def test_blood_pressure_is_two_rows_in_three_languages(measured_home: Path) -> None:
    for user in (EN, RU, ZH):
        bp = [r for r in readings(measured_home, user) if r[0].endswith("blood pressure") and r[6] != "2026-06-11"]
        assert sorted((r[0], r[1], r[2]) for r in bp) == [
            ("diastolic blood pressure", 95.0, "mm[Hg]"),
            ("systolic blood pressure", 150.0, "mm[Hg]"),
        ], user


def test_russian_and_chinese_values_and_judgements(measured_home: Path) -> None:
    ru = readings(measured_home, RU)
    assert ("alanine aminotransferase", 120.0, "U/L", "high", 120.0, "U/L", "2026-03-31", True) in ru
    assert ("total cholesterol", None, None, "high", None, None, "2026-03-31", True) in ru
    assert ("heart rate", 80.0, "/min", "normal", 80.0, None, "2026-04-02", False) in ru
    zh = readings(measured_home, ZH)
    assert ("fasting glucose", 7.8, "mmol/L", "high", 7.8, "mmol/L", "2026-05-01", False) in zh
    assert ("transaminases", None, None, "high", None, None, "2026-05-01", False) in zh


def test_an_impossible_value_goes_to_rejects_with_its_reason(measured_home: Path) -> None:
    bad = rows(measured_home, "select reason from rejects where user_id = ? and message_id = 'e4'", [EN])
    assert len(bad) == 1
    assert "outside the possible range" in bad[0][0] and "systolic blood pressure" in bad[0][0]
    kept = [r for r in readings(measured_home, EN) if r[6] == "2026-06-11"]
    assert kept == [("diastolic blood pressure", 90.0, "mm[Hg]", "high", 90.0, None, "2026-06-11", False)]
    assert rows(measured_home, "select count(*) from measurements where value > 300")[0][0] == 0


def test_abnormal_results_still_leave_the_facts_as_before(measured_home: Path) -> None:
    facts = rows(measured_home, "select section, entity from facts_current where user_id = ?", [EN])
    assert ("allergies", "penicillin") in facts and ("medications", "enalapril") in facts


def test_the_readme_queries_run_and_find_the_rise_in_ldl(measured_home: Path) -> None:
    import re

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Measurements", 1)[1].split("```sql", 1)[1].split("```", 1)[0]
    statements = [s.strip() for s in section.split(";") if s.strip()]
    assert len(statements) == 3
    hba1c = rows(measured_home, statements[0].replace("'u-en-01'", f"'{EN}'"))
    assert [(str(d), v, u) for d, v, u, _ in hba1c] == [("2026-03-02", 7.4, "%")]
    rises = rows(measured_home, statements[1])
    assert [(u, round(a, 2), round(b, 2)) for u, a, b, _ in rises] == [(EN, 3.36, 4.4)]
    reasons = dict(rows(measured_home, statements[2]))
    assert any(re.search("outside the possible range", r) for r in reasons)


def test_forget_erases_the_users_measurements_and_their_rejects(
    measured_home: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Run last in this module: it erases one user from the shared home."""
    import polars as pl

    from anamnesis.erasure.forget import forget_user

    before_ru = readings(measured_home, RU)
    report = forget_user(load_settings(measured_home), EN)
    assert report.found
    assert readings(measured_home, EN) == []
    assert rows(measured_home, "select count(*) from rejects where user_id = ?", [EN])[0][0] == 0
    lake = pl.read_parquet(measured_home / "lake" / "measurements.parquet")
    assert EN not in lake["user_id"].to_list()
    assert readings(measured_home, RU) == before_ru
