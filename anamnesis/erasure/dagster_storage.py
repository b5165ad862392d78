"""Redacting a forgotten user from the Dagster instance under ``<home>/dagster`` (without Dagster).

The pipeline records only counts, but a failed check's sample rows, an exception message or a
library's stray print can carry a user's text. Such text reaches Dagster's storage as free text:
error messages and stacks, text/markdown/JSON metadata, the captured stdout/stderr of a step.
There the user's id and their own words are looked for. Everything else Dagster stores (asset
keys, class names, tags, the engine's own messages) is made by code and is searched for the id
only, so a word of the user's that happens to be an asset name never corrupts the instance.

A matching string or log line is replaced whole by ``ERASED``; every SQLite file is then
vacuumed, so the old bytes are not left in free pages or a WAL.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from anamnesis.erasure.sqlite import connect_secure, is_sqlite, scrub
from anamnesis.erasure.traces import Traces
from anamnesis.storage.atomic import atomic_path

ERASED = "[erased]"
#: Fields of Dagster's serialized records that hold free text (the values beneath them too).
FREE_TEXT = frozenset({"stack", "text", "md_str", "data"})
#: A record whose ``message`` is free text (elsewhere ``message`` is the engine's own words).
ERROR_RECORD = "SerializableErrorInfo"
#: Directories of captured output: their lines are free text.
LOG_DIRS = frozenset({"compute_logs", "logs"})
SQLITE_SIDECARS = ("-wal", "-shm", "-journal")


@dataclass(frozen=True, slots=True)
class InstanceRedaction:
    records: int
    log_lines: int


class _Walker:
    """Replaces the user's strings in one decoded JSON document and counts them."""

    def __init__(self, traces: Traces) -> None:
        self.traces = traces
        self.hits = 0

    def _theirs(self, text: str, free: bool) -> bool:
        hit = self.traces.holds(text) if free else self.traces.names_user(text)
        if hit:
            self.hits += 1
        return hit

    def walk(self, node: object, free: bool = False) -> object:
        if isinstance(node, str):
            return ERASED if self._theirs(node, free) else node
        if isinstance(node, list):
            return [self.walk(item, free) for item in node]
        if isinstance(node, dict):
            error = node.get("__class__") == ERROR_RECORD
            return {
                (ERASED if self._theirs(key, free) else key): (
                    value
                    if key == "__class__"
                    else self.walk(value, free or key in FREE_TEXT or (error and key == "message"))
                )
                for key, value in node.items()
            }
        return node


def redact_value(value: str, traces: Traces) -> str | None:
    """``value`` (a stored JSON document or plain text) with the user's strings erased; None if none."""
    if not traces.holds(value):
        return None
    try:
        document = json.loads(value)
    except ValueError:
        return ERASED if traces.names_user(value) else None
    walker = _Walker(traces)
    redacted = walker.walk(document)
    return json.dumps(redacted) if walker.hits else None


def redact_database(path: Path, traces: Traces) -> int:
    """Redact every text cell of a SQLite file (Dagster's tables all have rowids); return cells changed."""
    con = connect_secure(path)
    try:
        changes: list[tuple[str, str, int, str]] = []
        tables = [t for (t,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        for table in tables:
            for column in [row[1] for row in con.execute(f'PRAGMA table_info("{table}")')]:
                cells = con.execute(f'SELECT rowid, "{column}" FROM "{table}" WHERE typeof("{column}") = \'text\'')
                for rowid, value in cells:
                    redacted = redact_value(value, traces)
                    if redacted is not None:
                        changes.append((table, column, rowid, redacted))
        if changes:
            con.execute("BEGIN IMMEDIATE")
            for table, column, rowid, redacted in changes:
                con.execute(f'UPDATE "{table}" SET "{column}" = ? WHERE rowid = ?', (redacted, rowid))
            con.execute("COMMIT")
    finally:
        con.close()
    scrub(path)
    return len(changes)


def redact_log(path: Path, traces: Traces, *, free: bool) -> int:
    """Replace each line of a plain file that holds the user's traces; return lines replaced."""
    data = path.read_bytes()
    if not traces.holds(data.decode("utf-8", errors="replace")):
        return 0
    theirs = traces.holds if free else traces.names_user
    lines, replaced = [], 0
    for line in data.splitlines(keepends=True):
        if theirs(line.decode("utf-8", errors="replace")):
            lines.append(ERASED.encode() + line[len(line.rstrip(b"\r\n")):])
            replaced += 1
        else:
            lines.append(line)
    if replaced:
        with atomic_path(path) as tmp:
            tmp.write_bytes(b"".join(lines))
    return replaced


def redact_instance(dagster_home: Path, traces: Traces) -> InstanceRedaction:
    """Redact the user from every file of the instance: SQLite storages and captured logs."""
    records = log_lines = 0
    if not dagster_home.is_dir():
        return InstanceRedaction(0, 0)
    for path in sorted(p for p in dagster_home.rglob("*") if p.is_file()):
        if path.name.endswith(SQLITE_SIDECARS):
            continue  # folded into their database by the checkpoint in ``scrub``
        if is_sqlite(path):
            records += redact_database(path, traces)
        else:
            in_log_dir = bool(LOG_DIRS & set(path.relative_to(dagster_home).parts[:-1]))
            log_lines += redact_log(path, traces, free=in_log_dir)
    return InstanceRedaction(records, log_lines)
