"""Lake tables as a base file plus a night's delta parts: a night writes its users, not the table.

A stage that redid a night's users used to rewrite its whole table (the night's users fall in
every row group). Now it writes a *delta part* beside the base ``<table>.parquet``: the night's
users' new rows (``<id>.parquet``, in the table's order) and the users they replace
(``<id>.users.parquet``), listed in ``<table>.deltas/MANIFEST.json``. The manifest is replaced
atomically after the part's files are written, so a crash before the swap leaves the previous
state readable (the part is never listed); it names the parts in order, each replacing every row
of its users in the base and in the parts before it.

The manifest is tied to its base by the base's footer (:func:`base_tag`: size and a hash of the
Parquet footer, which holds every row group's offsets and statistics): any full rewrite of the
base (a stage that redid everyone, a review's refold, :func:`compact`) makes the manifest stale,
and a stale manifest is ignored, whatever filesystem or object store the home is on.

Every reader goes through :func:`scan_table` (polars) or :func:`duckdb_relation` (the warehouse):
base minus the replaced users, merged with each part minus the users of later parts, in user
order (each user's rows come from one file, in that file's order), which is the file a full
rewrite gives. Parts are folded into the base (:func:`compact`) when there are more than
:data:`MAX_PARTS` or they hold more than :data:`MAX_PART_SHARE` of the base's rows, and by
``forget`` before it erases, so no byte of the user stays in any part.
"""

from __future__ import annotations

import json
import os
import shutil
import uuid
from dataclasses import dataclass
from functools import reduce
from pathlib import Path
from typing import Any

import polars as pl
import pyarrow.parquet as pq
import xxhash

from anamnesis.storage.atomic import atomic_path, write_parquet
from anamnesis.storage.batches import ROW_GROUP_ROWS
from anamnesis.storage.crashpoints import crash_point
from anamnesis.storage.lake import Lake

#: Parts a table keeps before the next write folds them into its base (like the memory shards' versions).
MAX_PARTS = 8
#: Share of the base's rows the parts may hold before the next write folds them into the base.
MAX_PART_SHARE = 0.25
MANIFEST = "MANIFEST.json"
WRITE = {"compression": "zstd", "statistics": True, "row_group_size": ROW_GROUP_ROWS}


@dataclass(frozen=True, slots=True)
class Part:
    """One night's rows of a table and the users whose rows they replace."""

    rows: Path
    users: Path

    def user_ids(self) -> pl.Series:
        return pl.read_parquet(self.users)["user_id"]


@dataclass(frozen=True, slots=True)
class TableFiles:
    """A lake table as it is read now: its base and its parts in order (none: the base alone)."""

    base: Path
    parts: tuple[Part, ...] = ()
    #: Rows as read, kept in the manifest (``None`` without parts: the base's footer has them).
    rows: int | None = None

    def files(self) -> dict[str, Path]:
        """Every file, by a name unique within the table (for hard-linking a snapshot)."""
        named = {"base": self.base}
        for i, part in enumerate(self.parts):
            named |= {f"part-{i:03d}": part.rows, f"users-{i:03d}": part.users}
        return named

    def relinked(self, links: dict[str, Path]) -> TableFiles:
        """The same table over ``links`` (the names of :meth:`files` → other paths)."""
        parts = tuple(Part(links[f"part-{i:03d}"], links[f"users-{i:03d}"]) for i in range(len(self.parts)))
        return TableFiles(links["base"], parts, self.rows)


def deltas_dir(lake: Lake, table: str) -> Path:
    base: Path = getattr(lake, table)
    return base.with_name(base.stem + ".deltas")


def base_tag(path: Path) -> str | None:
    """The base's identity: its size and a hash of its Parquet footer (``None``: no readable file)."""
    try:
        with path.open("rb") as fh:
            size = fh.seek(0, 2)
            fh.seek(size - 8)
            tail = fh.read(8)
            length = int.from_bytes(tail[:4], "little")
            if tail[4:] != b"PAR1" or length + 8 > size:
                return None
            fh.seek(size - 8 - length)
            return f"{size}-{xxhash.xxh3_64_hexdigest(fh.read(length))}"
    except OSError:
        return None


