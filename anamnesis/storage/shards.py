"""User shards: the one way users are split between the parallel steps of a run.

A user's shard is ``xxh3_64(utf-8 user id) mod N`` (:func:`shard_of`): stable across processes,
machines and library versions (unlike Python's ``hash`` or polars' ``hash``), so every step and
every machine of a run agrees on who belongs where. Every stage after ingest works per user, so
a shard's output is exactly the rows a one-shard run writes for those users, and
:func:`merge_shards` puts them back in the lake's order: any ``N`` gives the same lake.

Each shard step writes its part under one working directory per stage (:func:`shard_lake`),
named like a spill (``.<stage>.shards.tmp.spill``), so what a killed run left there (it may hold
message text) is swept at the start of the next run.
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from functools import reduce
from pathlib import Path
from typing import Any, TypeVar

import polars as pl
import xxhash

from anamnesis.storage.atomic import SPILL_SUFFIX, atomic_path
from anamnesis.storage.batches import ROW_GROUP_ROWS
from anamnesis.storage.deltas import write_part
from anamnesis.storage.lake import Lake

T = TypeVar("T")


def shard_of(user_id: str, shards: int) -> int:
    """The shard (``0 .. shards - 1``) of ``user_id``."""
    return xxhash.xxh3_64_intdigest(user_id.encode()) % shards


def _shards_of(user_ids: pl.Series, shards: int) -> pl.Series:
    """:func:`shard_of` of each id, hashing each distinct id once."""
    distinct = user_ids.unique()
    if distinct.is_empty():
        return pl.Series(user_ids.name, [], dtype=pl.UInt32)
    numbers = pl.Series([shard_of(u, shards) for u in distinct], dtype=pl.UInt32)
    return user_ids.replace_strict(distinct, numbers, return_dtype=pl.UInt32)


@dataclass(frozen=True, slots=True)
class Shard:
    """Shard ``index`` of ``count``, and of it ``only`` those users (a night's) if given.

    The one shard of a one-shard run, without ``only``, is everyone.
    """

    index: int = 0
    count: int = 1
    only: pl.Series | None = field(default=None, compare=False)

    @property
    def everyone(self) -> bool:
        return self.count == 1 and self.only is None

    def of(self, frame: pl.LazyFrame) -> pl.LazyFrame:
        """The rows of ``frame`` whose ``user_id`` belongs to this shard."""
        if self.only is not None:
            frame = frame.filter(pl.col("user_id").is_in(self.only.implode()))
        if self.count == 1:
            return frame
        shard = pl.col("user_id").map_batches(lambda ids: _shards_of(ids, self.count), return_dtype=pl.UInt32)
        return frame.filter(shard == self.index)

    def rows(self, frame: pl.DataFrame) -> pl.DataFrame:
        """:meth:`of` for a frame in memory."""
        return frame if self.everyone else self.of(frame.lazy()).collect()


ONE_SHARD = Shard()


def shards(count: int) -> list[Shard]:
    """The ``count`` shards of a run."""
    if count < 1:
        raise ValueError(f"shards must be at least 1, not {count}")
    return [Shard(i, count) for i in range(count)]


def shard_lake(lake: Lake, stage: str, shard: Shard) -> Lake:
    """Where ``shard``'s step of ``stage`` writes: the lake itself when one shard does everyone.

    Otherwise a fresh working directory (what an earlier, killed attempt left is removed).
    """
    if shard.everyone:
        return lake
    root = _work_dir(lake, stage) / f"{shard.index:05d}"
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    return Lake(root)


def _work_dir(lake: Lake, stage: str) -> Path:
    return lake.root / f".{stage}.shards.tmp{SPILL_SUFFIX}"


def merge_shards(
    lake: Lake, stage: str, count: int, tables: tuple[str, ...], *, redone: pl.Series | None = None
) -> None:
    """Replace each of ``tables`` (lake attributes) by its shards' parts, in the lake's order.

    Every part is in user order and holds whole users, and no user is in two parts, so merging
    the sorted parts (polars' ``merge_sorted``) gives the file one shard writes, streamed into
    the new file (bounded memory), which replaces the old one atomically. With ``redone`` (the
    users the parts were made for, a night's) the merged parts become a delta part of each table
    instead (:func:`anamnesis.storage.deltas.write_part`): only the night's users are written,
    and one shard's file is the part as it is.
    Then the working directory is removed.
    Nothing to do when one shard did everyone (it wrote the lake directly).
    """
    if count == 1 and redone is None:
        return
    parts = [Lake(_work_dir(lake, stage) / f"{i:05d}") for i in range(count)]
    for table in tables:
        files = [getattr(part, table) for part in parts]
        schema = pl.read_parquet_schema(files[0])
        merged = reduce(lambda a, b: a.merge_sorted(b, key="user_id"), (pl.scan_parquet(f) for f in files))
        if redone is not None:
            write_part(lake, table, files[0] if count == 1 else merged, redone)  # one shard's file is the part
            continue
        with atomic_path(getattr(lake, table)) as tmp:
            merged.select(list(schema)).cast(dict(schema)).sink_parquet(
                tmp, compression="zstd", statistics=True, row_group_size=ROW_GROUP_ROWS
            )
    shutil.rmtree(_work_dir(lake, stage), ignore_errors=True)


def sum_counts(parts: Sequence[T]) -> T:
    """The field-wise sum of the shards' counts (numbers, ``Counter``s, nested count dataclasses)."""
    return reduce(_add, parts)


def _add(a: T, b: T) -> T:
    values = {f.name: _plus(getattr(a, f.name), getattr(b, f.name)) for f in fields(a)}  # type: ignore[arg-type]
    return type(a)(**values)


def _plus(a: Any, b: Any) -> Any:
    return _add(a, b) if is_dataclass(a) else a + b
