"""A home on object storage (CONTRACT §7.5): ``s3://bucket/prefix`` as a versioned snapshot.

Every store of a home (the Parquet lake, the DuckDB warehouse, the LanceDB memories, the
SQLite caches and the Dagster instance) is written by code that works on local files, and
DuckDB (no bundled httpfs) and SQLite cannot write to a bucket at all. So a command works on a
local *mirror* of the home, and the bucket holds snapshots of that mirror:

- ``<prefix>/blobs/<sha256>``: file contents, stored once whatever the generation;
- ``<prefix>/generations/<id>.json``: one generation: every file's path, blob and size;
- ``<prefix>/HEAD``: the small pointer object naming the current generation.

A writer uploads the blobs its run created, then the new generation, then swaps ``HEAD``:
readers resolve ``HEAD`` and see the old snapshot or the new one, never a mix, across all
stores at once. Unchanged files keep their blob, so a run uploads only what it changed. After
the swap every other generation and every blob the new one does not name are deleted: once
``forget`` has committed, no byte of the user is left in the bucket, old generations included.

``HEAD`` is swapped with a conditional put (``If-Match`` on the generation the writer started
from; S3 enforces it) after checking that it still names that generation (for servers such as
``rclone serve s3`` that ignore conditions): a second writer that lost the race fails instead
of overwriting. Credentials, endpoint and region come from the standard ``AWS_*`` variables.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import logging
import os
import threading
import uuid
from collections.abc import Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import obstore
from obstore.exceptions import NotFoundError, PreconditionError
from obstore.store import S3Store

from anamnesis.storage.lock import HomeBusy

SCHEME = "s3://"
HEAD = "HEAD"
#: What a mirror never uploads: the local writer lock and the temporaries of a running write.
LOCAL_ONLY = (".writer.lock",)
#: Parallel transfers (object stores reward several requests in flight).
TRANSFERS = 8
#: Times a pull starts over when a writer garbage-collected the generation it was reading.
PULL_ATTEMPTS = 5
#: Seconds between two looks of a replica at ``HEAD`` (CONTRACT §7.1 allows 5 to follow).
FOLLOW_INTERVAL_S = 1.0
_CHUNK = 8 * 2**20
log = logging.getLogger(__name__)


def is_object_home(home: str | Path | None) -> bool:
    """Whether ``home`` names an object-store home rather than a directory."""
    return str(home or "").startswith(SCHEME)


def home_url(home: str | Path | None) -> str | None:
    """The object-store URL a command was given (``--home`` or ``$ANAMNESIS_HOME``), if any."""
    value = str(home) if home else os.environ.get("ANAMNESIS_HOME", "")
    return (value.rstrip("/") or value) if is_object_home(value) else None


def _is_local_only(relative: str) -> bool:
    """The writer lock, and any temporary (``.<name>.<uuid>.tmp``, its WAL, a spill directory's files)."""
    parts = relative.split("/")
    return parts[-1] in LOCAL_ONLY or any(p.startswith(".") and ".tmp" in p for p in parts)


@dataclass(frozen=True, slots=True)
class Snapshot:
    """One generation: relative path → (blob, size)."""

    generation: str | None
    files: dict[str, tuple[str, int]]
    etag: str | None = None


@dataclass
class Bucket:
    """The objects of one home under ``s3://bucket/prefix``."""

    url: str
    store: S3Store = field(init=False)

    def __post_init__(self) -> None:
        parsed = urlparse(self.url)
        if not parsed.netloc:
            raise ValueError(f"{self.url}: an object-store home is s3://bucket/prefix")
        endpoint = os.environ.get("AWS_ENDPOINT_URL", "")
        self.store = S3Store(
            parsed.netloc,
            prefix=parsed.path.strip("/") or None,
            client_options={"allow_http": endpoint.startswith("http://")},
        )

    def snapshot(self) -> Snapshot:
        """The generation ``HEAD`` names now (an empty one for a home never written)."""
        try:
            result = obstore.get(self.store, HEAD)
        except (FileNotFoundError, NotFoundError):
            return Snapshot(None, {})
        etag = result.meta["e_tag"]
        generation = json.loads(bytes(result.bytes()))["generation"]
        manifest = json.loads(bytes(obstore.get(self.store, _manifest_key(generation)).bytes()))
        return Snapshot(generation, {p: (b, s) for p, (b, s) in manifest["files"].items()}, etag)

    def head_generation(self) -> str | None:
        try:
            return json.loads(bytes(obstore.get(self.store, HEAD).bytes()))["generation"]
        except (FileNotFoundError, NotFoundError):
            return None

    def download(self, blob: str, tmp: Path) -> None:
        """Write blob ``blob`` to ``tmp`` (a temporary the caller renames into place)."""
        tmp.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "wb") as fh:
            for chunk in obstore.get(self.store, _blob_key(blob)).stream(min_chunk_size=_CHUNK):
                fh.write(chunk)

    def upload(self, source: Path, blob: str) -> None:
        obstore.put(self.store, _blob_key(blob), source, chunk_size=_CHUNK)

    def commit(self, base: Snapshot, files: dict[str, tuple[str, int]]) -> str:
        """Write a generation of ``files`` and point ``HEAD`` at it; fail if another writer won."""
        generation = f"{datetime.now(UTC):%Y%m%dT%H%M%S%fZ}-{uuid.uuid4().hex[:8]}"
        body = json.dumps({"files": files}, sort_keys=True).encode()
        obstore.put(self.store, _manifest_key(generation), body)
        if self.head_generation() != base.generation:
            obstore.delete(self.store, _manifest_key(generation))
            raise HomeBusy(f"{self.url} was changed by another writer meanwhile; run the command again")
        mode: Any = {"e_tag": base.etag} if base.etag else "create"
        try:
            obstore.put(self.store, HEAD, json.dumps({"generation": generation}).encode(), mode=mode)
        except PreconditionError as exc:
            obstore.delete(self.store, _manifest_key(generation))
            raise HomeBusy(f"{self.url} was changed by another writer meanwhile; run the command again") from exc
        return generation

    def collect_garbage(self, keep: str, files: dict[str, tuple[str, int]]) -> int:
        """Delete every generation but ``keep`` and every blob it does not name; the count deleted."""
        wanted = {_manifest_key(keep), HEAD} | {_blob_key(b) for b, _ in files.values()}
        stale = [
            meta["path"]
            for batch in obstore.list(self.store)
            for meta in batch
            if meta["path"] not in wanted
        ]
        for start in range(0, len(stale), 1000):
            obstore.delete(self.store, stale[start : start + 1000])
        return len(stale)


