"""The command error logs under ``<home>/logs`` (``anamnesis.failures``): a traceback may quote
an id or a message, so ``forget`` drops every line that holds the user's traces."""

from __future__ import annotations

from pathlib import Path

from anamnesis.erasure.traces import Traces
from anamnesis.failures import log_dir
from anamnesis.storage.atomic import atomic_path


def redact_error_logs(home: Path, traces: Traces) -> int:
    """Remove the lines holding ``traces`` from every error log; how many lines went."""
    removed = 0
    directory = log_dir(home)
    if not directory.is_dir():
        return 0
    for log in sorted(directory.glob("*.log")):
        lines = log.read_text(encoding="utf-8", errors="replace").splitlines(keepends=True)
        kept = [line for line in lines if not traces.holds(line)]
        if len(kept) == len(lines):
            continue
        removed += len(lines) - len(kept)
        with atomic_path(log) as tmp:
            tmp.write_text("".join(kept), encoding="utf-8")
    return removed
