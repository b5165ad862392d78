"""An ``s3://`` home (CONTRACT §7.5) on a real S3 server: backfill, facts and forget work as on a
directory, and after ``forget`` no byte of the user is left in the bucket, old generations included."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from anamnesis.storage.object_home import Bucket, Mirror
from tests.s3_server import BUCKET, S3Server
from tests.serve_process import ANAMNESIS
from tests.test_forget import USER, _exports, _holds, traces

HOME = f"s3://{BUCKET}/homes/clinic-a"


def cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(ANAMNESIS), *args], capture_output=True, text=True, timeout=600, env=env)
    assert done.returncode == 0, done.stderr
    return done


def facts(user: str, **env: str) -> list[dict]:
    done = cli("facts", user, "--json", env={**os.environ, "ANAMNESIS_HOME": HOME, **env})
    return json.loads(done.stdout)["facts"]


def fresh_copy(target: Path) -> Path:
    """The bucket's current generation pulled into a new directory, as a new machine would see it."""
    Mirror(target).pull(Bucket(HOME))
    return target


def stored_keys(server: S3Server) -> set[str]:
    root = server.backend / BUCKET / "homes" / "clinic-a"
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}


def test_backfill_facts_and_forget_on_an_object_store_home(s3_server: S3Server, write_export, tmp_path: Path):
    inbox = _exports(write_export)
    cli("backfill", "--input", str(inbox), "--home", HOME)

    assert {f["entity"] for f in facts(USER)} >= {"metformin"}
    kept = facts("keep-a")
    assert {f["entity"] for f in kept} >= {"metformin", "penicillin"}
    before = traces(fresh_copy(tmp_path / "before"))
    assert before, "the scan must see the user before forget, or it proves nothing"
    assert any(_holds(p.read_bytes().decode("utf-8", errors="replace")) for p in s3_server.objects(BUCKET))

    # a second backfill commits a new generation: the old one must not outlive it
    write_export("export-2026-03-11.jsonl", [
        {"message_id": "k9", "user_id": "keep-b", "session_id": "s9", "ts": "2026-03-11T08:00:00Z",
         "role": "user", "text": "I take ibuprofen 200 mg for my knee."},
    ])
    cli("backfill", "--input", str(inbox), env={**os.environ, "ANAMNESIS_HOME": HOME})
    assert "ibuprofen" in {f["entity"] for f in facts("keep-b")}

    cli("forget", USER, "--home", HOME)

    assert facts(USER) == []
    assert facts("keep-a") == kept
    keys = stored_keys(s3_server)
    generations = [k for k in keys if k.startswith("generations/")]
    assert len(generations) == 1, generations  # every replaced generation was collected
    manifest = json.loads((s3_server.backend / BUCKET / "homes" / "clinic-a" / generations[0]).read_text())
    assert keys == {"HEAD", generations[0]} | {f"blobs/{blob}" for blob, _ in manifest["files"].values()}
    leaking = [p for p in s3_server.objects(BUCKET) if _holds(p.read_bytes().decode("utf-8", errors="replace"))]
    assert leaking == []
    assert traces(fresh_copy(tmp_path / "after")) == []
    # the local caches the commands used follow the erasure too
    cache = Path(os.environ["ANAMNESIS_CACHE_DIR"])
    for mirror in (p for p in cache.glob("*/*") if p.is_dir()):
        assert traces(mirror) == [], mirror


def test_a_bad_object_store_home_is_one_line(s3_server: S3Server):
    done = subprocess.run([str(ANAMNESIS), "facts", "u1", "--home", "s3://"], capture_output=True, text=True)
    assert done.returncode != 0
    assert done.stderr.count("\n") == 1 and "s3://bucket/prefix" in done.stderr
