"""Where a user's memory rows live: one of ``SHARDS`` LanceDB tables, chosen by their user key.

One table per user made millions of tiny tables (six files each) at millions of users; a fixed
number of shard tables keeps the file count constant and each write large. A user's rows carry
their ``user_key`` (the SHA-256 of the id, never the id), and every read or delete of one user
goes through ``one_user``: a typed equality on that column (LanceDB's expression builder, no SQL
text is formatted), served by a B-tree index on it. A build's replace, whose API (``pylance``) takes
SQL text, gets it from ``users_predicate``, made of checked hex keys alone.

Connections are opened here and only here (``connect`` for reads and ``forget``; ``dataset``,
``create_dataset`` and ``drop_dataset`` for the Lance format's own API, which a build writes
with), so another kind of storage root changes one function.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import lance
    import lancedb
    import pyarrow as pa
    from lancedb.expr import Expr

#: Shard tables of a home. A power of two, so a run split into 2, 4, 8... parts by the same hash
#: gives each part whole shards. Changing it changes ``LAYOUT``, which rebuilds every table.
SHARDS = 64
LAYOUT = f"user-shards-{SHARDS}"
#: The column every shard table is filtered on, and indexed by.
USER_KEY = "user_key"
_KEY = re.compile(r"[0-9a-f]{64}")
# LanceDB's Rust log level, read once when lancedb is first imported (by the functions below):
# warnings and below stay out of the pipeline's output.
os.environ.setdefault("LANCEDB_LOG", "error")


def shard_of(user_key: str) -> str:
    """The shard table holding the user with ``user_key`` (stable: the key's first 32 bits)."""
    return f"s_{int(user_key[:8], 16) % SHARDS:02d}"


def one_user(user_key: str) -> Expr:
    """The predicate of one user's rows; refuses anything that is not a user key."""
    from lancedb.expr import col, lit

    return col(USER_KEY) == lit(_checked([user_key])[0])


def some_users(user_keys: list[str]) -> Expr:
    """The predicate of the rows of several users (a read of several users at once)."""
    from lancedb.expr import col

    return col(USER_KEY).isin(_checked(user_keys))


def users_predicate(user_keys: list[str]) -> str:
    """:func:`some_users` as the SQL text the Lance format's API takes (a build's replace), written
    without importing LanceDB: the keys are checked, so the text holds nothing but hex digits."""
    quoted = ", ".join(f"'{k}'" for k in _checked(user_keys))
    return f"{USER_KEY} IN ({quoted})"


def _checked(user_keys: list[str]) -> list[str]:
    """``user_keys``, each refused unless it is a user key (64 hex digits): no id or SQL gets in."""
    if not all(_KEY.fullmatch(k) for k in user_keys):
        raise ValueError("not a user key")
    return user_keys


def load_lance() -> None:
    """Import pylance now, e.g. while a build embeds, rather than at its first write."""
    import lance  # noqa: F401


def connect(tables_dir: Path) -> lancedb.DBConnection:
    """The shard tables' database (imports lancedb on first use: over a second most commands skip)."""
    import lancedb

    return lancedb.connect(tables_dir)


def dataset(tables_dir: Path, name: str) -> lance.LanceDataset:
    """Shard table ``name`` through ``pylance`` (the Lance engine LanceDB bundles), which a build
    writes with: several changes in one commit, and no LanceDB import."""
    import lance

    return lance.dataset(_path(tables_dir, name))


def create_dataset(tables_dir: Path, name: str, rows: pa.Table) -> lance.LanceDataset:
    """Shard table ``name`` written whole from ``rows`` (replacing one there), as LanceDB's
    ``create_table`` writes it: one version, the default storage version, v2 manifest paths."""
    import lance

    path = _path(tables_dir, name)
    return lance.write_dataset(
        rows, path, mode="overwrite" if path.exists() else "create", enable_v2_manifest_paths=True
    )


def drop_dataset(tables_dir: Path, name: str) -> None:
    """Remove shard table ``name`` (as LanceDB's ``drop_table`` does: its directory)."""
    shutil.rmtree(_path(tables_dir, name))


def _path(tables_dir: Path, name: str) -> Path:
    return tables_dir / f"{name}.lance"
