"""Settings: defaults, then ``<home>/config.toml``, then the environment (which wins).

Variable names are those of CONTRACT §5; a config file may set the same keys in lower case
without the ``ANAMNESIS_`` prefix (``llm = "openai"``) plus the tuning knobs below.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

DEFAULT_HOME = Path(".anamnesis")

#: Days after ``last_seen`` at which a fact counts as decayed; ``None`` never decays.
DEFAULT_RETENTION_DAYS: dict[str, int | None] = {
    "medications": None,
    "symptoms": 90,
    "diagnoses": 365,
    "chronic_conditions": None,
    "demographics": None,
    "lifestyle": None,
    "allergies": None,
    "surgeries": None,
    "injuries": 180,
    "vaccinations": None,
    "family_history": None,
}


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything configurable, resolved once per command."""

    home: Path = DEFAULT_HOME
    llm: str = "rules"
    llm_model: str | None = None
    embeddings: str = "use"
    embedding_model: str | None = None
    prompts_dir: Path | None = None
    api_tokens: tuple[str, ...] = ()
    #: Reviewer tokens (CONTRACT §7.1): read and write (resolutions, corrections, the review page).
    review_tokens: tuple[str, ...] = ()
    openai_base_url: str | None = None
    openai_api_key: str | None = None
    llm_concurrency: int = 8
    llm_max_retries: int = 4
    llm_timeout_s: float = 60.0
    llm_backoff_s: float = 1.0
    #: Users whose facts and memories ``serve`` loads at start (the most recent writers first).
    api_prefetch_users: int = 2048
    retention_days: dict[str, int | None] = field(default_factory=lambda: dict(DEFAULT_RETENTION_DAYS))
    #: ``text`` lines or ``json`` objects on stderr (``anamnesis.logs``).
    log_format: str = "text"
    #: Seconds between progress lines of a run that is not on a terminal.
    progress_interval_s: float = 30.0
    #: When the nightly schedule runs the backfill job (cron, in ``schedule_timezone``).
    schedule_cron: str = "30 2 * * *"
    schedule_timezone: str = "UTC"

    @property
    def warehouse_path(self) -> Path:
        return self.home / "warehouse.duckdb"

    @property
    def lake(self) -> Path:
        """Parquet files: the lake the warehouse views read."""
        return self.home / "lake"

    @property
    def dagster_home(self) -> Path:
        return self.home / "dagster"

    @property
    def llm_cache_path(self) -> Path:
        return self.home / "llm_cache.sqlite"


_ENV = {
    "llm": "ANAMNESIS_LLM",
    "llm_model": "ANAMNESIS_LLM_MODEL",
    "embeddings": "ANAMNESIS_EMBEDDINGS",
    "embedding_model": "ANAMNESIS_EMBEDDING_MODEL",
    "prompts_dir": "ANAMNESIS_PROMPTS",
    "api_tokens": "ANAMNESIS_API_TOKENS",
    "review_tokens": "ANAMNESIS_REVIEW_TOKENS",
    "openai_base_url": "OPENAI_BASE_URL",
    "openai_api_key": "OPENAI_API_KEY",
    "api_prefetch_users": "ANAMNESIS_API_PREFETCH_USERS",
    "log_format": "ANAMNESIS_LOG_FORMAT",
    "schedule_cron": "ANAMNESIS_SCHEDULE_CRON",
    "schedule_timezone": "ANAMNESIS_SCHEDULE_TIMEZONE",
}


def _coerce(name: str, value: Any) -> Any:
    if name in ("home", "prompts_dir"):
        return Path(value) if value else None
    if name in ("api_tokens", "review_tokens"):
        items = value.split(",") if isinstance(value, str) else list(value)
        return tuple(t.strip() for t in items if t.strip())
    if name == "retention_days":
        merged = dict(DEFAULT_RETENTION_DAYS)
        merged.update({k: (int(v) if v is not None and int(v) > 0 else None) for k, v in value.items()})
        return merged
    if name in ("llm_concurrency", "llm_max_retries", "api_prefetch_users"):
        return int(value)
    if name in ("llm_timeout_s", "llm_backoff_s", "progress_interval_s"):
        return float(value)
    kept = ("llm", "embeddings", "log_format", "schedule_cron", "schedule_timezone")
    return value or None if name not in kept else value


def _checked(name: str, value: Any, where: str) -> Any:
    """``_coerce``, with a failure naming the file and key (or the variable) that holds ``value``."""
    try:
        return _coerce(name, value)
    except (ValueError, TypeError, AttributeError) as exc:
        raise ValueError(f"{where}: {value!r} is not a valid value ({exc})") from exc


def load_settings(home: str | Path | None = None, *, env: dict[str, str] | None = None) -> Settings:
    """Resolve settings for a home given on the command line, or from ``$ANAMNESIS_HOME``."""
    env = dict(os.environ if env is None else env)
    home_path = Path(home) if home else Path(env.get("ANAMNESIS_HOME") or DEFAULT_HOME)
    values: dict[str, Any] = {}
    config_file = home_path / "config.toml"
    if config_file.is_file():
        known = {f.name for f in fields(Settings)}
        try:
            table = tomllib.loads(config_file.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise ValueError(f"{config_file}: not valid TOML: {exc}") from exc
        for key, value in table.items():
            if key not in known or key == "home":
                raise ValueError(f"{config_file}: unknown setting {key!r}")
            values[key] = _checked(key, value, f"{config_file}: setting {key!r}")
    for name, var in _ENV.items():
        if env.get(var):
            values[name] = _checked(name, env[var], f"environment variable {var}")
    settings = replace(Settings(), home=home_path, **values)
    if settings.llm not in ("rules", "openai"):
        raise ValueError(f"ANAMNESIS_LLM must be 'rules' or 'openai', not {settings.llm!r}")
    if settings.embeddings not in ("use", "openai"):
        raise ValueError(f"ANAMNESIS_EMBEDDINGS must be 'use' or 'openai', not {settings.embeddings!r}")
    if settings.log_format not in ("text", "json"):
        raise ValueError(f"ANAMNESIS_LOG_FORMAT must be 'text' or 'json', not {settings.log_format!r}")
    return settings
