"""Standard Dagster table metadata for every asset: ``dagster/row_count`` and ``dagster/column_schema``.

Column descriptions come from :mod:`schemas.docs`, the same text the warehouse's ``COMMENT ON``
uses, so the Dagster UI and ``DESCRIBE`` explain a column in the same words.
"""

from __future__ import annotations

from collections.abc import Iterable

import dagster as dg
import pandera.polars as pa

from schemas.docs import column_doc
from schemas.frames import polars_schema


def _schema(relation: str, columns: Iterable[tuple[str, str]]) -> dg.TableSchema:
    return dg.TableSchema(
        columns=[dg.TableColumn(name, type=dtype, description=column_doc(relation, name)) for name, dtype in columns]
    )


def frame_metadata(relation: str, model: type[pa.DataFrameModel], rows: int) -> dict[str, object]:
    """Row count and the columns of a lake table described by a pandera model."""
    columns = ((name, str(dtype)) for name, dtype in polars_schema(model).items())
    return {"dagster/row_count": dg.MetadataValue.int(rows), "dagster/column_schema": _schema(relation, columns)}


def table_metadata(relation: str, columns: Iterable[tuple[str, str]], rows: int) -> dict[str, object]:
    """Row count and listed (name, type) columns: a warehouse relation as DuckDB describes it, a store."""
    return {"dagster/row_count": dg.MetadataValue.int(rows), "dagster/column_schema": _schema(relation, columns)}
