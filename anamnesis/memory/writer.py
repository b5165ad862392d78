"""Writing the shard tables of a build: each changed shard in one commit, several at once.

A shard already built is updated in place: one commit marks the rows of its changed and
departed users deleted and adds the changed users' new rows, so a reader, who reads one version,
sees a user's old rows or their new ones, never none. LanceDB's API offers that commit only as a
merge-insert, which joins every row of the shard (vectors included) to find the rows it replaces;
the Lance format's own API (``pylance``) makes the same commit from each fragment's deletion of
the users' rows (their key column read) and the new rows written as fragments beforehand
(:func:`_replace`). A shard without a trusted table is written whole, and its index built, with
that API too: a build never imports LanceDB itself (over a second of CPU, most of it a REST
client's pydantic schemas; ``pylance`` a fifth of a second), which only the read path and
``forget`` use.

An update leaves its new rows as a fragment of their own (found by scanning it, replaced rows
masked by deletion files), and a shard is optimized once it is past :data:`MAX_VERSIONS`
versions, staggered across shards (:func:`_due`): its small fragments merged, its new rows
indexed, its old versions deleted (:func:`_compact`; LanceDB's optimize would rewrite the whole
shard, every fragment being below its compaction target). A night writes its users' rows, and
nights that touch every shard compact an eighth of the store each, not all of it every eighth
night. Until then the shard's earlier versions stay on disk (they share its data files), and
replaced rows stay in a fragment until half of it is replaced; ``forget`` rewrites the shard it
erases from and deletes every older version (:mod:`anamnesis.memory.erase`).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import timedelta
from functools import partial
from pathlib import Path

import polars as pl
import pyarrow as pa

from anamnesis.memory.shards import USER_KEY, create_dataset, dataset, drop_dataset, users_predicate
from anamnesis.storage.crashpoints import crash_point

#: Shards written at once in one process: part of a commit is file-system work, which overlaps.
WRITERS = 4
#: Versions a shard may have before an update optimizes it (compacts it, drops its old versions,
#: indexes every row); each update adds one version and at most one fragment. A build
#: optimizes one in this many of the shards it updated (:func:`_due`), so a shard may wait up to
#: twice this.
MAX_VERSIONS = 8


@dataclass(frozen=True, slots=True)
class ShardWrite:
    """What one shard table receives: ``rows`` of its changed users (their vectors are attached
    when the shard is written).

    ``replaced`` are the user keys whose stored rows go (changed and departed users); ``whole``
    means ``rows`` are the entire shard (a build without a manifest); so are they for a shard
    not on disk yet.
    """

    name: str
    rows: pl.DataFrame
    replaced: list[str]
    whole: bool


def write_shards(tables_dir: Path, writes: list[ShardWrite], on_disk: set[str],
                 to_arrow: Callable[[pl.DataFrame], pa.Table], report: Callable[[int], None] | None = None) -> None:
    """Apply every write, each in one commit, then optimize the updated shards that are due.

    ``to_arrow`` makes a shard's rows into what LanceDB stores, when that shard is written.
    Lance works outside the GIL: :data:`WRITERS` threads write shards side by side.
    """

    def write(shard: ShardWrite) -> int | None:
        versions = _write(tables_dir, shard, to_arrow(shard.rows), shard.name in on_disk)
        crash_point("lance-tables")
        return versions

    updated: dict[str, int] = {}  # shard -> its versions after the update
    with ThreadPoolExecutor(max_workers=WRITERS, thread_name_prefix="shard-writes") as pool:
        for shard, versions in zip(writes, pool.map(write, writes), strict=True):
            if versions is not None:
                updated[shard.name] = versions
            if report is not None:
                report(1)
        list(pool.map(partial(_compact, tables_dir), _due(updated)))


def _write(tables_dir: Path, shard: ShardWrite, rows: pa.Table, exists: bool) -> int | None:
    """Write one shard; for an update that changed it, its number of versions after it."""
    if not shard.whole and exists:
        return _replace(tables_dir, shard, rows)
    if rows.num_rows == 0:
        if exists:
            drop_dataset(tables_dir, shard.name)
        return None
    table = create_dataset(tables_dir, shard.name, rows)
    table.create_scalar_index(USER_KEY, "BTREE")
    # one fragment, its index complete: only the versions before the index's go
    table.cleanup_old_versions(older_than=timedelta(0), delete_unverified=True)
    return None


def _due(updated: dict[str, int]) -> list[str]:
    """The updated shards to optimize, from their numbers of versions.

    Shards written together have as many versions, so optimizing every shard past
    :data:`MAX_VERSIONS` would rewrite the whole store on the night a night's updates bring them
    all there, and nothing on the seven before. A build therefore optimizes, of the shards past
    :data:`MAX_VERSIONS`, one in :data:`MAX_VERSIONS` of those it updated (at least one), those
    with the most versions first (ties by name), and every shard past twice that: after a full
    run a night touching every shard optimizes none until the eighth, then an eighth of them
    a night, each every eighth night.
    """
    ready = sorted((name for name, n in updated.items() if n > MAX_VERSIONS), key=lambda name: (-updated[name], name))
    overdue = (name for name in ready if updated[name] > 2 * MAX_VERSIONS)
    return sorted({*ready[: max(1, len(updated) // MAX_VERSIONS)], *overdue})


#: Share of a fragment's rows deleted before a compaction rewrites it.
DELETED_SHARE = 0.5


def _compact(tables_dir: Path, name: str) -> None:
    """Compact a shard's update fragments, index their rows, and delete every older version.

    LanceDB's optimize rewrites the whole shard (every fragment is below its 1M-row target); here
    the target is the shard's largest fragment, so the updates' small fragments are merged and
    the others are rewritten only once :data:`DELETED_SHARE` of their rows are deleted.
    """
    table = dataset(tables_dir, name)
    largest = max((f.metadata.physical_rows for f in table.get_fragments()), default=1)
    table.optimize.compact_files(target_rows_per_fragment=largest, materialize_deletions_threshold=DELETED_SHARE)
    table = dataset(tables_dir, name)
    table.optimize.optimize_indices()
    table.cleanup_old_versions(older_than=timedelta(0), delete_unverified=True)


def _replace(tables_dir: Path, shard: ShardWrite, rows: pa.Table) -> int | None:
    """Replace the rows of ``shard.replaced`` by ``rows`` in one commit; the shard's versions
    after it (None if nothing changed).

    Lance's documented way of a distributed delete (each fragment's ``delete`` writes its
    deletion file without committing), with the new rows' fragments added to the same ``Update``
    commit. The new fragments are in no index: a read scans them beside the indexed ones, as it
    did a merge-insert's, until the shard is next optimized. No change makes no version.
    """
    from lance import LanceDataset, LanceOperation
    from lance.fragment import write_fragments

    table = dataset(tables_dir, shard.name)
    predicate = users_predicate(shard.replaced)
    updated, removed = [], []
    for fragment in table.get_fragments():
        kept = fragment.delete(predicate)
        if kept is None:
            removed.append(fragment.fragment_id)
        elif kept != fragment.metadata:
            updated.append(kept)
    added = write_fragments(rows, table) if rows.num_rows else []
    if not (updated or removed or added):
        return None
    operation = LanceOperation.Update(removed_fragment_ids=removed, updated_fragments=updated, new_fragments=added)
    return len(LanceDataset.commit(table, operation, read_version=table.version).versions())
