"""A stalled log handler (a full stderr pipe, a slow terminal) never stalls the API's requests.

Real HTTP against a live server; the handler that stalls is a real ``logging.Handler`` on the
``anamnesis`` logger, where :func:`anamnesis.logs.configure_logging` puts the stderr handler.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from anamnesis.api.app import create_app
from anamnesis.api.log_queue import DrainingListener, DroppingQueueHandler, queued_logs
from anamnesis.config import load_settings
from tests.api_server import LiveServer
from tests.conftest import API_TOKEN as TOKEN

REQUESTS = 20


class Stalled(logging.Handler):
    """Blocks in ``emit`` until released, as a write to a full pipe does; keeps what it wrote."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.unblocked = threading.Event()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.unblocked.wait(timeout=120)
        self.records.append(record)


@contextmanager
def logging_to(handler: Stalled) -> Iterator[None]:
    """``handler`` on the ``anamnesis`` logger at INFO for the block (released at the end)."""
    logger = logging.getLogger("anamnesis")
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        yield
    finally:
        handler.unblocked.set()
        logger.removeHandler(handler)
        logger.setLevel(level)


def access_lines(handler: Stalled, count: int) -> list[logging.LogRecord]:
    """The access lines ``handler`` wrote, once there are ``count`` (fails after 30 s)."""
    deadline = time.monotonic() + 30
    while len(lines := [r for r in handler.records if r.name == "anamnesis.access"]) < count:
        assert time.monotonic() < deadline, f"only {len(lines)} of {count} access lines were written"
        time.sleep(0.02)
    return lines


def test_requests_are_answered_while_the_log_handler_is_stalled(sample_home: Path) -> None:
    with LiveServer(create_app(load_settings(sample_home))) as server:
        handler = Stalled()
        with logging_to(handler):
            # A write on the event loop would hold every later request: the client would time out.
            with httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {TOKEN}"}, timeout=10) as api:
                for _ in range(REQUESTS):
                    assert api.get("/v1/users/u-en-01/facts").status_code == 200
            assert not handler.records, "the handler is stalled: nothing can have been written yet"
            handler.unblocked.set()
            lines = access_lines(handler, REQUESTS)
    assert all(r.route == "/v1/users/{user_id}/facts" and "u-en-01" not in r.getMessage() for r in lines)


def test_a_full_queue_drops_records_instead_of_waiting() -> None:
    records: queue.SimpleQueue[logging.LogRecord] = queue.SimpleQueue()
    handler = DroppingQueueHandler(records, capacity=3)
    started = time.monotonic()
    for n in range(10):
        handler.handle(logging.LogRecord("anamnesis.access", logging.INFO, __file__, 0, "line %d", (n,), None))
    assert time.monotonic() - started < 5  # no call waited for room
    assert handler.dropped == 7
    assert [records.get_nowait().getMessage() for _ in range(3)] == ["line 0", "line 1", "line 2"]


def test_the_loggers_are_put_back_when_the_last_server_stops() -> None:
    access = logging.getLogger("anamnesis.access")
    with queued_logs() as outer, queued_logs() as inner:
        assert inner is outer and not access.propagate and outer in access.handlers
    assert access.propagate and outer not in access.handlers


def test_the_listener_hands_on_every_queued_record_in_order_and_the_rest_at_stop() -> None:
    records: queue.SimpleQueue[logging.LogRecord] = queue.SimpleQueue()
    seen: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            seen.append(record.getMessage())

    listener = DrainingListener(records, Keep())
    listener.start()
    for n in range(5):
        records.put(logging.LogRecord("anamnesis.access", logging.INFO, __file__, 0, "line %d", (n,), None))
    deadline = time.monotonic() + 30
    while len(seen) < 5:  # handed on at the next drain, without a wake-up per record
        assert time.monotonic() < deadline, seen
        time.sleep(0.01)
    records.put(logging.LogRecord("anamnesis.access", logging.INFO, __file__, 0, "last", (), None))
    listener.stop()  # what is still queued is written before it returns
    assert seen == [f"line {n}" for n in range(5)] + ["last"]
