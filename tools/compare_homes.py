"""Compare what two backfilled homes hold: every warehouse relation and every memory row.

    uv run python -m tools.compare_homes HOME_A HOME_B

A change meant to be behaviour-preserving (a faster write path) must leave the same rows.
Columns that hold the clock of the run (``recorded_at``, ``detected_at``, ``created_at``,
``decayed``, ...) differ between any two runs, so they are left out; ``source_file`` (and the
supersessions' ``old_``/``new_source_file``) is compared by file name, since the two homes may
have read the same files from other paths.
Exits 1 if anything differs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import duckdb
import lancedb
import polars as pl

from anamnesis.memory.manifest import load_manifest
from anamnesis.memory.paths import MANIFEST_FILE, TABLES_DIR, memory_dir
from anamnesis.memory.shards import LAYOUT

#: Columns whose values come from the clock of the run, not from the data.
CLOCK_COLUMNS = frozenset({"recorded_at", "detected_at", "created_at", "understood_at", "decayed", "run_id"})


def compare_warehouses(a: Path, b: Path) -> list[str]:
    """One line per relation: its row count and whether the two warehouses hold the same rows."""
    con = duckdb.connect()
    con.execute(f"attach '{a}' as a (read_only)")
    con.execute(f"attach '{b}' as b (read_only)")
    lines = []
    relations = con.execute(
        "select distinct table_name from information_schema.tables where table_catalog in ('a', 'b') order by 1"
    ).fetchall()
    for (relation,) in relations:
        columns = [
            name for (name,) in con.execute(
                "select column_name from information_schema.columns where table_catalog = 'a' and table_name = ? "
                "order by ordinal_position", [relation],
            ).fetchall()
        ]  # fmt: skip
        kept = [c for c in columns if c not in CLOCK_COLUMNS]
        select = ", ".join(
            f"regexp_replace({_q(c)}, '^.*/', '') as {_q(c)}" if c.endswith("source_file") else _q(c) for c in kept
        )
        counts = [con.execute(f"select count(*) from {db}.{_q(relation)}").fetchone()[0] for db in ("a", "b")]
        only = [
            con.execute(
                f"select count(*) from (select {select} from {x}.{_q(relation)} except all "
                f"select {select} from {y}.{_q(relation)})"
            ).fetchone()[0]
            for x, y in (("a", "b"), ("b", "a"))
        ]
        same = counts[0] == counts[1] and only == [0, 0]
        ignored = sorted(set(columns) & CLOCK_COLUMNS)
        lines.append(
            f"{'same' if same else 'DIFFERENT'}  {relation}: rows {counts[0]} / {counts[1]}, only in a {only[0]}, "
            f"only in b {only[1]}" + (f" (ignored: {', '.join(ignored)})" if ignored else "")
        )
    return lines


def memory_rows(home: Path) -> pl.DataFrame:
    """Every shard table's rows, vectors included, in one frame sorted by user and fact."""
    tables = memory_dir(home) / TABLES_DIR
    db = lancedb.connect(tables)
    frames = [
        pl.from_arrow(db.open_table(p.name.removesuffix(".lance")).to_arrow())
        for p in sorted(tables.iterdir())
        if p.name.endswith(".lance")
    ]
    if not frames:
        return pl.DataFrame()
    rows = pl.concat(frames, how="vertical")  # type: ignore[arg-type]
    return rows.sort([c for c in rows.columns if c != "vector"])


def compare_memories(a: Path, b: Path) -> list[str]:
    rows_a, rows_b = memory_rows(a), memory_rows(b)
    same = rows_a.equals(rows_b)
    manifests = [load_manifest(memory_dir(home) / MANIFEST_FILE, LAYOUT) for home in (a, b)]
    return [
        f"{'same' if same else 'DIFFERENT'}  memory rows (vectors included): {rows_a.height} / {rows_b.height}",
        f"{'same' if manifests[0] == manifests[1] else 'DIFFERENT'}  memory manifest digests: "
        f"{len(manifests[0] or {})} / {len(manifests[1] or {})} users",
    ]


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("home_a", type=Path)
    parser.add_argument("home_b", type=Path)
    args = parser.parse_args()
    lines = compare_warehouses(args.home_a / "warehouse.duckdb", args.home_b / "warehouse.duckdb")
    lines += compare_memories(args.home_a, args.home_b)
    print("\n".join(lines))
    sys.exit(0 if all(line.startswith("same") for line in lines) else 1)


if __name__ == "__main__":
    main()
