"""Reading export files into clean message rows and quarantine rows (CONTRACT §1).

Files are streamed line by line and flushed in batches bounded by lines and by bytes, so memory
does not grow with the number or size of files, nor with the length of the lines. Every line
ends up either as a message row or as a quarantine row with its file, line number and reason;
blank lines are counted, nothing else is skipped.
"""

from __future__ import annotations

import gzip
import re
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import orjson
import polars as pl
import xxhash
from pydantic import ValidationError

from schemas.export import ExportLine, parse_rfc3339, quarantine_reason
from schemas.frames import Messages, Quarantine, polars_schema

#: Quarantined raw lines longer than this are cut (the reason says so) to keep the table usable.
MAX_RAW_CHARS = 1_000_000
BATCH_LINES = 50_000
#: A batch is also flushed at this many bytes of input lines (long chats make long lines).
BATCH_BYTES = 16 * 2**20


#: A date-time that would be RFC 3339 with an offset: told apart for a clearer reason.
_NO_OFFSET = re.compile(r"\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?")
UTF8_BOM = b"\xef\xbb\xbf"


class LineError(ValueError):
    """A line that breaks CONTRACT §1; its message is the quarantine reason."""


@dataclass(slots=True)
class IngestStats:
    lines: int = 0
    messages: int = 0
    quarantined: int = 0
    blank_lines: int = 0
    files: int = 0
    bytes: int = 0

    def add(self, other: IngestStats) -> None:
        for name in self.__slots__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


def parse_ts(value: str) -> datetime:
    """An RFC 3339 timestamp with an offset, as UTC."""
    try:
        return parse_rfc3339(value)
    except ValueError as exc:
        raise LineError(str(exc)) from None


def parse_line(raw: bytes) -> tuple[str, str, str, datetime, str, str, str | None]:
    """Validate one line against :class:`schemas.export.ExportLine`: (message_id, ..., lang)."""
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LineError(f"invalid UTF-8 at byte {exc.start}") from exc
    try:
        obj = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise LineError(f"bad JSON: {str(exc)[:120]}") from exc
    if not isinstance(obj, dict):
        raise LineError("not a JSON object")
    try:
        line = ExportLine.model_validate(obj)
    except ValidationError as exc:
        raise LineError(quarantine_reason(exc, obj)) from None
    return line.message_id, line.user_id, line.session_id, line.ts, line.role, line.text, line.lang or None


def content_hash(user_id: str, session_id: str, ts: datetime, role: str, text: str, lang: str | None) -> str:
    """Identity of a message's content: equal hashes under one id make a duplicate."""
    return xxhash.xxh3_128_hexdigest(
        "\x1f".join((user_id, session_id, ts.isoformat(), role, text, lang or "")).encode()
    )


def _lines(path: Path) -> Iterator[tuple[int, bytes | None, str | None]]:
    """Yield (line_no, line, None), or (line_no, None, reason) when the file breaks off."""
    opener = gzip.open if path.name.endswith(".gz") else open
    line_no = 0
    try:
        with opener(path, "rb") as fh:
            for line_no, line in enumerate(fh, start=1):
                if line_no == 1 and line.startswith(UTF8_BOM):  # a UTF-8 byte order mark is no content
                    line = line[len(UTF8_BOM) :]
                yield line_no, line.rstrip(b"\r\n"), None
    except (OSError, EOFError, zlib.error) as exc:
        kind = "unreadable file" if line_no == 0 else "file breaks off"
        yield line_no + 1, None, f"{kind}: {type(exc).__name__}: {str(exc)[:200]}"


@dataclass(slots=True)
class _Batch:
    messages: dict[str, list] = field(default_factory=lambda: {k: [] for k in polars_schema(Messages)})
    quarantine: dict[str, list] = field(default_factory=lambda: {k: [] for k in polars_schema(Quarantine)})

    def __len__(self) -> int:
        return len(self.messages["message_id"]) + len(self.quarantine["line_no"])


def read_exports(
    paths: list[Path], *, export_day: str, on_progress: Callable[[int], None] | None = None
) -> Iterator[tuple[pl.DataFrame, pl.DataFrame, IngestStats]]:
    """Yield (messages, quarantine, stats) batches for the files of one export day."""
    batch, stats = _Batch(), IngestStats()
    for path in paths:
        stats.files += 1
        source = str(path)
        for line_no, line, failure in _lines(path):
            if failure is not None:
                _quarantine(batch, source, line_no, failure, b"", export_day)
                stats.quarantined += 1
                continue
            assert line is not None
            stats.lines += 1
            stats.bytes += len(line) + 1
            if not line.strip():
                stats.blank_lines += 1
                continue
            try:
                message_id, user_id, session_id, ts, role, text, lang = parse_line(line)
            except LineError as exc:
                _quarantine(batch, source, line_no, str(exc), line, export_day)
                stats.quarantined += 1
            else:
                m = batch.messages
                m["message_id"].append(message_id)
                m["user_id"].append(user_id)
                m["session_id"].append(session_id)
                m["ts"].append(ts)
                m["role"].append(role)
                m["text"].append(text)
                m["lang"].append(lang)
                m["content_hash"].append(content_hash(user_id, session_id, ts, role, text, lang))
                m["source_file"].append(source)
                m["line_no"].append(line_no)
                m["export_day"].append(export_day)
                stats.messages += 1
            if stats.bytes >= BATCH_BYTES or len(batch) >= BATCH_LINES:  # stats count this batch
                yield _frames(batch) + (stats,)
                if on_progress:
                    on_progress(stats.lines)
                batch, stats = _Batch(), IngestStats()
    yield _frames(batch) + (stats,)
    if on_progress:
        on_progress(stats.lines)


def _quarantine(batch: _Batch, source: str, line_no: int, reason: str, raw: bytes, day: str) -> None:
    text = raw.decode("utf-8", errors="replace")
    if len(text) > MAX_RAW_CHARS:
        text, reason = text[:MAX_RAW_CHARS], f"{reason} (raw cut to {MAX_RAW_CHARS} characters)"
    q = batch.quarantine
    q["source_file"].append(source)
    q["line_no"].append(line_no)
    q["reason"].append(reason)
    q["raw"].append(text)
    q["export_day"].append(day)


def _frames(batch: _Batch) -> tuple[pl.DataFrame, pl.DataFrame]:
    return (
        pl.DataFrame(batch.messages, schema=polars_schema(Messages)),
        pl.DataFrame(batch.quarantine, schema=polars_schema(Quarantine)),
    )
