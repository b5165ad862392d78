"""The DuckDB warehouse: CONTRACT §3's relations, built from the lake in one go.

The database is built under a temporary name and renamed over ``warehouse.duckdb``, so a
reader (the API, a data scientist's session) sees the previous warehouse or the new one,
never a half-built one. ``facts_current`` is a view: ``decayed`` is computed when queried,
from the section's retention window, so decay never rewrites the history.

Two layouts (``warehouse_layout``) give the same relations, columns and rows:

- ``copy`` (the default): every relation is a table, the lake copied into the one file.
- ``views``: every relation is a view over a snapshot of the lake's Parquet files
  (:mod:`anamnesis.storage.snapshots`, hard links, no copy), so a night rewrites nothing in the
  warehouse but a file of view definitions. For large homes on a local filesystem.

Every lake table is written in the order of its warehouse table (:data:`TABLES`), one range of
users after the other, so the build copies each file as it is and never sorts: a lake of any
size streams through DuckDB within :data:`MEMORY_LIMIT`.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import duckdb

from anamnesis.storage.atomic import SPILL_SUFFIX, atomic_path, write_parquet
from anamnesis.storage.crashpoints import crash_point
from anamnesis.storage.deltas import TableFiles, duckdb_relation, table_files
from anamnesis.storage.inputs import ensure_inputs
from anamnesis.storage.lake import Lake
from anamnesis.storage.snapshots import KEEP, link_snapshot, prune_snapshots, snapshots_root
from anamnesis.storage.warehouse_types import STORAGE_VERSION, TYPED_VALUES, casts, comment_everything, create_types
from schemas.frames import LLMUsage, SessionSummaries, empty

if TYPE_CHECKING:
    from anamnesis.config import Settings

#: Warehouse table → (lake file attribute, the order its lake file is written in).
TABLES: dict[str, tuple[str, str]] = {
    "messages": ("messages", "user_id, ts, message_id"),
    "quarantine": ("quarantine", "source_file, line_no"),
    "supersessions": ("supersessions", "user_id, message_id"),
    "extracted_events": ("events", "user_id, valid_from, message_id, event_index"),
    "rejects": ("rejects", "user_id, message_id"),
    "fact_events": ("fact_events", "user_id, valid_from, source_message_id, section, entity"),
    "fact_state": ("fact_state", "user_id, section, entity"),
    "conflicts": ("conflicts", "user_id, detected_at"),
    "resolutions": ("resolutions", "created_at, resolution_id"),
    "corrections": ("corrections", "created_at, correction_id"),
    "measurements": ("measurements", "user_id, valid_from, source_message_id, measurement_id"),
    "session_summaries": ("session_summaries", "user_id, valid_from, session_id, through_message_id"),
    "llm_usage": ("llm_usage", "created_at, run_id, task"),
}
#: Lake files a home written before their stage existed lacks (``forget`` and reviews rebuild the
#: warehouse without running the stages): they start empty, and the next backfill fills them.
LATER_TABLES = {"session_summaries": SessionSummaries, "llm_usage": LLMUsage}
Layout = Literal["copy", "views"]
#: Memory DuckDB may use for the build (what does not fit goes to a spill directory).
MEMORY_LIMIT = "256MB"
JSON_COLUMNS = {
    "extracted_events": ("attributes",),
    "fact_events": ("attributes",),
    "fact_state": ("attributes",),
    "corrections": ("change",),
}

FACTS_CURRENT = f"""
create view facts_current as
select s.fact_id, s.user_id, s.section, s.entity, s.status, s.attributes,
       {TYPED_VALUES.replace("(attributes)", "(s.attributes)")},
       s.valid_from, s.first_seen, s.last_seen, s.source_message_id, s.confidence,
       coalesce(r.retention_days is not null
                and s.last_seen < now() - to_days(r.retention_days), false) as decayed
from fact_state s left join retention_policy r using (section)
"""


def build_warehouse(
    lake: Lake,
    target: Path,
    *,
    retention_days: dict[str, int | None],
    layout: Layout = "copy",
    keep_snapshots: int = KEEP,
    threads: int | None = None,
) -> dict[str, int]:
    """(Re)build the warehouse from the lake; return the row count of each relation.

    ``keep_snapshots``: lake snapshots a ``views`` build keeps (``forget`` keeps only the new one).
    ``threads``: DuckDB's threads for the build (default: one per core).
    """
    ensure_inputs(lake)
    for table, model in LATER_TABLES.items():
        if not (path := getattr(lake, TABLES[table][0])).exists():
            write_parquet(empty(model), path)
    sources = {table: table_files(lake, attr) for table, (attr, _order) in TABLES.items()}
    snapshots = snapshots_root(target)
    if layout == "views":
        sources = _linked(sources, snapshots)
    try:
        counts = _build(sources, target, layout=layout, retention_days=retention_days, threads=threads)
    except BaseException:
        if layout == "views":
            shutil.rmtree(next(iter(sources.values())).base.parent, ignore_errors=True)
        raise
    prune_snapshots(snapshots, keep=keep_snapshots if layout == "views" else 0)
    return counts


def rebuild_warehouse(
    settings: Settings, lake: Lake, *, keep_snapshots: int = KEEP, threads: int | None = None
) -> dict[str, int]:
    """:func:`build_warehouse` of the home's warehouse, in its layout and retention windows."""
    return build_warehouse(
        lake, settings.warehouse_path, retention_days=settings.retention_days,
        layout=settings.warehouse_layout, keep_snapshots=keep_snapshots, threads=threads,
    )


