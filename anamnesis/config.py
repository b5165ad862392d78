"""Settings, layered by pydantic-settings: explicit values > environment > ``<home>/config.toml`` > defaults.

Variable names are those of CONTRACT §5; a config file may set the same keys in lower case
without the ``ANAMNESIS_`` prefix (``llm = "openai"``) plus the tuning knobs below. A bad value
or an unknown key is one ``ValueError`` naming where it came from (the file and key, or the
variable), so a typo in ``config.toml`` never surfaces as a traceback.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from pydantic.fields import FieldInfo
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

from anamnesis.storage.object_home import is_object_home

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

#: Environment variable of each setting that has one (CONTRACT §5).
ENV_VARS: dict[str, str] = {
    "llm": "ANAMNESIS_LLM",
    "llm_model": "ANAMNESIS_LLM_MODEL",
    "embeddings": "ANAMNESIS_EMBEDDINGS",
    "embedding_model": "ANAMNESIS_EMBEDDING_MODEL",
    "prompts_dir": "ANAMNESIS_PROMPTS",
    "api_tokens": "ANAMNESIS_API_TOKENS",
    "openai_base_url": "OPENAI_BASE_URL",
    "openai_api_key": "OPENAI_API_KEY",
    "api_prefetch_users": "ANAMNESIS_API_PREFETCH_USERS",
    "review_tokens": "ANAMNESIS_REVIEW_TOKENS",
    "log_format": "ANAMNESIS_LOG_FORMAT",
    "schedule_cron": "ANAMNESIS_SCHEDULE_CRON",
    "schedule_timezone": "ANAMNESIS_SCHEDULE_TIMEZONE",
    "llm_mode": "ANAMNESIS_LLM_MODE",
}

#: USD per 1M tokens of OpenAI's standard tier; ``llm_prices`` in config.toml adds or overrides models.
DEFAULT_LLM_PRICES: dict[str, dict[str, float]] = {
    "gpt-4o": {"input_per_1m": 2.50, "output_per_1m": 10.00},
    "gpt-4o-mini": {"input_per_1m": 0.15, "output_per_1m": 0.60},
    "gpt-4.1": {"input_per_1m": 2.00, "output_per_1m": 8.00},
    "gpt-4.1-mini": {"input_per_1m": 0.40, "output_per_1m": 1.60},
    "gpt-4.1-nano": {"input_per_1m": 0.10, "output_per_1m": 0.40},
    "gpt-5": {"input_per_1m": 1.25, "output_per_1m": 10.00},
    "gpt-5-mini": {"input_per_1m": 0.25, "output_per_1m": 2.00},
    "gpt-5-nano": {"input_per_1m": 0.05, "output_per_1m": 0.40},
}

# The layers of one load_settings call; BaseSettings asks for its sources at construction.
_LAYERS: ContextVar[tuple[Path | None, Mapping[str, str] | None]] = ContextVar("_LAYERS", default=(None, None))


class _EnvSource(PydanticBaseSettingsSource):
    """Exactly the CONTRACT §5 variables, as plain strings (empty means unset, as before)."""

    def __init__(self, settings_cls: type[BaseSettings], env: Mapping[str, str]) -> None:
        super().__init__(settings_cls)
        self._env = env

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        var = ENV_VARS.get(field_name)
        return (self._env.get(var) or None if var else None), field_name, False

    def __call__(self) -> dict[str, Any]:
        return {name: self._env[var] for name, var in ENV_VARS.items() if self._env.get(var)}


class _TomlSource(PydanticBaseSettingsSource):
    """``<home>/config.toml``; ``home`` itself cannot be set there (the file lives in it)."""

    def __init__(self, settings_cls: type[BaseSettings], path: Path | None) -> None:
        super().__init__(settings_cls)
        self.path = path
        self.data: dict[str, Any] = {}
        if path is not None and path.is_file():
            try:
                self.data = tomllib.loads(path.read_text(encoding="utf-8"))
            except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
                raise ValueError(f"{path}: not valid TOML: {exc}") from None
            if "home" in self.data:
                raise ValueError(f"{path}: unknown setting 'home'")

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        return self.data.get(field_name), field_name, False

    def __call__(self) -> dict[str, Any]:
        return dict(self.data)


class ModelPrice(BaseModel):
    """What one model costs, in USD per million prompt (input) and completion (output) tokens."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    input_per_1m: float = Field(ge=0)
    output_per_1m: float = Field(ge=0)


