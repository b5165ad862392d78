"""Layered settings: explicit > environment > <home>/config.toml > defaults; errors name their source."""

from __future__ import annotations

from pathlib import Path

import pytest

from anamnesis.config import DEFAULT_RETENTION_DAYS, load_settings
from pipelines.cli import app
from tests.conftest import write_config


def test_layers_environment_over_file_over_defaults(tmp_path: Path):
    home = tmp_path / "home"
    write_config(home, llm="openai", llm_model="from-file", llm_concurrency=3, api_tokens="a, b")
    settings = load_settings(home, env={"ANAMNESIS_LLM_MODEL": "from-env"})
    assert (settings.llm, settings.llm_model, settings.llm_concurrency) == ("openai", "from-env", 3)
    assert settings.api_tokens == ("a", "b")
    assert settings.llm_timeout_s == 60.0  # the default stays
    assert load_settings(home, env={"ANAMNESIS_LLM_MODEL": "from-env"}, llm_model="explicit").llm_model == "explicit"
    assert load_settings(home, env={"ANAMNESIS_LLM_MODEL": ""}).llm_model == "from-file"  # empty = unset


def test_home_from_environment_and_retention_table_merges_with_defaults(tmp_path: Path):
    home = tmp_path / "h"
    home.mkdir()
    (home / "config.toml").write_text("[retention_days]\nsymptoms = 0\ninjuries = 30\n", encoding="utf-8")
    settings = load_settings(env={"ANAMNESIS_HOME": str(home)})
    assert settings.home == home
    assert settings.retention_days == {**DEFAULT_RETENTION_DAYS, "symptoms": None, "injuries": 30}


@pytest.mark.parametrize(
    ("toml", "expected"),
    [
        ('llm_concurrency = "many"\n', r"config\.toml: setting 'llm_concurrency': .*integer.*'many'"),
        ('lmm = "openai"\n', r"config\.toml: unknown setting 'lmm'"),
        ('llm = "gpt"\n', r"config\.toml: setting 'llm': Input should be 'rules' or 'openai'"),
        ('llm = "openai\n', r"config\.toml: not valid TOML"),
        ('home = "/elsewhere"\n', r"config\.toml: unknown setting 'home'"),
    ],
)
def test_a_broken_config_file_names_the_file_and_the_key(tmp_path: Path, toml: str, expected: str):
    (tmp_path / "config.toml").write_text(toml, encoding="utf-8")
    with pytest.raises(ValueError, match=expected) as caught:
        load_settings(tmp_path, env={})
    assert str(tmp_path / "config.toml") in str(caught.value)


def test_a_bad_environment_value_names_the_variable_and_hides_secrets(tmp_path: Path):
    with pytest.raises(ValueError, match=r"^ANAMNESIS_LLM: .*'bogus'"):
        load_settings(tmp_path, env={"ANAMNESIS_LLM": "bogus"})
    with pytest.raises(ValueError, match="ANAMNESIS_API_PREFETCH_USERS") as caught:
        load_settings(tmp_path, env={"ANAMNESIS_API_PREFETCH_USERS": "-1", "OPENAI_API_KEY": "sk-secret"})
    assert "sk-secret" not in str(caught.value)


def test_the_cli_prints_one_line_for_a_broken_config(tmp_path: Path):
    from typer.testing import CliRunner

    home = tmp_path / "home"
    write_config(home, llm_timeout_s="soon")
    result = CliRunner().invoke(app, ["facts", "u1", "--home", str(home)])
    assert result.exit_code != 0
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "config.toml: setting 'llm_timeout_s'" in lines[0], result.stderr
