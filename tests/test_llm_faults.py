"""LLM faults at the pipeline level: 30% injected failures still end in the fault-free warehouse."""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import polars as pl

from anamnesis.config import load_settings
from anamnesis.sample_data import SAMPLE_EXPORTS
from pipelines.run import run_backfill
from tests.conftest import write_config
from tests.openai_stub import Faults, OpenAIStub, stub_config

TABLES = {
    "facts_current": "select * exclude (decayed) from facts_current order by fact_id",
    "fact_events": "select * exclude (recorded_at) from fact_events order by event_id",
    "conflicts": "select * exclude (detected_at) from conflicts order by fact_id, conflicting_message_id",
}


def tables(home: Path) -> dict[str, list[tuple]]:
    con = duckdb.connect(str(home / "warehouse.duckdb"), read_only=True)
    try:
        return {name: con.execute(sql).fetchall() for name, sql in TABLES.items()}
    finally:
        con.close()


def configure(home: Path, stub: OpenAIStub) -> None:
    write_config(home, **stub_config(stub, llm_timeout_s=0.3, llm_max_retries=2, llm_concurrency=8))


def test_faults_end_in_rejects_then_retries_reach_the_fault_free_warehouse(tmp_path: Path):
    exports = tmp_path / "in"
    exports.mkdir()
    for name in sorted(p.name for p in SAMPLE_EXPORTS.iterdir())[:2]:
        shutil.copy2(SAMPLE_EXPORTS / name, exports / name)

    with OpenAIStub() as stub:
        clean_home = tmp_path / "clean"
        configure(clean_home, stub)
        run_backfill(load_settings(clean_home), exports)
        expected = tables(clean_home)

        stub.faults = Faults(rate=0.3, seed=3, slow_s=0.6)
        home = tmp_path / "faulty"
        configure(home, stub)
        first = run_backfill(load_settings(home), exports).metadata["extracted_events"]
        assert {c.fault for c in stub.calls} >= {"429", "500", "slow", "truncated", "invalid"}
        assert first["fragments_failed"] > 0
        lake = home / "lake"
        understood = pl.read_parquet(lake / "understood.parquet").height
        failed = pl.read_parquet(lake / "rejects.parquet").filter(pl.col("section").is_null())
        assert understood + failed.height == first["fragments_in"]
        assert failed["reason"].str.len_chars().min() > 0
        assert not failed["reason"].str.contains("\n").any()

        for _ in range(5):
            if pl.read_parquet(lake / "rejects.parquet").filter(pl.col("section").is_null()).height == 0:
                break
            run_backfill(load_settings(home), exports)
        assert pl.read_parquet(lake / "rejects.parquet").filter(pl.col("section").is_null()).height == 0
        got = tables(home)
    assert got == expected
    event_ids = [row[0] for row in got["fact_events"]]
    assert len(event_ids) == len(set(event_ids))