def _manifest(lake: Lake, table: str) -> dict[str, Any] | None:
    """The table's live manifest (``parts``: their names, ``rows``: the table's rows as read);
    ``None`` when there is none or it is stale."""
    path = deltas_dir(lake, table) / MANIFEST
    if not path.exists():
        return None
    manifest: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return manifest if manifest["base"] == base_tag(getattr(lake, table)) else None


def table_files(lake: Lake, table: str) -> TableFiles:
    """The files of ``table`` (a :class:`Lake` attribute) as readers must read them now."""
    directory = deltas_dir(lake, table)
    base: Path = getattr(lake, table)
    if (manifest := _manifest(lake, table)) is None:
        return TableFiles(base)
    parts = (Part(directory / f"{n}.parquet", directory / f"{n}.users.parquet") for n in manifest["parts"])
    return TableFiles(base, tuple(parts), manifest["rows"])


def scan_files(
    files: TableFiles, schema: dict[str, pl.DataType] | None = None, *, only: pl.Series | None = None
) -> pl.LazyFrame:
    """The table ``files`` hold, lazily, in the order of its base (user first).

    ``only``: just those users' rows, and a file none of whose rows can be theirs is not read at
    all: a night's users are all in its last part, so reading them never scans the base.
    """
    if not files.base.exists():
        if schema is None:
            raise FileNotFoundError(files.base)
        return pl.LazyFrame(schema=schema)
    base = _of(pl.scan_parquet(files.base), only)
    if not files.parts:
        return base
    types = dict(base.collect_schema())
    frames, later = [], pl.Series("user_id", [], dtype=pl.String)
    for part in reversed(files.parts):
        users = part.user_ids()
        if only is None or users.filter(~users.is_in(later.implode())).is_in(only.implode()).any():
            frames.append(_without(_of(pl.scan_parquet(part.rows).cast(types), only), later))
        later = pl.concat([later, users])
    if only is None or not only.is_in(later.implode()).all():
        frames.append(_without(base, later))
    if not frames:
        return base.clear()
    return reduce(lambda a, b: a.merge_sorted(b, key="user_id"), reversed(frames))


def _of(frame: pl.LazyFrame, only: pl.Series | None) -> pl.LazyFrame:
    return frame if only is None else frame.filter(pl.col("user_id").is_in(only.implode()))


def _without(frame: pl.LazyFrame, users: pl.Series) -> pl.LazyFrame:
    return frame.filter(~pl.col("user_id").is_in(users.implode())) if users.len() else frame


def scan_table(
    lake: Lake, table: str, schema: dict[str, pl.DataType] | None = None, *, only: pl.Series | None = None
) -> pl.LazyFrame:
    """The one way to read a lake table: its base and parts (:func:`scan_files`), of it ``only``
    those users if given; empty of ``schema`` when it was never written (without ``schema``:
    :class:`FileNotFoundError`)."""
    return scan_files(table_files(lake, table), schema, only=only)


def table_rows(lake: Lake, table: str) -> int:
    """Rows of ``table`` as read (from its manifest, or the base's footer when it has no parts)."""
    files = table_files(lake, table)
    return pq.read_metadata(files.base).num_rows if files.rows is None else files.rows


