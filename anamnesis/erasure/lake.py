"""Erasing one user's rows from every Parquet file of the lake, each file rewritten atomically.

Every ``*.parquet`` under the lake is read, not a list of known names: the consolidated tables,
each ingest partition's parts (current and any version a crash left behind), and whatever a
later stage adds. A file with neither ``user_id`` nor ``raw`` cannot be judged; it is reported,
unless it is one of :data:`USER_FREE`, whose columns hold counts and never a user's data.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from anamnesis.erasure.ownership import json_strings, judgeable, owned_rows
from anamnesis.storage.atomic import write_parquet

#: Lake tables of counts only (``llm_usage``: calls and tokens per run and task): nothing to erase.
USER_FREE = frozenset({"llm_usage"})


@dataclass(slots=True)
class LakeErasure:
    """Rows removed per table (``ingest/messages`` sums every partition), the text they held."""

    removed: Counter[str] = field(default_factory=Counter)
    texts: list[str] = field(default_factory=list)
    unjudged: list[Path] = field(default_factory=list)


def table_of(root: Path, path: Path) -> str:
    """``messages`` for ``lake/messages.parquet``; ``ingest/messages`` for any ingest message part."""
    relative = path.relative_to(root)
    if relative.parts[0] == "ingest":
        return f"ingest/{path.stem.split('-')[0]}"
    return relative.with_suffix("").as_posix()


def erase_from_lake(root: Path, user_id: str) -> LakeErasure:
    """Rewrite every lake file that holds rows of ``user_id`` without them."""
    result = LakeErasure()
    for path in sorted(root.rglob("*.parquet")):
        if table_of(root, path) in USER_FREE:
            continue
        frame = pl.read_parquet(path)
        if not judgeable(frame):
            result.unjudged.append(path)
            continue
        owned = owned_rows(frame, user_id.__eq__)
        removed = int(owned.sum())
        if not removed:
            continue
        theirs = frame.filter(owned)
        if "text" in theirs.columns:
            result.texts.extend(theirs["text"].drop_nulls().to_list())
        if "raw" in theirs.columns:
            result.texts.extend(s for raw in theirs["raw"].drop_nulls() for s in json_strings(raw))
        write_parquet(frame.filter(~owned), path)
        result.removed[table_of(root, path)] += removed
    return result