class Settings(BaseSettings):
    """Everything configurable, resolved once per command."""

    model_config = SettingsConfigDict(frozen=True, extra="forbid")

    home: Path = DEFAULT_HOME
    llm: Literal["rules", "openai"] = "rules"
    llm_model: str | None = None
    embeddings: Literal["use", "openai"] = "use"
    embedding_model: str | None = None
    prompts_dir: Path | None = None
    api_tokens: tuple[str, ...] = ()
    #: Reviewer tokens (CONTRACT §7.1): read and write (resolutions, corrections, the review page).
    review_tokens: tuple[str, ...] = ()
    openai_base_url: str | None = None
    openai_api_key: str | None = None
    llm_concurrency: int = Field(8, ge=1)
    llm_max_retries: int = Field(4, ge=0)
    llm_timeout_s: float = Field(60.0, gt=0)
    llm_backoff_s: float = Field(1.0, ge=0)
    #: Turns of the same session before a message that the ``openai`` backend sends with it, so
    #: "I stopped it" can be read (``anamnesis.understanding.llm_context``); 0 sends none.
    llm_context_turns: int = Field(4, ge=0)
    #: Skip LLM calls for fragments with no health content (``anamnesis.understanding.prefilter``).
    llm_prefilter: bool = True
    #: ``sync`` Chat Completions calls, or ``batch``: OpenAI's Batch API (half the price, hours).
    llm_mode: Literal["sync", "batch"] = "sync"
    #: Seconds between two looks at a running batch.
    llm_batch_poll_s: float = Field(30.0, gt=0)
    #: Batches a request may go through (failed or expired items go in the next) before it is a reject.
    llm_batch_rounds: int = Field(3, ge=1)
    #: Price table for the estimated cost (``[llm_prices.<model>]`` in config.toml).
    llm_prices: dict[str, ModelPrice] = Field(
        default_factory=lambda: {k: ModelPrice(**v) for k, v in DEFAULT_LLM_PRICES.items()}
    )
    #: Fraction of the price the Batch API takes off.
    llm_batch_discount: float = Field(0.5, ge=0, le=1)
    #: Users whose facts and memories ``serve`` loads at start (the most recent writers first).
    api_prefetch_users: int = Field(2048, ge=0)
    retention_days: dict[str, int | None] = Field(default_factory=lambda: dict(DEFAULT_RETENTION_DAYS))
    #: A session gets a summary every this many user turns, and at its last one.
    summary_every_turns: int = Field(10, ge=1)
    #: ``text`` lines or ``json`` objects on stderr (``anamnesis.logs``).
    log_format: Literal["text", "json"] = "text"
    #: Seconds between progress lines of a run that is not on a terminal.
    progress_interval_s: float = Field(30.0, gt=0)
    #: When the nightly schedule runs the backfill job (cron, in ``schedule_timezone``).
    schedule_cron: str = "30 2 * * *"
    schedule_timezone: str = "UTC"
    #: Parallel steps of a backfill after ingest, users split by :func:`anamnesis.storage.shards.shard_of`.
    shards: int = Field(1, ge=1, le=1024)
    #: ``copy``: the lake copied into one DuckDB file; ``views``: views over a hard-linked snapshot
    #: of the lake's Parquet files, nothing copied (large homes; a directory home only).
    warehouse_layout: Literal["copy", "views"] = "copy"

    @field_validator("llm_model", "embedding_model", "openai_base_url", "openai_api_key", "prompts_dir", mode="before")
    @classmethod
    def _empty_is_unset(cls, value: Any) -> Any:
        return value or None

    @field_validator("api_tokens", "review_tokens", mode="before")
    @classmethod
    def _split_tokens(cls, value: Any) -> tuple[str, ...]:
        items = value.split(",") if isinstance(value, str) else list(value)
        return tuple(t.strip() for t in items if str(t).strip())

    @field_validator("retention_days", mode="before")
    @classmethod
    def _merge_retention(cls, value: Any) -> dict[str, int | None]:
        if not isinstance(value, dict):
            raise ValueError("must be a table of section = days")
        merged = dict(DEFAULT_RETENTION_DAYS)
        merged.update({k: (int(v) if v is not None and int(v) > 0 else None) for k, v in dict(value).items()})
        return merged

    @field_validator("llm_prices", mode="before")
    @classmethod
    def _merge_prices(cls, value: Any) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise ValueError("must be a table of model = {input_per_1m, output_per_1m}")
        return {**DEFAULT_LLM_PRICES, **value}

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        toml_path, env = _LAYERS.get()
        return (
            init_settings,
            _EnvSource(settings_cls, os.environ if env is None else env),
            _TomlSource(settings_cls, toml_path),
        )

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

    @property
    def llm_batches_path(self) -> Path:
        """The Batch API jobs in flight, so a killed run resumes them instead of paying twice."""
        return self.home / "llm_batches"


def load_settings(
    home: str | Path | None = None, *, env: Mapping[str, str] | None = None, **overrides: Any
) -> Settings:
    """Resolve settings for a home given on the command line, or from ``$ANAMNESIS_HOME``.

    ``overrides`` (the typed fields of the Dagster resources) win over every other layer.
    """
    environ = os.environ if env is None else env
    given = home or environ.get("ANAMNESIS_HOME") or DEFAULT_HOME
    if is_object_home(given):
        raise ValueError(f"{given}: an s3:// home is opened by the anamnesis commands (as a mirror); give a directory")
    home_path = Path(given)
    config_file = home_path / "config.toml"
    token = _LAYERS.set((config_file, environ))
    try:
        return Settings(home=home_path, **overrides)
    except ValidationError as exc:
        raise ValueError(_one_line(exc, config_file, environ, overrides)) from None
    finally:
        _LAYERS.reset(token)


def _one_line(exc: ValidationError, config_file: Path, env: Mapping[str, str], overrides: Mapping[str, Any]) -> str:
    """The first error, prefixed by where its value came from."""
    error = exc.errors()[0]
    key = str(error["loc"][0]) if error["loc"] else "?"
    if error["type"] == "extra_forbidden":
        return f"{config_file}: unknown setting {key!r}"
    message = error["msg"]
    if key in overrides:
        where = f"setting {key!r}"
    elif key in ENV_VARS and env.get(ENV_VARS[key]):
        where = ENV_VARS[key]
    else:
        where = f"{config_file}: setting {key!r}"
    value = error.get("input")
    secret = key in ("openai_api_key", "api_tokens", "review_tokens")
    shown = "" if secret else f" (got {value!r})"
    return f"{where}: {message}{shown}"
