"""Asset checks that run the declarative pandera schemas of ``schemas.frames`` on lake files."""

from __future__ import annotations

from pathlib import Path

import dagster as dg
import pandera.errors
import pandera.polars as pa
import polars as pl


def pandera_check(model: type[pa.DataFrameModel], path: Path) -> dg.AssetCheckResult:
    """Validate one lake file; a failure reports the first failing cases instead of raising."""
    frame = pl.read_parquet(path)
    try:
        model.validate(frame, lazy=True)
    except pandera.errors.SchemaErrors as exc:
        cases = exc.failure_cases
        return dg.AssetCheckResult(
            passed=False,
            metadata={"rows": frame.height, "failures": len(cases), "first_failures": str(cases.head(5))},
        )
    return dg.AssetCheckResult(passed=True, metadata={"rows": frame.height})
