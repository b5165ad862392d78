"""The whole backfill job on real Dagster, DuckDB, Parquet and LanceDB, with the rules backend."""

from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path

import dagster as dg
import duckdb
import polars as pl
import pytest

from anamnesis.config import load_settings
from anamnesis.sample_data import SAMPLE_EXPORTS
from assets.facts import assets as facts_assets
from assets.ingest import assets as ingest_assets
from assets.resources import CallbackProgress
from assets.serving.assets import serving_stores
from assets.understanding import assets as understanding_assets
from assets.warehouse.assets import WAREHOUSE
from pipelines.definitions import build_resources
from pipelines.outcome import materialization_metadata
from pipelines.run import instance_for, run_backfill
from schemas.sections import SECTIONS
from tests.conftest import message

LANGS = ["en", "ru", "zh"]


def query(home: Path, sql: str, params: list | None = None) -> list[tuple]:
    con = duckdb.connect(str(home / "warehouse.duckdb"), read_only=True)
    try:
        return con.execute(sql, params or []).fetchall()
    finally:
        con.close()


def current(home: Path, user: str) -> dict[tuple[str, str], tuple[str, dict]]:
    rows = query(home, "select section, entity, status, attributes from facts_current where user_id = ?", [user])
    return {(s, e): (st, json.loads(a)) for s, e, st, a in rows}


def history(home: Path, user: str, section: str, entity: str) -> list[tuple[str, str]]:
    return query(
        home,
        "select change_type, status from fact_events where user_id = ? and section = ? and entity = ? "
        "order by valid_from, source_message_id",
        [user, section, entity],
    )


def test_sample_backfill_covers_every_section_and_records_dagster_runs(sample_home: Path):
    sections = {s for (s,) in query(sample_home, "select distinct section from facts_current")}
    assert sections == set(SECTIONS)
    for lang in LANGS:
        types = {
            t
            for (t,) in query(
                sample_home, "select distinct change_type from fact_events where user_id like ?", [f"u-{lang}-%"]
            )
        }
        assert types == {"first_mention", "confirmation", "change", "negation"}, lang
    instance = instance_for(load_settings(sample_home))
    assert sorted(instance.get_dynamic_partitions("export_days")) == [
        "2026-03-03",
        "2026-04-15",
        "2026-06-01",
        "2026-07-20",
        "2026-09-10",
        "2026-11-20",
    ]
    materialized = instance.get_materialized_partitions(dg.AssetKey("export_messages"))
    assert len(materialized) == 6
    for key in ("messages", "extracted_events", "fact_histories", "warehouse", "memory_tables"):
        assert instance.get_latest_materialization_event(dg.AssetKey(key)) is not None, key
    assert run_backfill(load_settings(sample_home), SAMPLE_EXPORTS).failed_checks == []
    checks = instance.event_log_storage.get_asset_check_execution_history(
        dg.AssetCheckKey(dg.AssetKey("fact_histories"), "fact_events_schema"), limit=1
    )
    assert checks and checks[0].status.value == "SUCCEEDED"


