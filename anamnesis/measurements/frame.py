"""From stored measurement proposals to rows of the ``measurements`` relation, or rejects.

This is where code judges what a backend proposed (CONTRACT §7.3): the test is looked up in the
catalogue (canonical name, LOINC code), the unit must be one the test is given in, the value is
converted to the test's canonical UCUM unit and must lie in its physiologically possible range;
anything else goes to ``rejects`` with the reason. A value said without a unit takes the first
of the test's units that makes it possible (``glucose 126`` is mg/dL, ``glucose 7`` mmol/L).
``flag`` is the user's judgement when they gave one, else it follows the reference range they
quoted, else the catalogue's typical adult range. A date said with the result ("last Tuesday")
is resolved against the message's time. It runs when the stored proposals are read, so a
catalogue update reaches every stored reading without asking a backend again.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, date, datetime, timedelta
from typing import Any

import orjson
import polars as pl

from anamnesis.measurements.catalog import Catalog, TestDef, load_catalog
from anamnesis.measurements.units import UnitError, canonical_level, range_side, to_ucum
from schemas.frames import Rejects, polars_schema
from schemas.measurements import Measurements

MEASUREMENTS_SCHEMA = polars_schema(Measurements)
_WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


class Rejected(ValueError):
    """A proposal that cannot be a row; the message is the reject's reason."""


def resolve_when(when: str | None, ts: datetime) -> date | None:
    """The date a proposal's ``when`` names, relative to the message time ``ts``; None if not said."""
    if not when:
        return None
    day = ts.astimezone(UTC).date()
    if when.startswith("last-"):
        back = (day.weekday() - _WEEKDAYS.index(when[5:])) % 7 or 7
        return day - timedelta(days=back)
    if when.startswith("-"):
        return day - timedelta(days=int(when[1:-1]))
    said = date.fromisoformat(when)
    return said if said <= day else None


def _format(value: float) -> str:
    return f"{value:.4g}"


def _value(test: TestDef, value: float, unit: str | None) -> tuple[float, str]:
    """(value in the canonical unit, canonical unit), or :class:`Rejected` with the reason."""
    if test.unit is None:
        raise Rejected(f"{test.test} is a study with no units: a value cannot be recorded for it")
    try:
        level = canonical_level(value, unit, test)
    except UnitError as exc:
        raise Rejected(str(exc)) from exc
    if level is not None:
        return level, test.unit
    said = f"{_format(value)} {unit}" if unit else f"{_format(value)} (no unit)"
    raise Rejected(
        f"value {said} is outside the possible range {_format(test.minimum or 0)}-{_format(test.maximum or 0)} "
        f"{test.unit} of {test.test}"
    )


def _flag(test: TestDef, proposal: dict[str, Any], value: float | None) -> tuple[str | None, str | None]:
    if proposal.get("flag"):
        return proposal["flag"], "user"
    original = proposal.get("value")
    low, high = proposal.get("reference_low"), proposal.get("reference_high")
    if original is not None and low is not None and high is not None:
        return range_side(original, low, high), "reference"
    if value is not None and test.low is not None and test.high is not None:
        return range_side(value, test.low, test.high), "typical"
    return None, None


def judge(proposal: dict[str, Any], catalog: Catalog) -> dict[str, Any]:
    """The row fields of one proposal (value, unit, flag...), or :class:`Rejected`."""
    test = catalog.lookup(proposal["test"])
    if test is None:
        raise Rejected(f"test {proposal['test']!r} is not in the measurements catalogue")
    unit_said = proposal.get("unit")
    unit = to_ucum(unit_said) if unit_said else None
    if unit_said and unit is None:
        raise Rejected(f"unit {unit_said!r} is not a known unit")
    value = None
    if proposal.get("value") is not None:
        value, unit = _value(test, float(proposal["value"]), unit)
    flag, source = _flag(test, proposal, value)
    return {
        "test": test.test,
        "code": test.code,
        "value": value,
        "unit": unit if value is not None else None,
        "flag": flag,
        "flag_source": source,
        "original_value": proposal.get("value"),
        "original_unit": to_ucum(unit_said) if unit_said else None,
        "reference_low": proposal.get("reference_low"),
        "reference_high": proposal.get("reference_high"),
        "mention": proposal.get("mention"),
    }


def _measurement_id(user_id: str, message_id: str, index: int) -> str:
    return hashlib.sha256(f"{user_id}\0{message_id}\0{index}".encode()).hexdigest()[:32]


def measurements_frame(
    fragments: pl.DataFrame, store: pl.DataFrame, extractor_version: str
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """(measurements, rejects) of every current fragment's stored proposals."""
    joined = (
        fragments.select("fragment_key", "user_id", "message_id", "ts")
        .join(store.select("fragment_key", "measurements", "understood_at"), on="fragment_key", how="inner")
        .filter(pl.col("measurements").is_not_null() & (pl.col("measurements") != "[]"))
    )
    rows: list[dict[str, Any]] = []
    rejects: list[dict[str, Any]] = []
    catalog = load_catalog() if joined.height else None
    for user_id, message_id, ts, proposals, understood_at in joined.select(
        "user_id", "message_id", "ts", "measurements", "understood_at"
    ).iter_rows():
        assert catalog is not None
        for index, proposal in enumerate(orjson.loads(proposals)):
            try:
                fields = judge(proposal, catalog)
            except Rejected as exc:
                rejects.append(
                    {
                        "user_id": user_id,
                        "message_id": message_id,
                        "section": "measurements",
                        "reason": str(exc)[:300],
                        "proposal": orjson.dumps(proposal).decode(),
                        "extractor_version": extractor_version,
                        "recorded_at": understood_at,
                    }
                )
                continue
            said = resolve_when(proposal.get("when"), ts)
            rows.append(
                {
                    "measurement_id": _measurement_id(user_id, message_id, index),
                    "user_id": user_id,
                    **fields,
                    "dated": said is not None,
                    "valid_from": datetime(said.year, said.month, said.day, tzinfo=UTC) if said else ts,
                    "recorded_at": understood_at,
                    "source_message_id": message_id,
                    "extractor_version": extractor_version,
                }
            )
    frame = pl.DataFrame(rows, schema=MEASUREMENTS_SCHEMA).sort(["user_id", "valid_from", "source_message_id"])
    return frame, pl.DataFrame(rejects, schema=polars_schema(Rejects))


def impossible(frame: pl.DataFrame, catalog: Catalog | None = None) -> pl.DataFrame:
    """Rows whose value lies outside its test's possible range or whose unit is not the test's.

    The blocking asset check runs this over the written relation: nothing impossible may reach
    the warehouse, whatever wrote the file.
    """
    catalog = catalog or load_catalog()
    tests = pl.DataFrame(
        [(t.test, t.unit, t.minimum, t.maximum) for t in catalog.tests.values()],
        schema={"test": pl.String, "canonical_unit": pl.String, "minimum": pl.Float64, "maximum": pl.Float64},
        orient="row",
    )
    valued = frame.filter(pl.col("value").is_not_null()).join(tests, on="test", how="left")
    return valued.filter(
        pl.col("canonical_unit").is_null()
        | (pl.col("unit") != pl.col("canonical_unit"))
        | (pl.col("value") < pl.col("minimum"))
        | (pl.col("value") > pl.col("maximum"))
    )
