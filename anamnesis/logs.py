"""Logging for unattended runs: plain lines, or one JSON object per line for log shippers.

What goes to these handlers at INFO is counts, stage names, routes and hashed ids only: never
message text and never a raw user id (see :func:`user_digest`).
"""

from __future__ import annotations

import hashlib
import logging
import sys
from typing import Literal, TextIO

from pythonjsonlogger.json import JsonFormatter

LogFormat = Literal["text", "json"]
LOG_FORMATS: tuple[LogFormat, ...] = ("text", "json")
_TEXT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
_JSON = "%(asctime)s %(levelname)s %(name)s %(message)s"


def user_digest(user_id: str) -> str:
    """A short, stable pseudonym of a user id for logs (the id itself never reaches a log)."""
    return hashlib.sha256(user_id.encode("utf-8", "surrogatepass")).hexdigest()[:16]


class _CurrentStderr(logging.StreamHandler):  # type: ignore[type-arg]
    """A handler writing to whatever ``sys.stderr`` is when a record is emitted.

    A handler holding the ``sys.stderr`` of set-up time outlives a CLI command run in process
    (typer's ``CliRunner``, pytest's capture): that stream is closed once the run is over, and
    every later record (a server started by a later test) failed with "I/O operation on
    closed file". The standard library's own last-resort handler looks the stream up the same way.
    """

    def __init__(self) -> None:
        super().__init__(sys.stderr)

    @property  # type: ignore[override]
    def stream(self) -> TextIO:
        return sys.stderr

    @stream.setter
    def stream(self, _: TextIO) -> None:  # set by StreamHandler.__init__; always the current one
        pass


def configure_logging(fmt: str = "text", *, stream: TextIO | None = None, level: int = logging.INFO) -> None:
    """Route the ``anamnesis`` loggers to ``stream`` (stderr) as text lines or JSON objects.

    ``extra={...}`` fields of a record become keys of its JSON object, so a shipper can index
    ``stage``, ``done`` or ``route`` without parsing the message.
    """
    if fmt not in LOG_FORMATS:
        raise ValueError(f"log format must be one of {', '.join(LOG_FORMATS)}, not {fmt!r}")
    handler = logging.StreamHandler(stream) if stream is not None else _CurrentStderr()
    if fmt == "json":
        handler.setFormatter(JsonFormatter(_JSON, rename_fields={"levelname": "level", "name": "logger"}))
    else:
        handler.setFormatter(logging.Formatter(_TEXT))
    root = logging.getLogger("anamnesis")
    for old in [h for h in root.handlers if getattr(h, "_anamnesis", False)]:
        root.removeHandler(old)
    handler._anamnesis = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    root.setLevel(level)
