"""``/docs`` and ``/redoc`` work with no network: packaged assets only, rendered by Debian's Chromium."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from anamnesis.api.app import create_app
from anamnesis.config import load_settings
from tests.api_server import LiveServer

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
#: No other host resolves: a page that needs a CDN stays blank.
OFFLINE = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
           "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", "--virtual-time-budget=15000"]


@pytest.fixture(scope="module")
def server(sample_home: Path) -> Iterator[LiveServer]:
    with LiveServer(create_app(load_settings(sample_home))) as live:
        yield live


def _references(html: str) -> list[str]:
    return re.findall(r"""(?:src|href|url)\s*[=:]\s*["']([^"']+)["']""", html)


@pytest.mark.parametrize("page", ["/docs", "/redoc"])
def test_docs_pages_reference_no_other_host(server: LiveServer, page: str) -> None:
    response = httpx.get(server.url + page)
    assert response.status_code == 200 and "text/html" in response.headers["content-type"]
    refs = _references(response.text)
    assert len(refs) >= 3, refs  # the script, the stylesheet or favicon, the OpenAPI document
    assert not re.search(r"https?://|//[a-z0-9.-]+\.[a-z]{2,}/", response.text, re.I), response.text
    for ref in refs:
        assert ref.startswith("/"), ref
        assert httpx.get(server.url + ref).status_code == 200, ref


def _chromium(*args: str) -> subprocess.CompletedProcess[str]:
    assert Path(CHROMIUM).exists(), "Debian's chromium is needed (.ci/run installs it)"
    return subprocess.run([CHROMIUM, *OFFLINE, *args], capture_output=True, text=True, timeout=120, check=False)


def test_swagger_ui_renders_offline_in_chromium(server: LiveServer, tmp_path: Path) -> None:
    dom = _chromium("--dump-dom", f"{server.url}/docs").stdout
    paths = re.findall(r'class="opblock-summary-path"[^>]*data-path="([^"]+)"', dom)
    assert "/healthz" in paths and any(p.startswith("/v1/users/") and p.endswith("/facts") for p in paths), dom[:2000]
    shot = tmp_path / "docs.png"
    _chromium("--window-size=1280,1200", f"--screenshot={shot}", f"{server.url}/docs")
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000  # a blank page compresses to ~5 KB


def test_redoc_renders_offline_in_chromium(server: LiveServer) -> None:
    dom = _chromium("--dump-dom", f"{server.url}/redoc").stdout
    assert "redoc-wrap" in dom and "/facts" in dom and "Long-term medical memory" in dom, dom[:2000]
