"""The users a night touched: what lets each stage redo only their rows (cost of the night).

Ingest notes the users of every export day it reads (the day's new parts and the parts they
replace) in ``lake/night/touched.parquet``. Every stage after ingest works per user, so while
that note exists and the stage's own outputs are intact, the stage handles only those users
and replaces only their rows (:func:`anamnesis.storage.shards.merge_shards`); otherwise (a first
run, a dropped or damaged output) it redoes everyone, as before. The fold, the summaries and the
memory tables also redo the users with a review input. The memory tables, the last stage that
reads the note, remove it once they have caught up; a run that stops earlier leaves it, so the
next run redoes those users again. A stage that redid everyone removes it too
(:func:`stage_done`): what it changed may concern any user. The note is a lake file with a ``user_id``
column, so ``forget`` erases a user from it like from every other lake file.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

from anamnesis.storage.atomic import write_parquet
from anamnesis.storage.deltas import drop_stale_parts
from anamnesis.storage.integrity import parquet_intact
from anamnesis.storage.lake import Lake
from anamnesis.storage.shards import merge_shards

SCHEMA = {"user_id": pl.String}


def users_in(files: list[Path]) -> pl.Series:
    """The distinct users of some lake parts (the ``user_id`` column only is read)."""
    if not files:
        return pl.Series("user_id", [], dtype=pl.String)
    return pl.scan_parquet(files).select("user_id").unique().collect()["user_id"]


def note_touched(lake: Lake, users: pl.Series) -> None:
    """Add ``users`` to the night's note (kept until the fold has caught up with them)."""
    before = touched_users(lake)
    every = users if before is None else pl.concat([before, users])
    write_parquet(every.unique().sort().to_frame("user_id"), lake.touched)


def touched_users(lake: Lake) -> pl.Series | None:
    """The users noted since the last fold caught up, or ``None`` when there is no note."""
    if not lake.touched.exists():
        return None
    return pl.read_parquet(lake.touched)["user_id"]


def night_users(lake: Lake, outputs: tuple[str, ...]) -> pl.Series | None:
    """The users a stage with ``outputs`` (lake attributes) must redo; ``None``: redo everyone."""
    if not all(parquet_intact(getattr(lake, table)) for table in outputs):
        return None
    return touched_users(lake)


def stage_done(lake: Lake, redone: pl.Series | None) -> None:
    """A stage redid ``redone`` (``None``: everyone, e.g. a new backend re-read every fragment).

    When it redid everyone the note goes, so every later stage redoes everyone too.
    """
    if redone is None:
        caught_up(lake)


def caught_up(lake: Lake) -> None:
    """Every stage has handled the noted users: the note goes."""
    lake.touched.unlink(missing_ok=True)


def merge_stage(lake: Lake, stage: str, count: int, tables: tuple[str, ...], *, redone: pl.Series | None) -> None:
    """The shards' parts of ``tables`` merged into the lake (:func:`merge_shards`), then the stage
    closed for the night (:func:`stage_done`): the two always go together, or a later stage would
    redo other users than this one did."""
    merge_shards(lake, stage, count, tables, redone=redone)
    if redone is None:
        drop_stale_parts(lake, tables)
    stage_done(lake, redone)