@pytest.mark.parametrize("lang", LANGS)
def test_sample_scenarios_reconcile_in_each_language(sample_home: Path, lang: str):
    u = lambda n: f"u-{lang}-{n:02d}"  # noqa: E731
    # the safety rule: "no allergies" after a penicillin allergy keeps it and records a conflict
    assert current(sample_home, u(4))[("allergies", "penicillin")][0] == "active"
    assert ("allergies", "*") not in current(sample_home, u(4))
    assert query(sample_home, "select count(*) from conflicts where user_id = ? and entity = 'penicillin'", [u(4)]) == [
        (1,)
    ]
    # "no medication", then a GP starts atorvastatin: the `*` absence is superseded
    assert history(sample_home, u(5), "medications", "*") == [
        ("negation", "confirmed_absent"),
        ("change", "superseded"),
    ]
    assert current(sample_home, u(5))[("medications", "atorvastatin")][0] == "active"
    # a switch stops one drug and starts the other
    facts = current(sample_home, u(6))
    assert facts[("medications", "aspirin")][0] == "stopped"
    assert facts[("medications", "clopidogrel")][0] == "active"
    # a dose change
    metformin = current(sample_home, u(7))[("medications", "metformin")]
    assert metformin[0] == "active" and metformin[1]["dose"] == "1000 mg"
    assert ("change", "active") in history(sample_home, u(7), "medications", "metformin")
    # a specific denial changes only that fact
    assert history(sample_home, u(16), "allergies", "penicillin")[-1] == ("negation", "confirmed_absent")
    # a bare "No." to "Any allergies?" and "never had surgery"
    facts = current(sample_home, u(11))
    assert facts[("allergies", "*")][0] == "confirmed_absent"
    assert facts[("surgeries", "*")][0] == "confirmed_absent"
    # blood relatives are family history; a friend's and a colleague's or wife's facts are nothing
    facts = current(sample_home, u(13))
    assert facts[("family_history", "type 2 diabetes")][1]["relation"] == "mother"
    assert ("medications", "warfarin") not in facts
    assert facts.get(("chronic_conditions", "asthma"), ("confirmed_absent",))[0] == "confirmed_absent"
    # questions and hypotheticals give no facts
    facts = current(sample_home, u(14))
    assert ("medications", "ibuprofen") not in facts and ("medications", "warfarin") not in facts
    assert facts[("medications", "lisinopril")][0] == "active"
    # only user messages yield facts: every event points at a user message
    assert query(
        sample_home,
        """select count(*) from fact_events e join messages m
        on m.user_id = e.user_id and m.message_id = e.source_message_id where m.role <> 'user'""",
    ) == [(0,)]


def test_the_edit_supersedes_and_the_duplicate_changes_nothing(sample_home: Path):
    assert query(sample_home, "select count(*) from messages") == [(619,)]
    assert query(sample_home, "select user_id, message_id from supersessions") == [("u-en-14", "m-en-14-01-01")]
    dose = current(sample_home, "u-en-14")[("medications", "amlodipine")][1]["dose"]
    assert dose == "10 mg"


def test_decay_is_computed_from_last_seen_and_never_touches_allergies(sample_home: Path):
    rows = query(
        sample_home,
        """select section, bool_or(decayed) from facts_current
        where last_seen < now() - interval 400 days or section in ('symptoms', 'allergies') group by section""",
    )
    decayed = dict(rows)
    assert decayed.get("allergies") is False
    old_symptoms = query(
        sample_home,
        """select count(*), count(*) filter (where decayed) from facts_current
        where section = 'symptoms' and last_seen < now() - interval 90 days""",
    )[0]
    assert old_symptoms[0] > 0 and old_symptoms[0] == old_symptoms[1]


def test_rerun_changes_nothing_and_one_new_file_is_processed_alone(tmp_path: Path, sample_home: Path):
    first_five = tmp_path / "first_five"
    first_five.mkdir()
    files = sorted(SAMPLE_EXPORTS.iterdir())
    for path in files[:-1]:
        shutil.copy2(path, first_five / path.name)
    home = tmp_path / "home"
    settings = load_settings(home)
    run_backfill(settings, first_five)
    before = pl.read_parquet(home / "lake" / "fact_events.parquet")
    with instance_for(settings) as instance:
        runs = len(instance.get_runs())
    again = run_backfill(settings, first_five)
    assert again.unchanged and again.days_ingested == [] and again.metadata == {}
    with instance_for(settings) as instance:
        assert len(instance.get_runs()) == runs  # no stage work at all: not even a Dagster run
    assert pl.read_parquet(home / "lake" / "fact_events.parquet").equals(before)

    shutil.copy2(files[-1], first_five / files[-1].name)
    grown = run_backfill(settings, first_five)
    assert grown.days_ingested == ["2026-11-20"]
    new_user_messages = sum(
        1 for line in files[-1].read_text(encoding="utf-8").splitlines() if json.loads(line)["role"] == "user"
    )
    assert grown.metadata["extracted_events"]["fragments_understood"] == new_user_messages
    sql = "select * exclude (decayed) from facts_current order by user_id, section, entity"
    assert query(home, sql) == query(sample_home, sql)


