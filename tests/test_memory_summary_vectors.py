"""A session summary's vector is the unit-length mean of its facts' vectors, to the bit, however
the build splits the work: planned before any vector exists, averaged in passes on several threads."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from anamnesis.embeddings import l2_normalise
from anamnesis.memory.shards import USER_KEY
from anamnesis.memory.vectors import MEAN_BATCH, _summary_plan, _summary_vectors


def _rows(summaries_per_user: int, rng: np.random.Generator) -> pl.DataFrame:
    """Facts of three users (texts shared between them) and many summaries each, of 1 to 6 parts."""
    facts, summaries = [], []
    for user in ("a" * 64, "b" * 64, "c" * 64):
        for i in range(12):
            facts.append({USER_KEY: user, "fact_id": f"f{i}", "text_hash": f"t{i % 7}", "parts": None,
                          "vector_key": f"t{i % 7}"})
        for j in range(summaries_per_user):
            parts = [f"f{k}" for k in rng.choice(12, size=int(rng.integers(1, 7)), replace=False)]
            summaries.append({USER_KEY: user, "fact_id": f"s{j}", "text_hash": None, "parts": parts,
                              "vector_key": f"summary\x1f{user}\x1fs{j}"})
    return pl.DataFrame(facts + summaries, schema={USER_KEY: pl.String, "fact_id": pl.String, "text_hash": pl.String,
                                                 "parts": pl.List(pl.String), "vector_key": pl.String})


def test_each_summary_vector_is_its_parts_mean_alone_bit_for_bit_on_any_number_of_threads() -> None:
    rng = np.random.default_rng(7)
    rows = _rows(MEAN_BATCH, rng)  # three users: several passes of MEAN_BATCH summaries
    found = dict(zip([f"t{i}" for i in range(7)], l2_normalise(rng.standard_normal((7, 512))), strict=True))
    plan = _summary_plan(rows)
    assert plan is not None
    on_two = dict(_summary_vectors(plan, found, threads=2))
    on_one = dict(_summary_vectors(plan, found, threads=1))
    fact_rows = rows.filter(pl.col("parts").is_null()).iter_rows(named=True)
    facts = {(r[USER_KEY], r["fact_id"]): r["text_hash"] for r in fact_rows}
    summaries = rows.filter(pl.col("parts").is_not_null())
    assert len(on_two) == summaries.height
    for summary in summaries.iter_rows(named=True):
        alone = np.stack([found[facts[(summary[USER_KEY], part)]] for part in summary["parts"]])
        expected = l2_normalise(np.mean(alone[None], axis=1))[0]
        assert on_two[summary["vector_key"]].tobytes() == expected.tobytes()
        assert on_one[summary["vector_key"]].tobytes() == expected.tobytes()


def test_a_summary_part_that_is_no_fact_of_its_user_is_refused_before_any_vector_is_made() -> None:
    rows = _rows(2, np.random.default_rng(1))
    bad = rows.with_columns(
        pl.when(pl.col("fact_id") == "s0").then(pl.lit(["f99"])).otherwise(pl.col("parts")).alias("parts")
    )
    with pytest.raises(KeyError):
        _summary_plan(bad)


def test_rows_without_summaries_have_no_plan() -> None:
    rows = _rows(0, np.random.default_rng(2))
    assert _summary_plan(rows) is None
