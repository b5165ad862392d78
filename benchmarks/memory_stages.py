"""The two stages after the fold, alone: ``session_summaries`` and ``memory_tables`` of a built home.

Usage (the figures in BENCHMARKS.md come from exactly this):

    nice uv run python -m benchmarks.memory_stages --home HOME [--stage memory|summaries] [--cached-vectors]

Reads the lake of ``HOME`` (a backfilled home, not changed) and redoes the stage into a fresh
directory under ``benchmarks/out/``: ``summarize_lake`` with the rules (then checks the rows
equal the home's own), or ``MemoryStore.rebuild`` with the real USE model and an empty vector
cache (then compares every memory row, vectors included, with the home's, as
``tools.compare_homes`` does). ``--cached-vectors`` starts from a copy of the home's vector cache
instead: no text is embedded, what is timed is the build's own work (rows, writes, indexes).
Prints wall and CPU seconds (user + system, all threads) of the stage. Run with another tree's
interpreter and ``PYTHONPATH`` to time that tree's code.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import time
from pathlib import Path

from anamnesis.config import load_settings
from anamnesis.embeddings import USEEmbedder
from anamnesis.memory import MemoryStore, memory_dir
from anamnesis.memory.paths import CACHE_FILE
from anamnesis.storage.atomic import read_parquet
from anamnesis.storage.lake import Lake
from anamnesis.summaries.stage import summarize_lake
from anamnesis.summaries.summarizer import RulesSummarizer
from schemas.frames import FactState, SessionSummaries, polars_schema

OUT = Path(__file__).parent / "out" / "memory_stages"

def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime

def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--home", type=Path, required=True)
    parser.add_argument("--stage", choices=["memory", "summaries"], default="memory")
    parser.add_argument("--cached-vectors", action="store_true", help="start from a copy of the home's vector cache")
    args = parser.parse_args()
    settings = load_settings(args.home)
    lake = Lake(settings.lake)
    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    if args.stage == "summaries":
        started, cpu = time.perf_counter(), _cpu()
        counts = summarize_lake(lake, RulesSummarizer(), every=settings.summary_every_turns, out=Lake(OUT))
        wall, cpu = time.perf_counter() - started, _cpu() - cpu
        schema = polars_schema(SessionSummaries)
        same = read_parquet(lake.session_summaries, schema).equals(read_parquet(Lake(OUT).session_summaries, schema))
        print(f"session_summaries: wall {wall:.2f} s, CPU {cpu:.2f} s, {counts.summaries:,} rows, same rows: {same}")
        return
    fact_state = read_parquet(lake.fact_state, polars_schema(FactState))
    summaries = read_parquet(lake.session_summaries, polars_schema(SessionSummaries))
    if args.cached_vectors:
        memory_dir(OUT).mkdir(parents=True)
        shutil.copy(memory_dir(args.home) / CACHE_FILE, memory_dir(OUT) / CACHE_FILE)
    started, cpu = time.perf_counter(), _cpu()
    stats = MemoryStore(memory_dir(OUT), USEEmbedder()).rebuild(fact_state, summaries=summaries)
    wall, cpu = time.perf_counter() - started, _cpu() - cpu
    from tools.compare_homes import compare_memories

    print(f"memory_tables: wall {wall:.2f} s, CPU {cpu:.2f} s, {stats.texts_embedded:,} texts embedded, "
          f"{stats.rows:,} rows")
    print("\n".join(compare_memories(args.home, OUT)))

if __name__ == "__main__":
    main()
