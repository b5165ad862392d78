"""Resources shared by every stage: the home with its typed settings, where exports come from, progress.

The settings a run uses are built from the home resource's fields over the layered
configuration (:func:`anamnesis.config.load_settings`): a field left ``None`` falls back to the
environment, then ``<home>/config.toml``, then the default. Secrets go in through
``dg.EnvVar`` (see :func:`pipelines.definitions.build_resources`), so their values never
appear in run config.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import dagster as dg

from anamnesis.config import Settings, load_settings
from anamnesis.storage.lake import Lake

#: Settings a resource may pin; everything else comes from the environment and config.toml.
PINNED = ("llm", "llm_model", "embeddings", "embedding_model", "openai_base_url", "openai_api_key", "shards")


class HomeResource(dg.ConfigurableResource):
    """The anamnesis home (lake, warehouse) and the settings of the run, typed."""

    home: str
    llm: str | None = None
    llm_model: str | None = None
    embeddings: str | None = None
    embedding_model: str | None = None
    openai_base_url: str | None = None
    openai_api_key: str | None = None
    shards: int | None = None

    def settings(self) -> Settings:
        pinned = {name: getattr(self, name) for name in PINNED if getattr(self, name) is not None}
        return load_settings(self.home, **pinned)

    def lake(self) -> Lake:
        return Lake(self.settings().lake)


class ExportsResource(dg.ConfigurableResource):
    """The directory of dialogue exports a run reads."""

    input_dir: str

    @property
    def path(self) -> Path:
        return Path(self.input_dir)


class Progress:
    """Progress of long steps; this one is silent (``dagster dev`` shows step events instead).

    A plain object passed as a resource (``dg.ResourceParam``), not a configurable one: what it
    reports to is a live Python object (the CLI's display), which has no config to rebuild from.
    """

    def update(self, stage: str, done: int, total: int | None = None) -> None:
        """Report ``done`` of ``total`` units of ``stage``."""


ProgressCallback = Callable[[str, int, "int | None"], None]


class CallbackProgress(Progress):
    """Forwards progress to a callable: the CLI's rich display, or a test's recorder."""

    def __init__(self, callback: ProgressCallback) -> None:
        self._callback = callback

    def update(self, stage: str, done: int, total: int | None = None) -> None:
        self._callback(stage, done, total)


#: How assets ask for the progress resource.
ProgressParam = dg.ResourceParam[Progress]
