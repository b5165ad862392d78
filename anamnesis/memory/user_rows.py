"""One user's rows as a search ranks them, and what tells a cached copy of them is still current."""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime
from itertools import groupby
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from anamnesis.memory.paths import MANIFEST_FILE
from anamnesis.memory.ranking import RowTerms, row_terms
from anamnesis.memory.shards import USER_KEY


@dataclass(frozen=True, slots=True)
class UserRows:
    """One table read for ranking: its columns as lists, its vectors as one matrix, and what
    every search would otherwise work out again per row (the terms that name it, its time)."""

    key: tuple[object, ...] | None
    matrix: np.ndarray
    fact_id: list[str]
    section: list[str]
    entity: list[str]
    status: list[str]
    valid_from: list[datetime]
    source_message_id: list[str]
    mention: list[str | None]
    text: list[str]
    age_days: np.ndarray
    stamps: np.ndarray
    terms: list[RowTerms]

    @classmethod
    def of(cls, table: pa.Table, key: tuple[object, ...] | None) -> UserRows:
        vectors = table.column("vector").combine_chunks()
        size = vectors.type.list_size
        # a copy: a view would keep the whole shard read alive for as long as this user is cached
        matrix = vectors.flatten().to_numpy().reshape(len(vectors), size).copy()
        rows = table.drop_columns(["vector"]).to_pydict()
        valid_from = rows["valid_from"]
        newest = max(valid_from, default=None)
        age_days = np.array([(newest - v).total_seconds() / 86400 for v in valid_from])
        return cls(
            key=key,
            matrix=matrix,
            fact_id=rows["fact_id"],
            section=rows["section"],
            entity=rows["entity"],
            status=rows["status"],
            valid_from=valid_from,
            source_message_id=rows["source_message_id"],
            mention=rows["mention"],
            text=rows["text"],
            age_days=age_days,
            stamps=np.array([v.timestamp() for v in valid_from], dtype=np.float64),
            terms=[row_terms(e, m) for e, m in zip(rows["entity"], rows["mention"], strict=True)],
        )


def split_by_user(found: pa.Table) -> dict[str, pa.Table]:
    """``found``'s rows by the user key each carries (in their order), without that column."""
    if found.num_rows == 0:
        return {}
    found = found.take(pc.sort_indices(found.column(USER_KEY)))  # a stable sort: each user's order stays
    rows = found.drop_columns([USER_KEY])
    by_user: dict[str, pa.Table] = {}
    start = 0
    for key, run in groupby(found.column(USER_KEY).to_pylist()):
        length = sum(1 for _ in run)
        by_user[key] = rows.slice(start, length)
        start += length
    return by_user


class ShardFiles(NamedTuple):
    """The paths :func:`version_key` looks at for one shard table, as strings: built once per
    shard, since a ``Path`` join cost more than a ``stat`` on every search."""

    manifest: str
    table_dir: str
    versions: str

    @classmethod
    def of(cls, root: Path, table_dir: Path) -> ShardFiles:
        return cls(str(root / MANIFEST_FILE), str(table_dir), str(table_dir / "_versions"))


def version_key(files: ShardFiles) -> tuple[object, ...] | None:
    """What identifies the table's current version on disk: its directory, its version files
    (a write adds one, a cleanup removes the old ones) and the build manifest (replaced by every
    build and erasure). None when it cannot be told (then nothing is cached)."""
    try:
        manifest = os.stat(files.manifest)
        directory = os.stat(files.table_dir)
        with os.scandir(files.versions) as entries:
            versions = sorted(
                (e.name, st.st_ino, st.st_size, st.st_mtime_ns)
                for e in entries
                for st in (e.stat(follow_symlinks=False),)
            )
    except OSError:
        return None
    return (manifest.st_ino, manifest.st_mtime_ns, directory.st_ino, directory.st_mtime_ns, tuple(versions))
