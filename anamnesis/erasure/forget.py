"""``anamnesis forget``: erase one user from every store of a home, and keep them out.

The tombstone is written first, so a backfill that starts while this runs already skips the
user. Then the lake is rewritten without their rows and every store derived from it is rebuilt
or cleaned: the warehouse as a fresh file (DuckDB keeps dropped rows in free blocks), their
LanceDB table with all its versions, their cached embeddings and LLM answers, and whatever the
Dagster instance and the command error logs hold of them. Running it again changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import polars as pl

from anamnesis.config import Settings
from anamnesis.erasure.dagster_storage import redact_instance
from anamnesis.erasure.error_logs import redact_error_logs
from anamnesis.erasure.lake import erase_from_lake
from anamnesis.erasure.sqlite import scrub
from anamnesis.erasure.tombstones import add_tombstone
from anamnesis.erasure.traces import Traces, own_words
from anamnesis.memory.erase import forget_user as forget_memory
from anamnesis.memory.paths import CACHE_FILE, memory_dir
from anamnesis.storage.atomic import sweep_stale_temp
from anamnesis.storage.deltas import compact_lake, scan_table
from anamnesis.storage.lake import Lake
from anamnesis.storage.lock import writer_lock
from anamnesis.storage.warehouse import rebuild_warehouse
from anamnesis.understanding.llm_cache import forget_user as forget_llm_answers
from schemas.frames import Messages, polars_schema


@dataclass(frozen=True, slots=True)
class ErasureReport:
    """What ``forget`` removed, per store (counts only: the report never names the user)."""

    lake_rows: dict[str, int]
    memory_table: bool
    llm_cache_rows: int
    dagster_records: int
    dagster_log_lines: int
    temp_files: int
    new_tombstone: bool
    unjudged: tuple[Path, ...] = ()
    error_log_lines: int = 0

    @property
    def found(self) -> bool:
        """Whether the home held anything of the user."""
        return bool(sum(self.lake_rows.values()) or self.memory_table or self.llm_cache_rows
                    or self.dagster_records or self.dagster_log_lines or self.error_log_lines)

    def summary(self) -> str:
        """One line for the terminal."""
        tombstone = "tombstone recorded" if self.new_tombstone else "tombstone already recorded"
        if not self.found:
            return f"nothing of this user in the home; {tombstone}, so a later backfill skips them"
        lake = ", ".join(f"{table} {n}" for table, n in sorted(self.lake_rows.items())) or "none"
        parts = [
            f"lake rows removed: {lake}",
            f"memory table {'dropped' if self.memory_table else 'absent'}",
            f"LLM cache rows {self.llm_cache_rows}",
            f"Dagster records {self.dagster_records}, log lines {self.dagster_log_lines}",
            "warehouse rebuilt",
            tombstone,
        ]
        if self.error_log_lines:
            parts.append(f"error log lines {self.error_log_lines}")
        if self.temp_files:
            parts.append(f"{self.temp_files} stale temporaries removed")
        if self.unjudged:
            parts.append(f"{len(self.unjudged)} lake files without user_id/raw left as they were")
        return "forgot one user: " + "; ".join(parts)


def forget_user(settings: Settings, user_id: str) -> ErasureReport:
    """Erase ``user_id`` from the home of ``settings``; raise if there is no home or warehouse."""
    home = settings.home
    if not user_id:
        raise ValueError("the user id is empty")
    if not home.is_dir():
        raise FileNotFoundError(f"no anamnesis home at {home}")
    with writer_lock(home):  # first: during a first backfill the answer is "busy", not "no warehouse"
        if not settings.warehouse_path.exists():
            raise FileNotFoundError(f"no warehouse at {settings.warehouse_path}: run `anamnesis backfill` first")
        return _forget(settings, user_id)


def _forget(settings: Settings, user_id: str) -> ErasureReport:
    home = settings.home
    new_tombstone = add_tombstone(home, user_id)
    temp_files = sweep_stale_temp(home) + _drop_stale_wal(settings.warehouse_path)
    lake = Lake(settings.lake)
    compact_lake(lake)  # the user's rows in a night's delta part, and the users it replaces, go too
    erased = erase_from_lake(lake.root, user_id)
    rebuild_warehouse(settings, lake, keep_snapshots=1)  # no link to an erased file stays
    memory_table = forget_memory(memory_dir(home), user_id)
    scrub(memory_dir(home) / CACHE_FILE)
    llm_rows = forget_llm_answers(settings.llm_cache_path, user_id)
    scrub(settings.llm_cache_path)
    traces = Traces(user_id, own_words(erased.texts, _texts_of_others(lake)))
    dagster = redact_instance(settings.dagster_home, traces)
    error_log_lines = redact_error_logs(home, traces)
    return ErasureReport(
        lake_rows=dict(erased.removed),
        memory_table=memory_table,
        llm_cache_rows=llm_rows,
        dagster_records=dagster.records,
        dagster_log_lines=dagster.log_lines,
        temp_files=temp_files,
        new_tombstone=new_tombstone,
        unjudged=tuple(erased.unjudged),
        error_log_lines=error_log_lines,
    )


def _drop_stale_wal(warehouse: Path) -> int:
    """A WAL left by a killed writer would be replayed into the freshly built warehouse."""
    wal = warehouse.with_name(warehouse.name + ".wal")
    if not wal.exists():
        return 0
    wal.unlink()
    return 1


def _texts_of_others(lake: Lake) -> pl.Series:
    """Every other user's messages (the lake no longer holds this user's)."""
    return scan_table(lake, "messages", polars_schema(Messages)).select("text").collect()["text"]
