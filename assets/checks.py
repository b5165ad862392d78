"""Asset checks that run the declarative pandera schemas of ``schemas.frames`` on lake files.

A file is validated one range of users at a time (:mod:`anamnesis.storage.batches`), so a check
never holds a large table at once (pandera needs about twice a frame's strings besides the
frame). Every uniqueness rule of the schemas is per user (the key holds ``user_id``, or an id
derived from it, like ``event_id``), so checking each range checks the whole file.
"""

from __future__ import annotations

from pathlib import Path

import dagster as dg
import pandera.errors
import pandera.polars as pa
import polars as pl

from anamnesis.storage.batches import string_bytes, user_ranges


def pandera_check(model: type[pa.DataFrameModel], path: Path) -> dg.AssetCheckResult:
    """Validate one lake file; a failure reports the first failing cases instead of raising."""
    table = pl.scan_parquet(path)
    rows, failures = 0, []
    for users in user_ranges(table, string_bytes()):
        frame = users.of(table).collect()
        rows += frame.height
        try:
            model.validate(frame, lazy=True)
        except pandera.errors.SchemaErrors as exc:
            failures.append(exc.failure_cases)
    if failures:
        cases = pl.concat(failures, how="diagonal_relaxed")
        return dg.AssetCheckResult(
            passed=False,
            metadata={"rows": rows, "failures": len(cases), "first_failures": str(cases.head(5))},
        )
    return dg.AssetCheckResult(passed=True, metadata={"rows": rows})
