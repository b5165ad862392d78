"""The MTS-Dialog loader keeps every validation row with a measured header (none dropped by the
multi-line quoted dialogues). Counted independently with polars' CSV reader."""

from __future__ import annotations

import polars as pl
import pytest

from anamnesis.evaluation.datasets import default_mts, mts_available
from anamnesis.evaluation.mts import PLACEMENT_HEADERS, PRESENCE_HEADERS, load_mts


def test_every_measured_validation_row_is_loaded() -> None:
    directory = default_mts()
    if not mts_available(directory):
        pytest.skip(f"MTS-Dialog not found at {directory} (it lives in ../shared, which a fresh clone lacks)")
    frame = pl.read_csv(directory / "validation.csv", infer_schema=False)
    headers = frame["section_header"].str.strip_chars().str.to_uppercase()
    assert frame.height == 100  # the README's row count of MTS-Dialog-ValidationSet.csv
    loaded = load_mts(directory, "validation")
    assert len(loaded) == headers.is_in([*PRESENCE_HEADERS, *PLACEMENT_HEADERS]).sum()
    assert sum(d.section is not None for d in loaded) == headers.is_in(list(PRESENCE_HEADERS)).sum()
    assert {d.row_id for d in loaded} <= set(frame["ID"].str.strip_chars())
