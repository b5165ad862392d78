"""Resolutions and corrections through real Dagster backfills: kept across re-runs, erased by forget."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from anamnesis.api.warehouse_reader import WarehouseReader
from anamnesis.config import load_settings
from anamnesis.facts.ids import fact_id
from anamnesis.review.record import ReviewError, correct_fact, resolve_conflict
from anamnesis.understanding.prompts import BUNDLED_PROMPTS_DIR
from pipelines.run import run_backfill
from tests.conftest import message, write_config
from tests.openai_stub import OpenAIStub, stub_config
from tests.warehouse_state import query

ANAMNESIS = Path(sys.executable).parent / "anamnesis"
DIALOGUE = [
    message("a1", "p1", "2026-03-01T09:00:00Z", "assistant", "Do you have any allergies?"),
    message("u1", "p1", "2026-03-01T09:00:10Z", "user", "I'm allergic to penicillin."),
    message("u2", "p1", "2026-03-01T09:01:00Z", "user", "I take metformin 500 mg twice a day."),
    message("u3", "p1", "2026-03-02T10:00:00Z", "user", "My doctor says I have gastritis."),
    message("u4", "p1", "2026-05-10T10:00:00Z", "user", "I have no allergies."),
    message("u5", "p2", "2026-03-03T08:00:00Z", "user", "I take lisinopril 10 mg every morning."),
]


def current(home: Path) -> list[tuple]:
    return query(home, "select * exclude (decayed) from facts_current order by all")


def history(home: Path) -> list[tuple]:
    return query(
        home,
        "select event_id, fact_id, change_type, status, attributes::varchar, valid_from, source, source_ref, "
        "case when source = 'dialogue' then null else recorded_at end from fact_events order by all",
    )


def test_corrections_survive_a_rerun_from_an_empty_lake_and_forget_removes_them(tmp_path, write_export):
    write_export("export-2026-05-10.jsonl", DIALOGUE)
    home = tmp_path / "home"
    run_backfill(load_settings(home), tmp_path / "in")
    settings = load_settings(home)
    gastritis, metformin = fact_id("p1", "diagnoses", "gastritis"), fact_id("p1", "medications", "metformin")
    assert query(home, "select status from facts_current where fact_id = ?", gastritis) == [("active",)]
    with pytest.raises(ReviewError):  # another user's fact is not found under p2
        correct_fact(settings, "p2", metformin, {"retract": True}, reviewer="dr a")
    with pytest.raises(ReviewError):
        correct_fact(settings, "p1", metformin, {"status": "historical"}, reviewer="dr a")
    correct_fact(settings, "p1", gastritis, {"retract": True}, reviewer="dr a", note="said of her husband")
    correct_fact(settings, "p1", metformin, {"attributes": {"dose": "1000 mg"}}, reviewer="dr b", note="pharmacy")
    lisinopril = fact_id("p2", "medications", "lisinopril")
    correct_fact(settings, "p2", lisinopril, {"attributes": {"frequency": "twice daily"}}, reviewer="dr b")
    assert query(home, "select count(*) from facts_current where fact_id = ?", gastritis) == [(0,)]
    (attributes,) = query(home, "select attributes from facts_current where fact_id = ?", metformin)[0]
    assert orjson.loads(attributes)["dose"] == "1000 mg"
    reader = WarehouseReader(settings.warehouse_path)
    last = reader.history("p1", metformin)[-1]
    reader.close()
    assert (last["source"], last["changed_by"], last["note"]) == ("review", "dr b", "pharmacy")
    before_facts, before_history = current(home), history(home)

    run_backfill(load_settings(home), tmp_path / "in")  # a backfill keeps them
    assert (current(home), history(home)) == (before_facts, before_history)

    fresh = tmp_path / "fresh"  # an empty lake, the same exports and the same corrections
    shutil.copytree(home / "lake" / "inputs", fresh / "lake" / "inputs")
    run_backfill(load_settings(fresh), tmp_path / "in")
    assert (current(fresh), history(fresh)) == (before_facts, before_history)

    done = subprocess.run([str(ANAMNESIS), "forget", "p1", "--home", str(fresh)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "inputs/corrections 2" in done.stderr
    assert query(fresh, "select user_id, count(*) from corrections group by all") == [("p2", 1)]
    assert query(fresh, "select count(*) from fact_events where user_id = 'p1'") == [(0,)]
    raw = (fresh / "lake" / "inputs" / "corrections.parquet").read_bytes()
    assert b"said of her husband" not in raw and b"pharmacy" not in raw


def test_a_resolution_survives_reextraction_with_a_changed_prompt(tmp_path, write_export):
    write_export("export-2026-05-10.jsonl", DIALOGUE)
    home = tmp_path / "home"
    with OpenAIStub() as stub:
        write_config(home, **stub_config(stub, llm_timeout_s=5))
        run_backfill(load_settings(home), tmp_path / "in")
        (cid,) = query(home, "select conflict_id from conflicts where user_id = 'p1' and status = 'open'")[0]
        resolve_conflict(load_settings(home), "p1", cid, outcome="later_stands", source="clinician")
        versions = query(home, "select distinct extractor_version from extracted_events where section = 'allergies'")
        before = current(home)
        prompts = tmp_path / "prompts"
        shutil.copytree(BUNDLED_PROMPTS_DIR, prompts)
        path = prompts / "extract" / "allergies.md"
        path.write_text(path.read_text(encoding="utf-8") + "\nBe precise about reactions.\n", encoding="utf-8")
        write_config(home, **stub_config(stub, llm_timeout_s=5, prompts_dir=prompts))
        stub.reset()
        run_backfill(load_settings(home), tmp_path / "in")
        assert stub.count("extract", "allergies") > 0
    after = query(home, "select distinct extractor_version from extracted_events where section = 'allergies'")
    assert set(after).isdisjoint(versions)  # the allergies really were extracted again
    assert current(home) == before
    assert query(home, "select status, resolution from conflicts where conflict_id = ?", cid) == [
        ("resolved", "later_stands")
    ]
    assert query(
        home, "select status, confidence from facts_current where user_id = 'p1' and entity = 'penicillin'"
    ) == [("confirmed_absent", 1.0)]


def test_cli_lists_and_resolves_conflicts(tmp_path, write_export):
    write_export("export-2026-05-10.jsonl", DIALOGUE)
    home = tmp_path / "home"
    run_backfill(load_settings(home), tmp_path / "in")

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(ANAMNESIS), *args, "--home", str(home)], capture_output=True, text=True)

    listed = cli("conflicts", "p1", "--status", "open", "--json")
    assert listed.returncode == 0, listed.stderr
    (conflict,) = orjson.loads(listed.stdout)["conflicts"]
    assert conflict["entity"] == "penicillin"
    assert orjson.loads(cli("conflicts", "p2", "--json").stdout)["conflicts"] == []
    bad = cli("resolve", conflict["conflict_id"], "--outcome", "whatever")
    assert bad.returncode == 1 and bad.stderr.count("\n") == 1
    done = cli("resolve", conflict["conflict_id"], "--outcome", "earlier_stands", "--note", "asked")
    assert done.returncode == 0, done.stderr
    assert cli("conflicts", "p1", "--status", "open", "--json").stdout.count("conflict_id") == 0
    again = cli("resolve", conflict["conflict_id"], "--outcome", "later_stands")
    assert again.returncode == 1 and "already resolved" in again.stderr
    assert cli("conflicts", "--status", "nonsense").returncode == 1
    assert query(home, "select status from facts_current where user_id = 'p1' and entity = 'penicillin'") == [
        ("active",)
    ]
