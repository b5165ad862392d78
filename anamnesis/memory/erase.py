"""Erasure from the memory tables: a user's rows leave their shard and every older version of it.

A delete alone only marks rows as gone (their bytes stay in the data files until a compaction
rewrites them), so the shard is written anew from the other users' rows and its old versions
are deleted; the user's cached vectors go with their ownership.
"""

from __future__ import annotations

import shutil
import warnings
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from anamnesis.embeddings import EmbeddingCache
from anamnesis.erasure.ownership import user_key
from anamnesis.memory.manifest import load_manifest, save_manifest
from anamnesis.memory.paths import CACHE_FILE, MANIFEST_FILE, TABLES_DIR
from anamnesis.memory.shards import LAYOUT, USER_KEY, connect, one_user, shard_of

if TYPE_CHECKING:
    import lancedb


def forget_user(root: Path, user_id: str) -> bool:
    """Erase the user's rows from every version of their shard, and their cached vectors.

    Needs no embedder (for ``anamnesis forget``): nothing to load, nothing to embed. True if
    anything of the user existed.
    """
    key = user_key(user_id)
    tables_dir = root / TABLES_DIR
    existed = _erase_from_shard(tables_dir, key)
    legacy = tables_dir / f"u_{key}.lance"  # a home last built with one table per user
    if legacy.exists():
        shutil.rmtree(legacy)
        existed = True
    manifest = load_manifest(root / MANIFEST_FILE, LAYOUT)
    if manifest is not None and manifest.pop(key, None) is not None:
        save_manifest(root / MANIFEST_FILE, LAYOUT, manifest)
    dropped = 0
    if (root / CACHE_FILE).exists():
        with EmbeddingCache(root / CACHE_FILE) as cache:
            dropped = cache.forget_user(user_id)
    return existed or dropped > 0


def _erase_from_shard(tables_dir: Path, key: str) -> bool:
    """Rewrite the user's shard without their rows, then delete every older version; True if
    the latest version held rows of theirs.

    The shard is rewritten even when its latest version shows none: rows an update replaced or
    deleted stay in its data files, masked, and in its older versions, until the shard is next
    compacted (:mod:`anamnesis.memory.writer`).
    """
    name = shard_of(key)
    if not (tables_dir / f"{name}.lance").is_dir():
        return False
    from lancedb.index import BTree

    db = connect(tables_dir)
    table = db.open_table(name)
    existed = table.search().where(one_user(key)).select([USER_KEY]).limit(1).to_arrow().num_rows > 0
    others = table.search().where(~one_user(key)).limit(None).to_arrow()
    if others.num_rows == 0:
        db.drop_table(name)
        return existed
    table = db.create_table(name, others, mode="overwrite")
    table.create_index(USER_KEY, config=BTree(), replace=True)
    _cleanup(table)
    return existed


def _cleanup(table: lancedb.table.Table) -> None:
    """Delete every version but the latest, with all files only they referenced."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=r"optimize\(cleanup_older_than=0\)", category=UserWarning)
        table.optimize(cleanup_older_than=timedelta(0), delete_unverified=True)
