"""Working through lake tables one bounded batch of users at a time.

A large export does not fit in memory at once, but every stage after ingest works per user:
duplicates and edits are per (user, message), fragments lie within one user's sessions, and
reconciliation folds one user's events. So a stage splits its input into ranges of user ids
whose rows stay within a budget (:func:`user_ranges`), handles one range at a time and appends
the result to its output (:func:`parquet_appender`).

Ranges follow the byte order of user ids and every output is sorted by user first, so the
batched output is the file one pass would have written. Each range is written as its own row
groups, so when the next stage reads one range, Parquet statistics let it skip the row groups of
all the others. The ingest parts are the one input not sorted by user (they follow arrival):
:func:`split_by_range` copies them once into spill files per range. An input within one budget
is one range with no filter and no spill: the usual nightly sizes take the same path as before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq

from anamnesis.storage.atomic import atomic_path

#: Bytes of message text (or the estimated size of other rows) handled at once by a stage.
BATCH_BYTES = 32 * 2**20
#: Spill files live for one stage and are read once, whole: written fast rather than small.
SPILL_OPTIONS = {"compression": "lz4", "use_dictionary": False, "write_statistics": False}
#: Row groups (one per ingest part) in one spill file before it is closed and another begun.
SPILL_ROW_GROUPS = 16
#: Rows per Parquet row group of batched outputs: small enough to skip what a range does not need.
ROW_GROUP_ROWS = 8_192


@dataclass(frozen=True, slots=True)
class UserRange:
    """Users from ``first`` to ``last`` (inclusive, byte order); both ``None`` means everyone."""

    first: str | None = None
    last: str | None = None

    def of(self, frame: pl.LazyFrame) -> pl.LazyFrame:
        """The rows of ``frame`` whose ``user_id`` lies in this range."""
        if self.first is None or self.last is None:
            return frame
        return frame.filter(pl.col("user_id").is_between(pl.lit(self.first), pl.lit(self.last)))


EVERYONE = UserRange()


class RowFilter(Protocol):
    """Keeps some users' rows of a frame (a shard, :class:`anamnesis.storage.shards.Shard`)."""

    def rows(self, frame: pl.DataFrame) -> pl.DataFrame: ...


def user_ranges(frame: pl.LazyFrame, weight: pl.Expr, *, budget: int | None = None) -> list[UserRange]:
    """Consecutive ranges of user ids whose summed ``weight`` (an aggregation) stays near ``budget``.

    A range ends once it reaches the budget (default :data:`BATCH_BYTES`), so it holds at most
    the budget plus one user; a user heavier than the budget gets a range alone (a user's rows
    are never split). Only one row per user is held here, never the rows themselves (the
    streaming engine aggregates).
    """
    budget = budget or BATCH_BYTES
    per_user = frame.group_by("user_id").agg(weight.alias("weight")).sort("user_id").collect(engine="streaming")
    if per_user.is_empty() or per_user["weight"].sum() <= budget:
        return [EVERYONE]
    before = pl.col("weight").cum_sum() - pl.col("weight")
    bounds = (
        per_user.group_by((before // budget).alias("batch"), maintain_order=True)
        .agg(pl.col("user_id").first().alias("first"), pl.col("user_id").last().alias("last"))
        .select("first", "last")
    )
    if bounds.height == 1:
        return [EVERYONE]
    return [UserRange(first, last) for first, last in bounds.iter_rows()]


def split_by_range(
    sources: list[Path],
    ranges: list[UserRange],
    directory: Path,
    schema: dict[str, pl.DataType],
    *,
    rows: RowFilter | None = None,
) -> list[list[Path]]:
    """Copy the rows of ``sources`` into files of one range of users each, under ``directory``.

    Ingest parts follow arrival, so every part holds rows of every range: reading one range
    from all of them would read every part once per range, and hold a piece of each at once.
    Splitting them here reads each part once, one at a time, and writes each row once; then a
    range is read from its own files. A Parquet writer keeps the metadata of each row group it
    wrote (about 10 KB here) until it closes, and every part adds one to every range, so a
    range's file is closed after :data:`SPILL_ROW_GROUPS` and the next one begun: that memory
    stays small as exports grow. Only the rows ``rows`` keeps (a shard's) are copied. Returns
    each range's files, in range order.
    """
    directory.mkdir(parents=True, exist_ok=True)
    boundaries = pl.Series([r.first for r in ranges[1:]], dtype=pl.String)
    files: list[list[Path]] = [[] for _ in ranges]
    writers: dict[int, tuple[pq.ParquetWriter, int]] = {}
    try:
        for source in sources:
            part = pl.read_parquet(source, schema=schema)
            part = rows.rows(part) if rows is not None else part
            index = boundaries.search_sorted(part["user_id"], side="right").alias("_range")
            for (i,), piece in part.with_columns(index).partition_by("_range", as_dict=True, include_key=False).items():
                table = _arrow(piece)
                writer, written = writers.pop(i, (None, 0))
                if writer is None or written == SPILL_ROW_GROUPS:
                    if writer is not None:
                        writer.close()
                    files[i].append(directory / f"range-{i:05d}-{len(files[i]):05d}.parquet")
                    writer, written = pq.ParquetWriter(files[i][-1], table.schema, **SPILL_OPTIONS), 0
                writer.write_table(table)
                writers[i] = (writer, written + 1)
    finally:
        for writer, _ in writers.values():
            writer.close()
    return files


def string_bytes() -> pl.Expr:
    """Weight of rows made mostly of text: the UTF-8 bytes of every string column, summed."""
    return pl.sum_horizontal(pl.col(pl.String).str.len_bytes()).sum()


@contextmanager
def parquet_appender(target: Path, schema: dict[str, pl.DataType]) -> Iterator[Callable[[pl.DataFrame], None]]:
    """Yield ``append(frame)``; the frames, in order, become ``target`` atomically on success.

    Used where a stage writes its output one range of users at a time: the whole output never
    has to be in memory, and readers see the old file until the last range is written. The first
    frame is held until a second one comes: one frame alone (an input within one budget) is
    written by polars, which is faster; from the second on, a pyarrow writer adds each frame as
    row groups of the same file.
    """
    with atomic_path(target) as tmp:
        first: pl.DataFrame | None = None
        writer: pq.ParquetWriter | None = None

        def append(frame: pl.DataFrame) -> None:
            nonlocal first, writer
            frame = frame.select(list(schema)).cast(schema)
            if not frame.height and first is not None:
                return
            if first is None or not first.height:
                first = frame
                return
            if writer is None:
                writer = pq.ParquetWriter(tmp, _arrow(first).schema, compression="zstd")
                writer.write_table(_arrow(first), row_group_size=ROW_GROUP_ROWS)
            writer.write_table(_arrow(frame), row_group_size=ROW_GROUP_ROWS)

        try:
            yield append
        finally:
            if writer is not None:
                writer.close()
        if writer is None:
            (first if first is not None else pl.DataFrame(schema=schema)).write_parquet(
                tmp, compression="zstd", statistics=True, row_group_size=ROW_GROUP_ROWS
            )


def _arrow(frame: pl.DataFrame) -> pa.Table:
    """``frame`` as Arrow without copying its strings (string views)."""
    return frame.to_arrow(compat_level=pl.CompatLevel.newest())
