"""Writing many small LanceDB tables: several at once, in one process.

Creating a table costs LanceDB a millisecond or two, partly waiting on the file system, so a
few writes overlap. (Spreading them over worker processes was measured slower: LanceDB's own
thread pool already keeps both cores busy.)
"""

from __future__ import annotations

import asyncio
import warnings
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pyarrow as pa

from anamnesis.storage.crashpoints import crash_point

#: Tables written at once in one process: creating one is partly file-system work, which overlaps.
WRITERS = 8

Span = tuple[str, int, int]


def write_spans(tables_dir: Path, data: pa.Table, spans: list[Span], on_disk: set[str],
                report: Callable[[int], None] | None = None) -> None:
    """Write each span (table name, first row, row count) of ``data`` as one table."""
    import lancedb

    async def write_all() -> None:
        db = await lancedb.connect_async(tables_dir)
        slots = asyncio.Semaphore(WRITERS)

        async def write(name: str, offset: int, length: int) -> None:
            async with slots:
                if name not in on_disk:  # "create": "overwrite" of a new table logs a warning
                    await db.create_table(name, data.slice(offset, length), mode="create")
                else:
                    table = await db.create_table(name, data.slice(offset, length), mode="overwrite")
                    await table.optimize(cleanup_older_than=timedelta(0), delete_unverified=True)
            if report is not None:
                report(1)
            crash_point("lance-tables")

        await asyncio.gather(*(write(*span) for span in spans))

    with warnings.catch_warnings():
        # Deleting every old version at once is the point: the build is the only writer.
        warnings.filterwarnings("ignore", message=r"optimize\(cleanup_older_than=0\)", category=UserWarning)
        asyncio.run(write_all())
