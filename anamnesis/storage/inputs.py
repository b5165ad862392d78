"""The lake's input relations written by people: conflict resolutions and fact corrections.

Unlike every other lake table they are not derived from the exports, so no stage ever rewrites
them; a row is only ever appended (the file rewritten atomically with the new row at the end).
``forget`` finds them like any other lake file, by their ``user_id`` column.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandera.polars as pa
import polars as pl

from anamnesis.storage.atomic import read_parquet, write_parquet
from anamnesis.storage.lake import Lake
from schemas.frames import Corrections, Resolutions, polars_schema

#: Lake attribute → schema of each input relation.
INPUTS: dict[str, type[pa.DataFrameModel]] = {"resolutions": Resolutions, "corrections": Corrections}


def ensure_inputs(lake: Lake) -> None:
    """Write an empty file for each input relation not written yet (the warehouse copies them)."""
    for attr, model in INPUTS.items():
        path: Path = getattr(lake, attr)
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            write_parquet(pl.DataFrame(schema=polars_schema(model)), path)


def read_input(lake: Lake, attr: str) -> pl.DataFrame:
    """All rows of one input relation, in the order they were appended."""
    path: Path = getattr(lake, attr)
    schema = polars_schema(INPUTS[attr])
    if not path.exists():
        return pl.DataFrame(schema=schema)
    return read_parquet(path, schema)


def append_input(lake: Lake, attr: str, row: dict[str, Any]) -> None:
    """Append one row to an input relation; the caller holds the home's writer lock."""
    schema = polars_schema(INPUTS[attr])
    id_column = next(iter(schema))
    frame = pl.concat([read_input(lake, attr), pl.DataFrame([row], schema=schema)]).sort(["created_at", id_column])
    INPUTS[attr].validate(frame)
    path: Path = getattr(lake, attr)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_parquet(frame, path)
