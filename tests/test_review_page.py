"""The /review page in a real browser: Debian's Chromium driven by Playwright (no browser download).

Set ``REVIEW_SCREENSHOTS=docs/review`` to refresh the committed screenshots. Without a
Chromium the test is skipped, except in CI (``CI`` set), where it fails.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from anamnesis.api.app import create_app
from anamnesis.config import load_settings
from tests.api_server import LiveServer
from tests.conftest import API_TOKEN, write_config

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]  # fmt: skip
REVIEW_TOKEN = "page-reviewer-token"
USER = "u-en-04"

if not CHROMIUM.exists():
    if os.environ.get("CI"):
        pytest.fail(f"CI needs Chromium at {CHROMIUM} (.ci/run installs it)", pytrace=False)
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install -y chromium)", allow_module_level=True)


@pytest.fixture
def server(sample_home: Path, tmp_path: Path) -> Iterator[LiveServer]:
    home = tmp_path / "home"
    shutil.copytree(sample_home, home)
    write_config(home, api_tokens=API_TOKEN, review_tokens=REVIEW_TOKEN, api_prefetch_users=0)
    with LiveServer(create_app(load_settings(home))) as live:
        yield live


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    target = Path(os.environ.get("REVIEW_SCREENSHOTS") or tmp_path / "shots")
    target.mkdir(parents=True, exist_ok=True)
    return target


def test_no_user_data_without_signing_in(server):
    for path in (f"/review/user?id={USER}", "/review"):
        r = httpx.get(server.url + path)
        assert "penicillin" not in r.text and USER not in r.text
        assert "Reviewer token" in r.text
    assert httpx.get(f"{server.url}/review/user?id={USER}").status_code == 401
    forged = httpx.post(f"{server.url}/review/resolve", data={"user_id": USER, "conflict_id": "x",
                                                              "outcome": "later_stands", "csrf": "x"})
    assert forged.status_code == 401
    wrong = httpx.post(f"{server.url}/review/sign-in", data={"name": "x", "token": API_TOKEN})
    assert wrong.status_code == 401 and "set-cookie" not in wrong.headers  # a read token does not sign in


def test_sign_in_open_the_conflict_resolve_it_and_retract_a_fact(server, shots):
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        requested: list[str] = []
        page.on("request", lambda request: requested.append(request.url))
        page.goto(f"{server.url}/review")
        expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
        page.screenshot(path=shots / "1-sign-in.png")
        # Keyboard only: the name field has the focus, Tab to the token, Enter submits.
        page.keyboard.type("Dr Ada Review")
        page.keyboard.press("Tab")
        page.keyboard.type(REVIEW_TOKEN)
        page.keyboard.press("Enter")
        expect(page.get_by_role("heading", name="Find a user")).to_be_visible()
        expect(page.get_by_role("link", name=USER)).to_be_visible()  # users waiting for a clarification
        page.keyboard.type(USER)
        page.keyboard.press("Enter")

        card = page.locator("article.conflict")
        expect(card).to_have_count(1)
        expect(card).to_contain_text("I'm allergic to penicillin")  # both statements, in the user's words
        expect(card).to_contain_text("I have no allergies")
        earlier, later = card.locator(".side").all()
        assert earlier.bounding_box()["y"] == later.bounding_box()["y"]  # side by side on a laptop screen
        expect(page.locator("#section-allergies")).to_be_visible()
        page.screenshot(path=shots / "2-conflict.png", full_page=True)

        card.get_by_label("Earlier: Allergy: penicillin").check()
        card.get_by_label("Note").fill("Confirmed by phone: rash after amoxicillin in 2019")
        card.get_by_role("button", name="Resolve conflict").click()
        expect(page.get_by_role("status")).to_have_text("Conflict resolved.")
        expect(page.locator("article.conflict")).to_have_count(0)
        expect(page.locator("li[id^=resolved-]")).to_contain_text("resolved: earlier stands")
        penicillin = page.locator("article", has=page.get_by_role("heading", name="penicillin"))
        expect(penicillin).to_contain_text("[clarification by Dr Ada Review]")
        expect(penicillin).to_contain_text("Confirmed by phone")
        page.screenshot(path=shots / "3-resolved.png", full_page=True)

        infection = page.locator("article", has=page.get_by_role("heading", name="lower respiratory tract infection"))
        infection.locator("summary").focus()
        page.keyboard.press("Enter")  # opens the correction form from the keyboard
        infection.get_by_label("Why").fill("The infection was her daughter's")
        infection.get_by_role("button", name="Retract as extracted in error").click()
        expect(page.get_by_role("status")).to_have_text("Fact retracted.")
        retracted = page.locator("article", has=page.get_by_role("heading", name="lower respiratory tract infection"))
        expect(retracted).to_contain_text("retracted")
        expect(retracted).to_contain_text("[review by Dr Ada Review]")
        page.screenshot(path=shots / "4-retracted.png", full_page=True)
        browser.close()
    assert requested and all(url.startswith(server.url) for url in requested)  # no asset from anywhere else

    facts = httpx.get(f"{server.url}/v1/users/{USER}/facts", headers={"Authorization": f"Bearer {API_TOKEN}"})
    by_entity = {f["entity"]: f for f in facts.json()["facts"]}
    assert by_entity["penicillin"]["status"] == "active" and "lower respiratory tract infection" not in by_entity
