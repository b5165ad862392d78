"""Deciding what a backfill must ingest: export days that are new or whose files changed."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from anamnesis.config import Settings
from anamnesis.ingest.exports import by_day, discover, fingerprint
from anamnesis.storage.integrity import damaged_days
from anamnesis.storage.lake import Lake
from anamnesis.storage.lock import writer_lock
from anamnesis.storage.stamp import unchanged_since_last_run


@dataclass(frozen=True, slots=True)
class BackfillPlan:
    all_days: list[str]
    changed_days: list[str]
    new_days: list[str]
    partition_order: list[str]
    run_key: str
    #: Bytes of the changed days' export files: what the run reads (a night's new day, not the history).
    changed_bytes: int = 0

    def partition_range_tags(self) -> dict[str, str]:
        """Tags that run the changed days as one single-run backfill over a partition range."""
        if not self.changed_days:
            return {}
        positions = sorted(self.partition_order.index(d) for d in self.changed_days)
        return {
            "dagster/asset_partition_range_start": self.partition_order[positions[0]],
            "dagster/asset_partition_range_end": self.partition_order[positions[-1]],
        }


def plan_backfill(input_dir: Path, lake: Lake, *, known_days: list[str]) -> BackfillPlan:
    """Compare the input's export days with what the lake ingested before."""
    grouped = by_day(discover(input_dir))
    damaged = damaged_days(lake)  # ingested again from their export files
    changed = []
    for day, files in sorted(grouped.items()):
        manifest = None if day in damaged else lake.partition_manifest(day)
        if manifest is None or manifest.get("fingerprint") != fingerprint(files):
            changed.append(day)
    new_days = [d for d in sorted(grouped) if d not in set(known_days)]
    order = list(known_days) + new_days
    run_key = fingerprint([f for d in changed for f in grouped[d]]) if changed else ""
    size = sum(max(f.size, 0) for d in changed for f in grouped[d])  # an unreadable file (size -1) as 0
    return BackfillPlan(sorted(grouped), changed, new_days, order, run_key, size)


def nothing_to_do(plan: BackfillPlan, settings: Settings) -> bool:
    """No export day changed and the home is as the last successful backfill left it."""
    return not plan.changed_days and unchanged_since_last_run(settings)


def home_unchanged(settings: Settings, input_dir: Path) -> bool:
    """:func:`nothing_to_do` for the CLI before it imports Dagster and the assets (most of an
    unchanged re-run's time): the partitions Dagster knows play no part in it."""
    with writer_lock(settings.home):
        return nothing_to_do(plan_backfill(input_dir, Lake(settings.lake), known_days=[]), settings)
