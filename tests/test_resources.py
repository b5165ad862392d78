"""Real and test resources swapped on real Dagster runs; blocking checks; the instance from its config."""

from __future__ import annotations

import os
from pathlib import Path

import dagster as dg
import duckdb
import polars as pl
import pytest
from typer.testing import CliRunner

from anamnesis.config import load_settings
from anamnesis.memory import MemoryStore, memory_dir
from assets.facts import assets as facts_assets
from assets.resources import HomeResource
from assets.understanding import assets as understanding_assets
from pipelines.cli import app
from pipelines.definitions import ASSETS, build_resources
from pipelines.outcome import materialization_metadata
from pipelines.run import ChecksFailed, instance_for, run_backfill
from tests.conftest import message, write_config
from tests.dagster_doubles import HashEmbedder, HashMemory, KeywordUnderstanding

DOUBLES = {"understanding": KeywordUnderstanding(), "memory": HashMemory()}


def rows(home: Path, table: str) -> list[tuple]:
    con = duckdb.connect(str(home / "warehouse.duckdb"), read_only=True)
    try:
        return sorted(con.execute(f"select * from {table}").fetchall(), key=repr)
    finally:
        con.close()


def facts(home: Path) -> set[tuple[str, str]]:
    con = duckdb.connect(str(home / "warehouse.duckdb"), read_only=True)
    try:
        return set(con.execute("select user_id, entity from facts_current").fetchall())
    finally:
        con.close()


def test_the_whole_graph_materializes_with_test_resources(tmp_path: Path, write_export):
    write_export(
        "export-2026-02-01.jsonl",
        [
            message("k1", "u1", "2026-02-01T09:00:00Z", "user", "My asthma is back, and I take metformin."),
            message("k2", "u2", "2026-02-01T09:05:00Z", "user", "Gout again."),
        ],
    )
    home = tmp_path / "home"
    resources = {**build_resources(home=str(home), input_dir=str(tmp_path / "in")), **DOUBLES}
    assets = [a for a in ASSETS if isinstance(a, dg.AssetsDefinition)]
    with dg.instance_for_test() as instance:
        instance.add_dynamic_partitions("export_days", ["2026-02-01"])
        ingest = dg.materialize(
            [a for a in assets if a.partitions_def is not None],
            resources=resources,
            instance=instance,
            partition_key="2026-02-01",
        )
        assert ingest.success
        rest = dg.materialize(
            assets,
            resources=resources,
            instance=instance,
            selection=[k for a in assets if a.partitions_def is None for k in a.keys],
        )
    assert rest.success
    meta = materialization_metadata(rest)
    assert meta["extracted_events"]["backend"] == "keywords"
    # The scripted backend knows asthma and gout only: metformin, which rules would find, is absent.
    assert facts(home) == {("u1", "asthma"), ("u2", "gout")}
    stored = MemoryStore(memory_dir(home), HashEmbedder()).rows("u1")
    assert stored is not None and stored.matrix.shape == (2, HashEmbedder.dim)  # the fact and the chat's summary
    assert sorted(zip(stored.section, stored.entity, strict=True)) == [
        ("chronic_conditions", "asthma"), ("session_summary", "s1"),
    ]  # fmt: skip


