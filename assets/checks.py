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
from anamnesis.storage.lake import Lake

#: Above these shares a run still succeeds, but the check warns (severity WARN).
QUARANTINE_WARN = 0.05
REJECTS_WARN = 0.10


def pandera_check(model: type[pa.DataFrameModel], path: Path) -> dg.AssetCheckResult:
    """Validate one lake file; a failure reports the first failing cases instead of raising.

    Severity ERROR: a table that breaks its schema must not be read downstream unnoticed.
    """
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
            severity=dg.AssetCheckSeverity.ERROR,
            metadata={"rows": rows, "failures": len(cases), "first_failures": str(cases.head(5))},
        )
    return dg.AssetCheckResult(passed=True, severity=dg.AssetCheckSeverity.ERROR, metadata={"rows": rows})


def _rows(path: Path) -> int:
    return pl.scan_parquet(path).select(pl.len()).collect().item() if path.exists() else 0


def rate_check(lake: Lake, *, kind: str, threshold: float) -> dg.AssetCheckResult:
    """WARN when the share of quarantined lines (of the lines read) or of rejects (of the
    proposals and failures) is over ``threshold``; metadata holds the counts either way."""
    if kind == "quarantine":
        count = _rows(lake.quarantine)
        total = sum(int((lake.partition_manifest(d) or {}).get("lines_in", 0)) for d in lake.partition_days())
    else:
        count = _rows(lake.rejects)
        total = count + _rows(lake.events)
    rate = count / total if total else 0.0
    return dg.AssetCheckResult(
        passed=rate <= threshold,
        severity=dg.AssetCheckSeverity.WARN,
        metadata={kind: count, "of": total, "rate": round(rate, 4), "threshold": threshold},
        description=None if rate <= threshold else f"{rate:.1%} {kind} is over the {threshold:.0%} threshold",
    )
