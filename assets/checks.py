"""Asset checks that run the declarative pandera schemas of ``schemas.frames`` on lake files.

Each asset evaluates its own checks (its ``check_specs``) right after writing its files, in its
own step: a check step of its own would cost a process, an instance and a second read of the
files, and a failed blocking check fails the asset's step all the same.

A file is validated one range of users at a time (:mod:`anamnesis.storage.batches`), so a check
never holds a large table at once (pandera needs about twice a frame's strings besides the
frame). Every uniqueness rule of the schemas is per user (the key holds ``user_id``, or an id
derived from it, like ``event_id``), so checking each range checks the whole file. For the
same reason, when a run's asset redid only a night's users (its materialization says
``night_only``), its checks validate only their rows: every other row is as a checked run left it.
"""

from __future__ import annotations

import dagster as dg
import pandera.errors
import pandera.polars as pa
import polars as pl

from anamnesis.storage.batches import string_bytes, user_ranges
from anamnesis.storage.deltas import scan_table, table_rows
from anamnesis.storage.lake import Lake
from anamnesis.storage.shards import Shard

#: Above these shares a run still succeeds, but the check warns (severity WARN).
QUARANTINE_WARN = 0.05
REJECTS_WARN = 0.10


#: The metadata flag of a materialization that redid only the night's users.
NIGHT_ONLY = "night_only"


def pandera_check(
    model: type[pa.DataFrameModel], lake: Lake, table: str, *, users: pl.Series | None = None
) -> dg.AssetCheckResult:
    """Validate one lake table (of it only ``users``' rows if given); a failure reports the first
    failing cases instead of raising.

    Severity ERROR: a table that breaks its schema must not be read downstream unnoticed.
    """
    rows_of = Shard(only=users).of(scan_table(lake, table, only=users))
    rows, failures = 0, []
    for users in user_ranges(rows_of, string_bytes()):
        frame = users.of(rows_of).collect()
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


def as_check(spec: dg.AssetCheckSpec, result: dg.AssetCheckResult) -> dg.AssetCheckResult:
    """``result`` reported as ``spec``'s: the asset's step evaluates all its checks, each with its
    own name, severity and metadata."""
    return dg.AssetCheckResult(
        passed=result.passed,
        severity=result.severity,
        metadata=result.metadata,
        description=result.description,
        asset_key=spec.asset_key,
        check_name=spec.name,
    )


def _rows(lake: Lake, table: str) -> int:
    return table_rows(lake, table) if getattr(lake, table).exists() else 0


def rate_check(lake: Lake, *, kind: str, threshold: float) -> dg.AssetCheckResult:
    """WARN when the share of quarantined lines (of the lines read) or of rejects (of the
    proposals and failures) is over ``threshold``; metadata holds the counts either way."""
    if kind == "quarantine":
        count = _rows(lake, "quarantine")
        total = sum(int((lake.partition_manifest(d) or {}).get("lines_in", 0)) for d in lake.partition_days())
    else:
        count = _rows(lake, "rejects")
        total = count + _rows(lake, "events")
    rate = count / total if total else 0.0
    return dg.AssetCheckResult(
        passed=rate <= threshold,
        severity=dg.AssetCheckSeverity.WARN,
        metadata={kind: count, "of": total, "rate": round(rate, 4), "threshold": threshold},
        description=None if rate <= threshold else f"{rate:.1%} {kind} is over the {threshold:.0%} threshold",
    )