def test_broken_lines_are_quarantined_and_the_rest_processed(tmp_path: Path, write_export):
    no_ts = message("b2", "q1", "2026-01-05T09:00:00Z", "user", "x")
    del no_ts["ts"]
    write_export(
        "export-2026-01-05.jsonl",
        [
            message("ok1", "q1", "2026-01-05T09:00:00Z", "user", "I'm allergic to penicillin."),
            b'{"message_id": "b1",',
            no_ts,
            message("b3", "q1", "yesterday at noon", "user", "x"),
            b'{"message_id": "b4", "user_id": "q1", "text": "\xff"}',
            message("b5", "q1", "2026-01-05T09:00:00Z", "user", "y" * 32_001),
            message("ok2", "q1", "2026-01-05T09:01:00Z", "user", "I take metformin 500 mg twice a day."),
        ],
    )
    with gzip.open(tmp_path / "in" / "export-2026-01-06.jsonl.gz", "wt", encoding="utf-8") as fh:
        fh.write(json.dumps(message("ok3", "q2", "2026-01-06T09:00:00+08:00", "user", "我有高血压")) + "\n")
    home = tmp_path / "home"
    run_backfill(load_settings(home), tmp_path / "in")
    assert [line for (line,) in query(home, "select line_no from quarantine order by line_no")] == [2, 3, 4, 5, 6]
    assert query(home, "select count(*) from messages") == [(3,)]
    assert set(current(home, "q1")) == {("allergies", "penicillin"), ("medications", "metformin")}
    assert current(home, "q2") == {
        ("chronic_conditions", "hypertension"): ("active", {"mention": "高血压", "codes": "ICD10:I10"})
    }
    metformin = current(home, "q1")[("medications", "metformin")][1]
    assert metformin["codes"] == "ATC:A10BA02" and metformin["dose"] == "500 mg"


def test_assets_materialize_with_swapped_resources(tmp_path: Path, write_export):
    """The Dagster way: ``materialize()`` with a recording progress resource swapped in."""
    write_export(
        "export-2026-02-01.jsonl",
        [
            message("a", "m1", "2026-02-01T09:00:00Z", "assistant", "Do you have any allergies?"),
            message("b", "m1", "2026-02-01T09:00:05Z", "user", "No."),
        ],
    )
    seen: list[tuple[str, int, int | None]] = []
    progress = CallbackProgress(lambda *a: seen.append(a))
    resources = build_resources(home=str(tmp_path / "home"), input_dir=str(tmp_path / "in"), progress=progress)
    instance = dg.DagsterInstance.ephemeral()
    instance.add_dynamic_partitions("export_days", ["2026-02-01"])
    ingest = dg.materialize(
        [ingest_assets.export_messages], resources=resources, instance=instance, partition_key="2026-02-01"
    )
    assert ingest.success
    downstream = dg.materialize(
        [
            ingest_assets.messages,
            understanding_assets.extracted_events,
            facts_assets.fact_histories,
            serving_stores,
        ],
        selection=[ingest_assets.messages.key, understanding_assets.extracted_events.key,
                   facts_assets.fact_histories.key, WAREHOUSE.key],
        resources=resources,
        instance=instance,
    )
    assert downstream.success
    meta = materialization_metadata(downstream)
    assert meta["extracted_events"]["events_out"] == 1
    assert meta["fact_histories"]["change_type_negation"] == 1
    assert any(stage == "understand fragments" and done == 1 for stage, done, _ in seen)
    assert {k: v[0] for k, v in current(tmp_path / "home", "m1").items()} == {("allergies", "*"): "confirmed_absent"}


def test_a_second_writer_on_the_same_home_is_refused(tmp_path: Path, write_export):
    from anamnesis.storage.lock import HomeBusy, writer_lock

    write_export("export-2026-02-01.jsonl", [message("a", "w1", "2026-02-01T09:00:00Z", "user", "I have asthma.")])
    home = tmp_path / "home"
    with writer_lock(home), pytest.raises(HomeBusy, match="another backfill or forget is running"):
        run_backfill(load_settings(home), tmp_path / "in")
    run_backfill(load_settings(home), tmp_path / "in")  # released: the next writer proceeds