def _linked(sources: dict[str, TableFiles], root: Path) -> dict[str, TableFiles]:
    """Every file of ``sources`` hard-linked into one new snapshot under ``root``; the tables over the links."""
    files = {f"{table}.{name}": path for table, f in sources.items() for name, path in f.files().items()}
    links = link_snapshot(files, root)
    return {
        table: f.relinked({name: links[f"{table}.{name}"] for name in f.files()}) for table, f in sources.items()
    }


def _build(
    sources: dict[str, TableFiles], target: Path, *, layout: Layout, retention_days: dict[str, int | None],
    threads: int | None = None,
) -> dict[str, int]:
    """The warehouse file at ``target``: each relation a table or a view of its Parquet ``sources``
    (a base and its delta parts, :func:`anamnesis.storage.deltas.duckdb_relation`)."""
    counts: dict[str, int] = {}
    kind = "table" if layout == "copy" else "view"
    with atomic_path(target) as tmp:
        spill = tmp.with_name(tmp.name + SPILL_SUFFIX)
        config = {"memory_limit": MEMORY_LIMIT, "temp_directory": str(spill),
                  "storage_compatibility_version": STORAGE_VERSION}
        if threads is not None:
            config["threads"] = threads
        con = duckdb.connect(str(tmp), config=config)
        try:
            con.execute("begin")
            create_types(con)
            for table, files in sources.items():
                replacements = [f"{c}::JSON as {c}" for c in JSON_COLUMNS.get(table, ())] + casts(table)
                replace = f" replace ({', '.join(replacements)})" if replacements else ""
                typed = f", {TYPED_VALUES}" if table == "fact_events" else ""
                source = duckdb_relation(files)
                con.execute(f"create {kind} {table} as select *{replace}{typed} from {source}")
                if files.rows is None:
                    counts[table] = con.execute(f"select count(*) from {table}").fetchone()[0]  # type: ignore[index]
                else:  # a base with parts: counted by the night that wrote the last part
                    counts[table] = files.rows
            con.execute("create table retention_policy (section varchar primary key, retention_days integer)")
            con.executemany("insert into retention_policy values (?, ?)", sorted(retention_days.items()))
            con.execute(FACTS_CURRENT)
            comment_everything(con)
            crash_point("duckdb-build")
            con.execute("commit")
            con.execute("checkpoint")
        finally:
            con.close()
            shutil.rmtree(spill, ignore_errors=True)
        wal = tmp.with_name(tmp.name + ".wal")
        wal.unlink(missing_ok=True)
    return counts


#: The name the warehouse file is attached under by :func:`connect`; a cursor must ``use`` it.
WAREHOUSE_CATALOG = "warehouse"


def connect(path: Path) -> duckdb.DuckDBPyConnection:
    """A read-only connection to the warehouse file now at ``path``, with a clear error if it was never built.

    The file is attached to a fresh in-memory database rather than opened with
    ``duckdb.connect(path)``: DuckDB keeps one instance per path in a process, so while any
    connection to a replaced warehouse lives, ``connect(path)`` would return that old, deleted
    file instead of the new one (CONTRACT §7.1).
    """
    if not path.exists():
        raise FileNotFoundError(f"no warehouse at {path}: run `anamnesis backfill` first")
    con = duckdb.connect(":memory:")
    try:
        quoted = str(path).replace("'", "''")
        con.execute(f"attach '{quoted}' as {WAREHOUSE_CATALOG} (read_only)")
        con.execute(f"use {WAREHOUSE_CATALOG}")
    except BaseException:
        con.close()
        raise
    return con


def describe(path: Path, relation: str) -> list[tuple[str, str]]:
    """(column, type) of one warehouse relation, as ``DESCRIBE`` shows them."""
    con = connect(path)
    try:
        return [(str(row[0]), str(row[1])) for row in con.execute(f"describe {relation}").fetchall()]
    finally:
        con.close()
