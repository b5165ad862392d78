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
from datetime import UTC, datetime
from pathlib import Path

import orjson
import polars as pl
import xxhash
from pydantic import ValidationError

from anamnesis.ingest.prefilter import plain_fields, plain_timestamps
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


def content_hashes(messages: pl.DataFrame) -> pl.Series:
    """Identity of each message's content: equal hashes under one id make a duplicate.

    The xxh3-128 of user, session, ``ts`` (UTC, as ``datetime.isoformat`` writes it), role, text
    and lang (empty if none), joined by ``\\x1f``.
    """
    ts = pl.col("ts")
    iso = (
        pl.when(ts.dt.microsecond() == 0)
        .then(ts.dt.strftime("%Y-%m-%dT%H:%M:%S+00:00"))
        .otherwise(ts.dt.strftime("%Y-%m-%dT%H:%M:%S.%6f+00:00"))
    )
    keys = messages.select(
        pl.concat_str("user_id", "session_id", iso, "role", "text", pl.col("lang").fill_null(""), separator="\x1f")
    ).to_series()
    digest = xxhash.xxh3_128_hexdigest
    return pl.Series("content_hash", [digest(k) for k in keys.cast(pl.Binary).to_list()], dtype=pl.String)


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


#: The columns a batch gathers per message before its timestamps are read in bulk (``raw`` apart).
_CANDIDATE = {
    **dict.fromkeys(
        ("message_id", "user_id", "session_id", "ts_text", "role", "text", "lang", "source_file"), pl.String
    ),
    **dict.fromkeys(("line_no", "ts_us", "pos"), pl.Int64),
}


@dataclass(slots=True)
class _Batch:
    """One batch's lines: plain ones as columns (timestamps still text), the others read by the model.

    ``ts_us`` holds the model's timestamp (microseconds) of a line it read, ``None`` for a plain
    line; ``pos`` the line's place in the batch; ``raw`` the line itself, for the model to read if
    polars finds its timestamp wrong.
    """

    export_day: str
    #: One list per column of :data:`_CANDIDATE`, then ``raw``: a message's values are appended
    #: to them, so a batch keeps no object per line for the garbage collector to scan again.
    columns: list[list] = field(default_factory=lambda: [[] for _ in range(len(_CANDIDATE) + 1)])
    #: (position in the batch, source, line_no, reason, raw) of each quarantined line.
    quarantined: list[tuple[int, str, int, str, bytes]] = field(default_factory=list)
    lines: int = 0

    def __len__(self) -> int:
        return self.lines

    def add(self, source: str, line_no: int, line: bytes) -> bool:
        """Take one non-blank line; ``False`` if it was quarantined."""
        self.lines += 1
        try:
            fields = plain_fields(orjson.loads(line))
        except orjson.JSONDecodeError:
            fields = None
        ts_us = None
        if fields is None:
            try:
                message_id, user_id, session_id, ts, role, text, lang = parse_line(line)
            except LineError as exc:
                self.quarantined.append((self.lines, source, line_no, str(exc), line))
                return False
            fields, ts_us = (message_id, user_id, session_id, "", role, text, lang), _epoch_us(ts)
        for column, value in zip(self.columns, (*fields, source, line_no, ts_us, self.lines, line), strict=True):
            column.append(value)
        return True

    def quarantine(self, source: str, line_no: int, reason: str, raw: bytes) -> None:
        """A line (or a file's break) quarantined with its reason."""
        self.lines += 1
        self.quarantined.append((self.lines, source, line_no, reason, raw))

    def frames(self) -> tuple[pl.DataFrame, pl.DataFrame, int]:
        """(messages, quarantine, lines the model quarantined here) of the batch, in line order."""
        *columns, raw = self.columns
        frame = pl.DataFrame(dict(zip(_CANDIDATE, columns, strict=True)), schema=_CANDIDATE)
        ts = plain_timestamps(frame["ts_text"])
        modelled = pl.from_epoch(frame["ts_us"], time_unit="us").dt.replace_time_zone("UTC")
        ts = ts.fill_null(modelled).alias("ts")
        late = 0
        keep = [True] * frame.height
        for i in ts.is_null().arg_true().to_list():  # a timestamp polars could not vouch for
            try:
                ts_value = parse_line(raw[i])[3]
            except LineError as exc:
                pos, source, line_no = frame.select("pos", "source_file", "line_no").row(i)
                self.quarantined.append((pos, source, line_no, str(exc), raw[i]))
                keep[i], late = False, late + 1
            else:
                ts = ts.scatter(i, ts_value)
        messages = frame.with_columns(ts, pl.lit(self.export_day).alias("export_day")).filter(
            pl.Series(keep, dtype=pl.Boolean)
        )
        messages = messages.with_columns(content_hashes(messages)).select(polars_schema(Messages).keys())
        return messages.cast(polars_schema(Messages)), self._quarantine_frame(), late

    def _quarantine_frame(self) -> pl.DataFrame:
        q: dict[str, list] = {k: [] for k in polars_schema(Quarantine)}
        for _, source, line_no, reason, raw in sorted(self.quarantined):
            text = raw.decode("utf-8", errors="replace")
            if len(text) > MAX_RAW_CHARS:
                text, reason = text[:MAX_RAW_CHARS], f"{reason} (raw cut to {MAX_RAW_CHARS} characters)"
            q["source_file"].append(source)
            q["line_no"].append(line_no)
            q["reason"].append(reason)
            q["raw"].append(text)
            q["export_day"].append(self.export_day)
        return pl.DataFrame(q, schema=polars_schema(Quarantine))


def _epoch_us(ts: datetime) -> int:
    delta = ts - _EPOCH
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def read_exports(
    paths: list[Path], *, export_day: str, on_progress: Callable[[int], None] | None = None
) -> Iterator[tuple[pl.DataFrame, pl.DataFrame, IngestStats]]:
    """Yield (messages, quarantine, stats) batches for the files of one export day."""
    batch, stats = _Batch(export_day), IngestStats()
    for path in paths:
        stats.files += 1
        source = str(path)
        for line_no, line, failure in _lines(path):
            if failure is not None:
                batch.quarantine(source, line_no, failure, b"")
                stats.quarantined += 1
                continue
            assert line is not None
            stats.lines += 1
            stats.bytes += len(line) + 1
            if not line.strip():
                stats.blank_lines += 1
                continue
            stats.quarantined += not batch.add(source, line_no, line)
            if stats.bytes >= BATCH_BYTES or len(batch) >= BATCH_LINES:  # stats count this batch
                yield _flush(batch, stats)
                if on_progress:
                    on_progress(stats.lines)
                batch, stats = _Batch(export_day), IngestStats()
    yield _flush(batch, stats)
    if on_progress:
        on_progress(stats.lines)


def _flush(batch: _Batch, stats: IngestStats) -> tuple[pl.DataFrame, pl.DataFrame, IngestStats]:
    messages, quarantine, late = batch.frames()
    stats.quarantined += late
    stats.messages = messages.height
    return messages, quarantine, stats
