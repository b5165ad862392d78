"""Shared fixtures: writing export files the way real exports look."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest


def message(mid: str, user: str, ts: str, role: str, text: str, *, session: str = "s1", lang: str | None = None) -> dict:
    row = {"message_id": mid, "user_id": user, "session_id": session, "ts": ts, "role": role, "text": text}
    if lang:
        row["lang"] = lang
    return row


@pytest.fixture
def write_export(tmp_path: Path) -> Callable[..., Path]:
    """Write rows (dicts, or raw bytes for broken lines) as one export file."""

    def write(name: str, rows: list[dict | bytes], *, directory: Path | None = None) -> Path:
        target = (directory or tmp_path / "in") / name
        target.parent.mkdir(parents=True, exist_ok=True)
        lines = [r if isinstance(r, bytes) else json.dumps(r, ensure_ascii=False).encode() for r in rows]
        target.write_bytes(b"\n".join(lines) + b"\n")
        return target

    return write