def _blob_key(blob: str) -> str:
    return f"blobs/{blob}"


def _manifest_key(generation: str) -> str:
    return f"generations/{generation}.json"


def _sha256(path: Path) -> str:
    with open(path, "rb") as fh:
        return hashlib.file_digest(fh, "sha256").hexdigest()


class Mirror:
    """A local copy of one generation, with what each file was when last synced.

    The record (``<dir>.json`` beside the directory) holds each file's blob, size and
    modification time, so a sync hashes only the files a command touched.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self.record_path = root.with_name(root.name + ".json")
        try:
            saved = json.loads(self.record_path.read_text(encoding="utf-8"))
        except (FileNotFoundError, json.JSONDecodeError):
            saved = {"generation": None, "files": {}}
        self.generation: str | None = saved["generation"]
        self.files: dict[str, list[Any]] = saved["files"]  # path → [blob, size, mtime_ns]

    def _save(self) -> None:
        tmp = _temporary(self.record_path)
        tmp.write_text(json.dumps({"generation": self.generation, "files": self.files}), encoding="utf-8")
        os.replace(tmp, self.record_path)

    def _local_files(self) -> dict[str, os.stat_result]:
        found: dict[str, os.stat_result] = {}
        for path in self.root.rglob("*"):
            relative = path.relative_to(self.root).as_posix()
            if path.is_file() and not path.is_symlink() and not _is_local_only(relative):
                found[relative] = path.stat()
        return found

    def _unchanged(self, relative: str, st: os.stat_result) -> str | None:
        known = self.files.get(relative)
        if known is not None and known[1] == st.st_size and known[2] == st.st_mtime_ns:
            return str(known[0])
        return None

    def pull(self, bucket: Bucket) -> Snapshot:
        """Make the directory equal to the generation ``HEAD`` names; return that snapshot.

        Files are replaced deepest first and removed last: pointer files (``CURRENT``, the
        memory manifest, ``warehouse.duckdb``) sit above what they name, so a server reading the
        directory meanwhile never finds a pointer to a file that is not there yet.
        """
        for attempt in range(PULL_ATTEMPTS):
            snapshot = bucket.snapshot()
            try:
                self._apply(bucket, snapshot)
                return snapshot
            except (FileNotFoundError, NotFoundError):  # the generation was replaced mid-pull
                if attempt == PULL_ATTEMPTS - 1:
                    raise
        raise AssertionError("unreachable")

    def _apply(self, bucket: Bucket, snapshot: Snapshot) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        local = self._local_files()
        wanted = sorted(snapshot.files.items(), key=lambda item: (-item[0].count("/"), item[0]))
        fetch = [
            (relative, blob, size)
            for relative, (blob, size) in wanted
            if relative not in local or self._unchanged(relative, local[relative]) != blob
        ]
        temporaries = [_temporary(self.root / relative) for relative, _, _ in fetch]
        try:
            with ThreadPoolExecutor(TRANSFERS) as pool:
                list(pool.map(bucket.download, [blob for _, blob, _ in fetch], temporaries))
            for (relative, _, _), tmp in zip(fetch, temporaries, strict=True):
                os.replace(tmp, self.root / relative)
        finally:
            for tmp in temporaries:
                tmp.unlink(missing_ok=True)
        for relative in set(local) - set(snapshot.files):
            (self.root / relative).unlink(missing_ok=True)
        _remove_empty_directories(self.root)
        self.files = {
            relative: [blob, st.st_size, st.st_mtime_ns]
            for relative, (blob, _) in snapshot.files.items()
            for st in [(self.root / relative).stat()]
        }
        self.generation = snapshot.generation
        self._save()

    def push(self, bucket: Bucket, base: Snapshot) -> str:
        """Upload what changed since ``base`` was pulled, commit a generation, delete the rest."""
        local = self._local_files()
        hashed = {rel: self._unchanged(rel, st) or _sha256(self.root / rel) for rel, st in local.items()}
        known = {blob for blob, _ in base.files.values()}
        new = {blob: rel for rel, blob in hashed.items() if blob not in known}
        with ThreadPoolExecutor(TRANSFERS) as pool:
            list(pool.map(lambda item: bucket.upload(self.root / item[1], item[0]), new.items()))
        files = {rel: (hashed[rel], local[rel].st_size) for rel in sorted(local)}
        try:
            generation = bucket.commit(base, files)
        except HomeBusy:  # the winner's generation stays; what only this attempt uploaded goes
            winner = {blob for blob, _ in bucket.snapshot().files.values()}
            obstore.delete(bucket.store, [_blob_key(b) for b in new if b not in winner])
            raise
        bucket.collect_garbage(generation, files)
        self.files = {rel: [hashed[rel], st.st_size, st.st_mtime_ns] for rel, st in local.items()}
        self.generation = generation
        self._save()
        return generation


def _temporary(target: Path) -> Path:
    """A sibling name that no mirror uploads and :func:`~anamnesis.storage.atomic.sweep_stale_temp` sweeps."""
    return target.with_name(f".{target.name}.{uuid.uuid4().hex}.tmp")


def _remove_empty_directories(root: Path) -> None:
    for directory in sorted((p for p in root.rglob("*") if p.is_dir()), key=lambda p: -len(p.parts)):
        try:
            directory.rmdir()
        except OSError:
            pass


def cache_root(env: Mapping[str, str] | None = None) -> Path:
    """Where mirrors live: ``$ANAMNESIS_CACHE_DIR``, else ``$XDG_CACHE_HOME/anamnesis``."""
    environ = os.environ if env is None else env
    if environ.get("ANAMNESIS_CACHE_DIR"):
        return Path(environ["ANAMNESIS_CACHE_DIR"])
    return Path(environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "anamnesis"


def _mirror_dir(url: str, role: str) -> Path:
    return cache_root() / hashlib.sha256(url.encode()).hexdigest()[:16] / role


@contextmanager
def _flock(path: Path, *, wait: bool) -> Iterator[None]:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError as exc:
            raise HomeBusy(f"another command is writing {path.parent} on this machine; try again later") from exc
        yield
    finally:
        os.close(fd)


@contextmanager
def writable_home(url: str) -> Iterator[Path]:
    """A local mirror of ``url`` to write in; committed as a new generation if the body succeeds.

    Held under an exclusive lock for the whole command: one writer per machine and mirror. A
    failed command commits nothing; the next pull repairs what it left in the mirror.
    """
    root = _mirror_dir(url, "work")
    with _flock(root.with_name("work.lock"), wait=False):
        bucket, mirror = Bucket(url), Mirror(root)
        base = mirror.pull(bucket)
        yield root
        mirror.push(bucket, base)


def readable_home(url: str) -> Path:
    """A local mirror of the current generation of ``url``, for commands and servers that only read."""
    root = _mirror_dir(url, "replica")
    with _flock(root.with_name("replica.lock"), wait=True):
        Mirror(root).pull(Bucket(url))
    return root


class Follower:
    """Keeps a replica's mirror on the generation ``HEAD`` names, looking every second.

    The server reads the mirror as a local home and already follows a replaced warehouse file
    and memory tables; this thread only brings the new files in.
    """

    def __init__(self, url: str, root: Path, *, interval_s: float = FOLLOW_INTERVAL_S) -> None:
        self.bucket, self.root, self.interval_s = Bucket(url), root, interval_s
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="home-follower", daemon=True)

    def start(self) -> Follower:
        self._thread.start()
        return self

    def _run(self) -> None:
        mirror = Mirror(self.root)
        while not self._stop.wait(self.interval_s):
            try:
                if self.bucket.head_generation() != mirror.generation:
                    with _flock(self.root.with_name("replica.lock"), wait=True):
                        mirror = Mirror(self.root)
                        mirror.pull(self.bucket)
            except Exception as exc:  # noqa: BLE001 - a failed look is retried at the next tick
                log.warning("could not follow %s: %s", self.bucket.url, exc)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=10)
