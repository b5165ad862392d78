"""The production configuration of docs/scale.md, checked against the schemas that will read it:
Dagster's instance schema and each configured class's own schema (dagster-postgres storage,
dagster-k8s run launcher), the backfill job's run config schema, and anamnesis' settings.
No cluster is needed: these are the checks Dagster and anamnesis make before they connect."""

from __future__ import annotations

import shutil
from pathlib import Path

import dagster as dg
import pytest
import yaml
from dagster._config import validate_config
from dagster._core.instance.config import dagster_instance_config
from dagster._core.instance.ref import InstanceRef
from dagster._serdes.config_class import class_from_code_pointer

from anamnesis.config import load_settings
from anamnesis.sample_data import SAMPLE_EXPORTS
from anamnesis.storage.object_home import Bucket
from pipelines.definitions import build_definitions
from pipelines.executor import MULTIPROCESS_CONFIG

DEPLOY = Path(__file__).resolve().parents[1] / "docs" / "deploy"
HOME_URL = "s3://anamnesis-prod/home"  # the home the plan names (ANAMNESIS_HOME)


def _yaml(name: str) -> dict:
    return yaml.safe_load((DEPLOY / name).read_text(encoding="utf-8"))


def test_the_instance_config_fits_dagsters_schema_and_each_classs_own():
    config, custom_class = dagster_instance_config(str(DEPLOY), "dagster.yaml")
    assert custom_class is None
    # The classes as the instance will load them (Dagster maps legacy module paths), each
    # configured class's config against its own schema, as rehydrating it would check.
    ref = InstanceRef.from_dir(str(DEPLOY), config_filename="dagster.yaml")
    assert ref.storage_data is not None and ref.storage_data.class_name == "DagsterPostgresStorage"
    for data in (ref.storage_data, ref.run_coordinator_data, ref.run_launcher_data):
        cls = class_from_code_pointer(data.module_name, data.class_name)
        result = validate_config(cls.config_type(), yaml.safe_load(data.config_yaml))  # type: ignore[attr-defined]
        assert result.success, f"{data.class_name}: {[e.message for e in result.errors]}"
    assert ref.run_launcher_data.class_name == "K8sRunLauncher"
    assert config["run_coordinator"]["config"]["max_concurrent_runs"] == 1  # one writer per home


def test_a_wrong_key_in_the_run_launcher_is_refused_by_its_schema():
    # The check above would catch a typo: the launcher's schema is strict.
    entry = _yaml("dagster.yaml")["run_launcher"]
    cls = class_from_code_pointer(entry["module"], entry["class"])
    assert not validate_config(cls.config_type(), {**entry["config"], "job_imagee": "x"}).success


def test_the_run_config_fits_the_backfill_jobs_schema_with_the_plans_shards(tmp_path: Path):
    home = tmp_path / "home"
    home.mkdir()
    shutil.copyfile(DEPLOY / "config.toml", home / "config.toml")
    settings = load_settings(home)
    run_config = _yaml("run_config.yaml")
    assert run_config["execution"]["config"]["max_concurrent"] == settings.shards  # one step per core
    assert run_config["execution"]["config"]["start_method"] == MULTIPROCESS_CONFIG["start_method"]
    job = build_definitions(home=str(home), input_dir=str(SAMPLE_EXPORTS)).resolve_job_def("backfill")
    assert job.executor_def.name == "writer_locked_multiprocess"  # shards > 1: Dagster's multiprocess executor
    dg.validate_run_config(job, run_config)
    with pytest.raises(dg.DagsterInvalidConfigError):
        dg.validate_run_config(job, {"execution": {"config": {"max_concurent": 32}}})


def test_the_settings_and_the_object_store_home_of_the_plan_load(tmp_path: Path):
    shutil.copyfile(DEPLOY / "config.toml", tmp_path / "config.toml")
    settings = load_settings(tmp_path)
    assert (settings.shards, settings.llm, settings.llm_mode) == (32, "openai", "batch")
    assert settings.llm_model in settings.llm_prices  # the plan's cost comes from this price table
    assert Bucket(HOME_URL).url == HOME_URL  # a well-formed s3://bucket/prefix home (no request is made)
