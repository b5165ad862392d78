"""The server's own log records go through a queue, so a stalled stderr never blocks the event loop.

The access line of every request (:mod:`anamnesis.api.access_log`) is written on the event
loop. Written straight to stderr, a full pipe or a slow terminal stalled every request with
it. While a server runs, the records of :data:`QUEUED_LOGGERS` are put on a bounded queue by
a :class:`logging.handlers.QueueHandler`; a :class:`logging.handlers.QueueListener` thread
wakes every :data:`DRAIN_INTERVAL_S` and hands what is queued to the ``anamnesis`` logger, i.e.
to whatever handlers :func:`anamnesis.logs.configure_logging` (or a test) set there, as if they
had propagated.
A record that finds the queue full is dropped and counted, never waited for.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from logging.handlers import QueueHandler, QueueListener

#: The loggers whose records are queued while a server runs (the API's, the access line's).
QUEUED_LOGGERS = ("anamnesis.access", "anamnesis.api")
#: The logger the listener hands the records to (their parent: its handlers write them).
TARGET_LOGGER = "anamnesis"
#: Records waiting at most; beyond, new ones are dropped (a stalled stderr must not grow memory).
QUEUE_RECORDS = 10_000
#: How often the listener drains the queue. A listener blocked on the queue was woken by every
#: record: a thread switch per request, and the event loop then waited for the GIL it took.
DRAIN_INTERVAL_S = 0.1


class DroppingQueueHandler(QueueHandler):
    """A ``QueueHandler`` that drops a record when ``capacity`` wait already, and counts the drops.

    The queue is a ``SimpleQueue`` (its ``put`` is C: a ``Queue``'s lock and condition measured
    2% of the server's samples); its length is checked first, so the bound is approximate.
    """

    def __init__(self, records: queue.SimpleQueue[logging.LogRecord], capacity: int) -> None:
        super().__init__(records)
        self.capacity = capacity
        self.dropped = 0

    def prepare(self, record: logging.LogRecord) -> logging.LogRecord:
        # In process nothing is pickled: the record goes as it is, formatted by the real handler.
        return record

    def enqueue(self, record: logging.LogRecord) -> None:
        if self.queue.qsize() >= self.capacity:
            self.dropped += 1
        else:
            self.queue.put_nowait(record)


class DrainingListener(QueueListener):
    """A ``QueueListener`` that sleeps between drains instead of waiting on the queue."""

    def dequeue(self, block: bool) -> logging.LogRecord:
        while True:
            try:
                return self.queue.get_nowait()
            except queue.Empty:
                if not block:
                    raise
                time.sleep(DRAIN_INTERVAL_S)


class _Queued:
    """The queue, its listener thread and the loggers it serves, shared by every running app."""

    def __init__(self, capacity: int) -> None:
        records: queue.SimpleQueue[logging.LogRecord] = queue.SimpleQueue()
        self.handler = DroppingQueueHandler(records, capacity)
        # The target is a Logger: ``handle`` runs its filters and handlers, then its parents'.
        self.listener = DrainingListener(records, logging.getLogger(TARGET_LOGGER), respect_handler_level=False)
        self.propagate = {name: logging.getLogger(name).propagate for name in QUEUED_LOGGERS}

    def start(self) -> None:
        for name in QUEUED_LOGGERS:
            logger = logging.getLogger(name)
            logger.addHandler(self.handler)
            logger.propagate = False  # the listener hands the record on instead
        self.listener.start()

    def stop(self) -> None:
        for name, propagate in self.propagate.items():
            logger = logging.getLogger(name)
            logger.removeHandler(self.handler)
            logger.propagate = propagate
        self.listener.stop()  # writes what is still queued


_lock = threading.Lock()
_active: _Queued | None = None
_users = 0


@contextmanager
def queued_logs(capacity: int = QUEUE_RECORDS) -> Iterator[DroppingQueueHandler]:
    """Queue the API's log records while the block runs (one queue however many apps run at once)."""
    global _active, _users  # noqa: PLW0603 - loggers are process-wide, so is their queue
    with _lock:
        if _active is None:
            _active = _Queued(capacity)
            _active.start()
        _users += 1
        active = _active
    try:
        yield active.handler
    finally:
        with _lock:
            _users -= 1
            if _users == 0:
                _active = None
                active.stop()
