"""Progress of a sharded run's steps, carried to the run's process and its display.

Under Dagster's multiprocess executor every step is a process of its own, rebuilt from the
job's name, so the live ``Progress`` the CLI passes (its rich display or its log lines) does
not reach it. The run's process opens a local socket (:func:`relayed`) and hands its address to
the steps' job; each step's progress resource (:class:`RelayedProgress`) sends its updates there,
and the run's process feeds them to the same ``Progress.update`` a one-process run calls.
Only a stage name and two counts cross the socket (JSON, never pickle).
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing.connection import Client, Connection, Listener

from assets.resources import Progress

log = logging.getLogger(__name__)


class RelayedProgress(Progress):
    """A step's progress, sent to the run's process at ``address``.

    It connects on its first update, in the step's own process (a connection made before a fork
    would be shared by every step), and keeps quiet if the run's process is gone: progress never
    fails a step.
    """

    def __init__(self, address: str) -> None:
        self.address = address
        self._lock = threading.Lock()  # the memory and warehouse stages report from two threads
        self._conn: Connection | None = None
        self._pid = 0
        self._broken = False

    def update(self, stage: str, done: int, total: int | None = None) -> None:
        message = json.dumps([stage, done, total]).encode()
        with self._lock:
            if self._pid != os.getpid():
                self._conn, self._pid, self._broken = None, os.getpid(), False
            if self._broken:
                return
            try:
                if self._conn is None:
                    self._conn = Client(self.address, family="AF_UNIX")
                self._conn.send_bytes(message)
            except OSError:
                self._broken = True


@contextmanager
def relayed(progress: Progress, address: str | None = None) -> Iterator[str]:
    """A socket whose messages go to ``progress.update`` while the block runs; yields its address
    (``address`` if given: a sharded run's steps are told it before the socket opens)."""
    listener = Listener(address, family="AF_UNIX")
    readers: list[threading.Thread] = []
    stop = threading.Event()

    def read(conn: Connection) -> None:
        with conn:
            while True:
                try:
                    stage, done, total = json.loads(conn.recv_bytes())
                except (EOFError, OSError):
                    return
                except ValueError:
                    log.warning("a step sent a progress message that is not [stage, done, total]")
                    return
                progress.update(str(stage), int(done), None if total is None else int(total))

    def accept() -> None:
        while True:
            try:
                conn = listener.accept()
            except OSError:
                return
            if stop.is_set():  # the run's own wake-up call: the run is over
                conn.close()
                return
            reader = threading.Thread(target=read, args=(conn,), name="progress-relay", daemon=True)
            readers.append(reader)
            reader.start()

    acceptor = threading.Thread(target=accept, name="progress-relay-accept", daemon=True)
    acceptor.start()
    try:
        yield str(listener.address)
    finally:
        stop.set()
        Client(listener.address, family="AF_UNIX").close()  # a blocked accept() ignores close()
        acceptor.join(timeout=5)
        listener.close()
        for reader in readers:  # every step has ended: its connection is closed, its last update read
            reader.join(timeout=5)
