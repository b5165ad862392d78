"""Shared fixtures: writing export files the way real exports look."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.s3_server import s3_server  # noqa: F401 - a real S3 server for object-store homes


def message(
    mid: str, user: str, ts: str, role: str, text: str, *, session: str = "s1", lang: str | None = None
) -> dict:
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


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests configure through ``<home>/config.toml``; a developer's environment must not leak in."""
    import os

    for name in list(os.environ):
        if name.startswith(("ANAMNESIS_", "OPENAI_")) or name == "DAGSTER_HOME":
            monkeypatch.delenv(name)


def write_config(home: Path, **values: object) -> None:
    """Write ``<home>/config.toml`` (strings and numbers only)."""
    home.mkdir(parents=True, exist_ok=True)
    lines = [f"{k} = {json.dumps(str(v) if isinstance(v, Path) else v)}" for k, v in values.items()]
    (home / "config.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")


API_TOKEN = "test-token-1"


@pytest.fixture(scope="session")
def sample_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A home after one backfill of the bundled sample exports (built once per test process)."""
    from anamnesis.config import load_settings
    from anamnesis.sample_data import SAMPLE_EXPORTS
    from pipelines.run import run_backfill

    home = tmp_path_factory.mktemp("sample") / "home"
    write_config(home, api_tokens=API_TOKEN)
    run_backfill(load_settings(home), SAMPLE_EXPORTS)
    return home
