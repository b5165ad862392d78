"""The Parquet lake under ``<home>/lake``: one place that names every file.

Ingest partitions are directories of parts plus a ``CURRENT`` pointer written atomically, so a
partition is replaced all at once and a crash mid-write leaves the previous version readable.
"""

from __future__ import annotations

import json
import shutil
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from anamnesis.storage.atomic import atomic_path, write_parquet


@dataclass(frozen=True, slots=True)
class Lake:
    root: Path

    # -- consolidated tables -------------------------------------------------------------
    @property
    def messages(self) -> Path:
        return self.root / "messages.parquet"

    @property
    def quarantine(self) -> Path:
        return self.root / "quarantine.parquet"

    @property
    def supersessions(self) -> Path:
        return self.root / "supersessions.parquet"

    @property
    def understood(self) -> Path:
        """What the backend made of each fragment, keyed by fragment and backend fingerprint."""
        return self.root / "understood.parquet"

    @property
    def events(self) -> Path:
        return self.root / "events.parquet"

    @property
    def rejects(self) -> Path:
        return self.root / "rejects.parquet"

    @property
    def measurements(self) -> Path:
        """Lab results and vital signs (CONTRACT §7.3), written by the understanding stage."""
        return self.root / "measurements.parquet"

    @property
    def session_summaries(self) -> Path:
        """A short summary of each session's health content (:mod:`anamnesis.summaries`)."""
        return self.root / "session_summaries.parquet"

    @property
    def fact_events(self) -> Path:
        return self.root / "fact_events.parquet"

    @property
    def fact_state(self) -> Path:
        return self.root / "fact_state.parquet"

    @property
    def conflicts(self) -> Path:
        return self.root / "conflicts.parquet"

    @property
    def fold_checkpoints(self) -> Path:
        """Where the fold left each user (:mod:`anamnesis.facts.checkpoint`): lake only, no relation."""
        return self.root / "fold_checkpoints.parquet"

    @property
    def llm_usage(self) -> Path:
        """Calls, tokens and cost of each run's LLM tasks: appended by runs, never derived."""
        return self.root / "llm_usage.parquet"

    # -- inputs written by people (CONTRACT §7.2), replayed by every fold ------------------
    @property
    def resolutions(self) -> Path:
        return self.root / "inputs" / "resolutions.parquet"

    @property
    def corrections(self) -> Path:
        return self.root / "inputs" / "corrections.parquet"

    # -- ingest partitions ---------------------------------------------------------------
    def _day_dir(self, day: str) -> Path:
        return self.root / "ingest" / f"day={day}"

    def partition_manifest(self, day: str) -> dict[str, Any] | None:
        pointer = self._day_dir(day) / "CURRENT"
        if not pointer.exists():
            return None
        return json.loads(pointer.read_text(encoding="utf-8"))

    def partition_days(self) -> list[str]:
        base = self.root / "ingest"
        if not base.exists():
            return []
        return sorted(p.name.removeprefix("day=") for p in base.iterdir() if (p / "CURRENT").exists())

    def partition_files(self, kind: str) -> list[Path]:
        """The current part files of every ingest partition (``kind``: messages or quarantine)."""
        return [path for day in self.partition_days() for path in self.day_files(day, kind)]

    def day_files(self, day: str, kind: str) -> list[Path]:
        """The current part files of one ingest partition; none if it was never committed."""
        manifest = self.partition_manifest(day)
        if manifest is None:
            return []
        version_dir = self._day_dir(day) / manifest["version"]
        return [version_dir / name for name in manifest[kind]]

    # -- the users a night touched, until every stage has caught up with them -------------
    @property
    def touched(self) -> Path:
        return self.root / "night" / "touched.parquet"

    def partition_writer(self, day: str) -> PartitionWriter:
        return PartitionWriter(self._day_dir(day))


class PartitionWriter:
    """Writes one export day's parts, then switches ``CURRENT`` to them and drops the old ones."""

    def __init__(self, day_dir: Path) -> None:
        self.day_dir = day_dir
        self.version = uuid.uuid4().hex
        self.version_dir = day_dir / self.version
        self.version_dir.mkdir(parents=True)
        self.names: dict[str, list[str]] = {"messages": [], "quarantine": []}

    def add(self, messages: pl.DataFrame, quarantine: pl.DataFrame) -> None:
        for kind, frame in (("messages", messages), ("quarantine", quarantine)):
            if frame.height or not self.names[kind]:
                name = f"{kind}-{len(self.names[kind]):05d}.parquet"
                write_parquet(frame, self.version_dir / name)
                self.names[kind].append(name)

    def commit(self, manifest: dict[str, Any]) -> None:
        with atomic_path(self.day_dir / "CURRENT") as tmp:
            tmp.write_text(json.dumps({**manifest, "version": self.version, **self.names}), encoding="utf-8")
        for old in self.day_dir.iterdir():
            if old.is_dir() and old.name != self.version:
                shutil.rmtree(old, ignore_errors=True)