def write_part(lake: Lake, table: str, rows: pl.LazyFrame | Path, users: pl.Series) -> None:
    """Add a part to ``table``: ``rows`` (in the table's order) replace every row of ``users``.

    ``rows`` may be a Parquet file of them already written (a night's one shard wrote its
    stage's output): in the table's schema, it becomes the part as it is, hard-linked, instead
    of being decoded and encoded again (on the 2M home a 1,000-user night re-encoded ~0.4 s of
    CPU this way; BENCHMARKS.md, ``night20``). The file is never written to after, like every
    lake file. The part's files first, then the manifest swapped to list it; then the parts are
    folded into the base if they grew past :data:`MAX_PARTS` or :data:`MAX_PART_SHARE`.
    """
    base: Path = getattr(lake, table)
    directory = deltas_dir(lake, table)
    names = (_manifest(lake, table) or {"parts": []})["parts"]
    if not names:
        shutil.rmtree(directory, ignore_errors=True)  # a stale manifest's parts: its base has them
    theirs = scan_table(lake, table).select("user_id").filter(pl.col("user_id").is_in(users.implode()))
    kept = table_rows(lake, table) - theirs.select(pl.len()).collect().item()
    directory.mkdir(parents=True, exist_ok=True)
    name = f"{len(names):05d}-{uuid.uuid4().hex[:12]}"
    schema = pl.read_parquet_schema(base)
    with atomic_path(directory / f"{name}.parquet") as tmp:
        if isinstance(rows, Path) and list(pl.read_parquet_schema(rows).items()) == list(schema.items()):
            os.link(rows, tmp)
        else:
            frame = pl.scan_parquet(rows) if isinstance(rows, Path) else rows
            frame.select(list(schema)).cast(dict(schema)).sink_parquet(tmp, **WRITE)
    write_parquet(users.unique().sort().to_frame("user_id"), directory / f"{name}.users.parquet")
    crash_point("delta-manifest")
    total = kept + pq.read_metadata(directory / f"{name}.parquet").num_rows
    with atomic_path(directory / MANIFEST) as tmp:
        tmp.write_text(json.dumps({"base": base_tag(base), "parts": [*names, name], "rows": total}), encoding="utf-8")
    if _too_large(lake, table):
        compact(lake, table)


def _too_large(lake: Lake, table: str) -> bool:
    files = table_files(lake, table)
    if len(files.parts) > MAX_PARTS:
        return True
    part_rows = sum(pq.read_metadata(p.rows).num_rows for p in files.parts)
    return part_rows > MAX_PART_SHARE * max(pq.read_metadata(files.base).num_rows, 1)


def compact(lake: Lake, table: str) -> bool:
    """Fold ``table``'s parts into a new base (streamed, atomic); whether there were any.

    The new base makes the manifest stale at once; the parts' directory is removed after.
    """
    files = table_files(lake, table)
    if files.parts:
        schema = pl.read_parquet_schema(files.base)
        with atomic_path(files.base) as tmp:
            scan_files(files).select(list(schema)).sink_parquet(tmp, **WRITE)
    shutil.rmtree(deltas_dir(lake, table), ignore_errors=True)
    return bool(files.parts)


def drop_stale_parts(lake: Lake, tables: tuple[str, ...]) -> None:
    """Remove the parts of ``tables`` whose base a full rewrite replaced (their rows are in it)."""
    for table in tables:
        if _manifest(lake, table) is None:
            shutil.rmtree(deltas_dir(lake, table), ignore_errors=True)


def compact_lake(lake: Lake) -> list[str]:
    """:func:`compact` every table with a parts directory (``forget`` first); the tables that had parts."""
    tables = [p.name.removesuffix(".deltas") for p in lake.root.glob("*.deltas") if p.is_dir()]
    return [table for table in sorted(tables) if compact(lake, table)]


def duckdb_relation(files: TableFiles) -> str:
    """The SQL relation of ``files`` for DuckDB, in the base's order (see :func:`scan_files`)."""
    base = _sql_path(files.base)
    if not files.parts:
        return f"read_parquet({base})"
    selects, later = [], []
    for i, part in reversed(list(enumerate(files.parts))):
        selects.append(_select(_sql_path(part.rows), i + 1, later))
        later = [*later, _sql_path(part.users)]
    selects.append(_select(base, 0, later))
    union = "\nunion all by name\n".join(reversed(selects))
    return f"(select * exclude (_part, file_row_number) from ({union}) order by user_id, _part, file_row_number)"


def _select(path: str, number: int, replaced_by: list[str]) -> str:
    select = f"select *, {number} as _part from read_parquet({path}, file_row_number = true)"
    if replaced_by:
        select += f" where user_id not in (select user_id from read_parquet([{', '.join(replaced_by)}]))"
    return select


def _sql_path(path: Path) -> str:
    return "'" + str(path.resolve()).replace("'", "''") + "'"
