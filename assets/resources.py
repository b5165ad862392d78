"""Resources shared by every stage: where the home is, where exports come from, progress."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from pathlib import Path

import dagster as dg

from anamnesis.config import Settings, load_settings
from anamnesis.storage.lake import Lake


class HomeResource(dg.ConfigurableResource):
    """The anamnesis home: lake, warehouse and settings (``config.toml`` plus environment)."""

    home: str

    def settings(self) -> Settings:
        return load_settings(self.home)

    def lake(self) -> Lake:
        return Lake(self.settings().lake)


class ExportsResource(dg.ConfigurableResource):
    """The directory of dialogue exports a run reads."""

    input_dir: str

    @property
    def path(self) -> Path:
        return Path(self.input_dir)


class ProgressResource(dg.ConfigurableResource):
    """Progress of long steps. This one is silent; the CLI passes one that draws a display."""

    def update(self, stage: str, done: int, total: int | None = None) -> None:
        """Report ``done`` of ``total`` units of ``stage``; a no-op here."""


ProgressCallback = Callable[[str, int, "int | None"], None]
_CALLBACKS: dict[str, ProgressCallback] = {}


class CallbackProgressResource(ProgressResource):
    """Forwards progress to a Python callable (the CLI's display, or a test's recorder).

    Dagster rebuilds resources from their config, so the callable itself cannot live on the
    resource: it is registered under ``channel`` and looked up in-process.
    """

    channel: str

    @classmethod
    def for_callback(cls, callback: ProgressCallback) -> CallbackProgressResource:
        channel = uuid.uuid4().hex
        _CALLBACKS[channel] = callback
        return cls(channel=channel)

    def update(self, stage: str, done: int, total: int | None = None) -> None:
        callback = _CALLBACKS.get(self.channel)
        if callback is not None:
            callback(stage, done, total)