def test_typed_home_fields_win_and_secrets_come_through_env_vars(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    home = tmp_path / "home"
    write_config(home, llm_model="from-file", embedding_model="embed-from-file")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-from-env")
    monkeypatch.setenv("ANAMNESIS_LLM_MODEL", "from-env")
    seen = {}

    @dg.asset
    def probe(home: HomeResource) -> None:
        settings = home.settings()
        seen.update(key=settings.openai_api_key, model=settings.llm_model, embed=settings.embedding_model)

    resources = build_resources(home=str(home), input_dir=str(tmp_path))
    assert isinstance(resources["home"].openai_api_key, dg.EnvVar)  # the value is not in the config
    assert dg.materialize([probe], resources=resources).success
    assert seen == {"key": "sk-test-from-env", "model": "from-env", "embed": "embed-from-file"}
    pinned = HomeResource(home=str(home), llm_model="pinned")
    assert dg.materialize([probe], resources={"home": pinned}).success
    assert seen["model"] == "pinned"


def _duplicating(real, table: str):
    """The real stage, then the first row of its ``table`` written twice: what a stage bug would write."""

    def stage(lake, *args, **kwargs):
        counts = real(lake, *args, **kwargs)
        out = getattr(kwargs.get("out") or lake, table)  # a shard's step writes its own part, merged afterwards
        written = pl.read_parquet(out)
        pl.concat([written, written.head(1)]).write_parquet(out)
        return counts

    return stage


def test_a_failed_blocking_check_leaves_the_previous_warehouse(
    tmp_path: Path, write_export, monkeypatch: pytest.MonkeyPatch
):
    write_export("export-2026-02-01.jsonl", [message("b1", "u1", "2026-02-01T09:00:00Z", "user", "I have asthma.")])
    home = tmp_path / "home"
    run_backfill(load_settings(home), tmp_path / "in", resources=DOUBLES)
    before = rows(home, "facts_current")
    assert facts(home) == {("u1", "asthma")}

    write_export("export-2026-02-02.jsonl", [message("b2", "u1", "2026-02-02T09:00:00Z", "user", "And gout.")])
    monkeypatch.setattr(facts_assets, "fold_lake", _duplicating(facts_assets.fold_lake, "fact_state"))
    with pytest.raises(ChecksFailed) as caught:
        run_backfill(load_settings(home), tmp_path / "in", resources=DOUBLES)
    assert caught.value.checks == ["fact_histories:fact_state_schema"]
    assert rows(home, "facts_current") == before  # gout never reached the warehouse
    remembered = MemoryStore(memory_dir(home), HashEmbedder()).rows("u1")
    assert sorted(remembered.entity) == ["asthma", "s1"]  # the fact and its chat's summary, as before
    assert not any("gout" in text.lower() for text in remembered.text)

    write_export("export-2026-02-03.jsonl", [message("b3", "u1", "2026-02-03T09:00:00Z", "user", "Gout, still.")])
    result = CliRunner().invoke(app, ["backfill", "--home", str(home), "--input", str(tmp_path / "in")])
    assert result.exit_code == 1
    lines = [line for line in result.stderr.splitlines() if line.strip() and " anamnesis.progress: " not in line]
    assert len(lines) == 1 and lines[0].startswith(
        "anamnesis: error: data check fact_histories:fact_state_schema failed; the warehouse and memories "
        "were left as they were (details in `dagster dev`)"
    ), result.stderr
    assert rows(home, "facts_current") == before


def test_the_checks_of_extracted_events_block_a_bad_events_file_in_their_one_step(
    tmp_path: Path, write_export, monkeypatch: pytest.MonkeyPatch
):
    write_export("export-2026-02-01.jsonl", [message("c1", "u1", "2026-02-01T09:00:00Z", "user", "I have asthma.")])
    home = tmp_path / "home"
    monkeypatch.setattr(
        understanding_assets, "understand_lake", _duplicating(understanding_assets.understand_lake, "events")
    )
    with pytest.raises(ChecksFailed) as caught:
        run_backfill(load_settings(home), tmp_path / "in", resources=DOUBLES)
    assert caught.value.checks == ["extracted_events:events_schema"]  # the other four of the step passed
    assert not (home / "lake" / "fact_events.parquet").exists()  # the fold never ran
    assert not (home / "warehouse.duckdb").exists()


def test_the_instance_is_opened_from_its_directory_without_touching_the_environment(tmp_path: Path):
    first, second = load_settings(tmp_path / "a"), load_settings(tmp_path / "b")
    with instance_for(first) as one, instance_for(second) as two:
        one.add_dynamic_partitions("export_days", ["2026-01-01"])
        assert two.get_dynamic_partitions("export_days") == []
        assert Path(one.root_directory) == (tmp_path / "a" / "dagster").resolve()
    assert "DAGSTER_HOME" not in os.environ
    assert (tmp_path / "a" / "dagster" / "dagster.yaml").read_text().count("telemetry") == 1
    with instance_for(first) as again:  # persistent: the partition is still there
        assert again.get_dynamic_partitions("export_days") == ["2026-01-01"]
