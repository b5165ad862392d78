"""Conflicts reach the assistant and are resolved by a reviewer: real HTTP on a live server.

The home is the bundled sample data (u-en-04 said "I'm allergic to penicillin", later "I have
no allergies"), copied per test because resolutions write to it.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest

from anamnesis.api.app import create_app
from anamnesis.config import load_settings
from anamnesis.sample_data import SAMPLE_EXPORTS
from pipelines.run import run_backfill
from tests.api_server import LiveServer
from tests.conftest import API_TOKEN, message, write_config
from tests.warehouse_state import query

REVIEW_TOKEN = "reviewer-token-1"
USER = "u-en-04"
QUESTION = {"query": "My doctor wants to give me amoxicillin, is that fine?", "max_tokens": 400}


def reviewer_home(sample_home: Path, tmp_path: Path) -> Path:
    home = tmp_path / "home"
    shutil.copytree(sample_home, home)
    write_config(home, api_tokens=API_TOKEN, review_tokens=REVIEW_TOKEN, api_prefetch_users=0)
    return home


@pytest.fixture
def served(sample_home: Path, tmp_path: Path) -> Iterator[tuple[Path, LiveServer]]:
    home = reviewer_home(sample_home, tmp_path)
    with LiveServer(create_app(load_settings(home))) as server:
        yield home, server


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def context(server: LiveServer, token: str = API_TOKEN) -> dict:
    r = httpx.post(f"{server.url}/v1/users/{USER}/context", json=QUESTION, headers=bearer(token), timeout=30)
    assert r.status_code == 200, r.text
    return r.json()


def open_conflict(server: LiveServer) -> dict:
    r = httpx.get(f"{server.url}/v1/users/{USER}/conflicts", params={"status": "open"}, headers=bearer(API_TOKEN))
    assert r.status_code == 200
    (conflict,) = r.json()["conflicts"]
    return conflict


def resolve(server: LiveServer, conflict_id: str, outcome: str, token: str = REVIEW_TOKEN) -> httpx.Response:
    return httpx.post(
        f"{server.url}/v1/users/{USER}/conflicts/{conflict_id}/resolution",
        json={"outcome": outcome, "source": "user", "note": "asked in chat"},
        headers=bearer(token),
        timeout=60,
    )


def history_rows(home: Path) -> list[tuple]:
    return query(
        home,
        "select event_id, fact_id, change_type, status, attributes::varchar, valid_from, recorded_at, source, "
        "source_ref from fact_events order by all",
    )


def test_the_open_conflict_is_in_context_ahead_of_the_facts_and_listed(served):
    _, server = served
    answer = context(server)
    (conflict,) = answer["conflicts"]
    assert (conflict["section"], conflict["entity"], conflict["status"]) == ("allergies", "penicillin", "open")
    lines = answer["context"].splitlines()
    unclear = next(i for i, line in enumerate(lines) if line.startswith("- Unclear:"))
    assert "penicillin" in lines[unclear] and "No known allergies" in lines[unclear]
    assert "ask the user" in lines[unclear]
    assert unclear < min(i for i, line in enumerate(lines) if "IMPORTANT" in line)
    assert "(low confidence)" in next(line for line in lines if "IMPORTANT: Allergy: penicillin" in line)
    listed = open_conflict(server)
    assert listed["conflict_id"] == conflict["conflict_id"]
    assert listed["resolved_at"] is None and listed["resolution"] is None
    bad = httpx.get(f"{server.url}/v1/users/{USER}/conflicts", params={"status": "x"}, headers=bearer(API_TOKEN))
    assert bad.status_code == 400
    for other in ("u-en-01", "u-ru-04"):  # one user's conflicts never reach another's answer
        r = httpx.get(f"{server.url}/v1/users/{other}/conflicts", headers=bearer(API_TOKEN))
        assert all(c["user_id"] == other for c in r.json()["conflicts"])
    tight = httpx.post(
        f"{server.url}/v1/users/{USER}/context", json={**QUESTION, "max_tokens": 32}, headers=bearer(API_TOKEN)
    ).json()
    assert "IMPORTANT" not in tight["context"]  # the budget holds; the conflict comes first


def test_tokens_have_roles_on_the_write_routes(served):
    _, server = served
    conflict = open_conflict(server)
    assert resolve(server, conflict["conflict_id"], "earlier_stands", token=API_TOKEN).status_code == 403
    no_token = httpx.post(
        f"{server.url}/v1/users/{USER}/conflicts/{conflict['conflict_id']}/resolution", json={"outcome": "x"}
    )
    assert no_token.status_code == 401
    assert resolve(server, conflict["conflict_id"], "earlier_stands", token="wrong").status_code == 401
    fact_route = f"{server.url}/v1/users/{USER}/facts/{conflict['fact_id']}/corrections"
    assert httpx.post(fact_route, json={"retract": True, "reviewer": "r"}, headers=bearer(API_TOKEN)).status_code == 403
    assert httpx.post(fact_route, json={"retract": True, "reviewer": "r"}).status_code == 401
    # a reviewer token reads too; the path takes exactly one user segment
    assert httpx.get(f"{server.url}/v1/users/{USER}/facts", headers=bearer(REVIEW_TOKEN)).status_code == 200
    assert httpx.get(f"{server.url}/v1/users/{USER}/x/conflicts", headers=bearer(API_TOKEN)).status_code == 404
    assert open_conflict(server)["status"] == "open"  # nothing was written by the refused calls
    wrong_user = httpx.post(
        f"{server.url}/v1/users/u-en-01/conflicts/{conflict['conflict_id']}/resolution",
        json={"outcome": "later_stands"},
        headers=bearer(REVIEW_TOKEN),
        timeout=60,
    )
    assert wrong_user.status_code == 404  # a conflict id of another user is not found


def test_earlier_stands_keeps_the_allergy_and_a_backfill_changes_nothing(served):
    home, server = served
    conflict = open_conflict(server)
    r = resolve(server, conflict["conflict_id"], "earlier_stands")
    assert r.status_code == 200, r.text
    assert r.json()["conflict"]["status"] == "resolved"
    assert resolve(server, conflict["conflict_id"], "later_stands").status_code == 409
    answer = context(server)
    assert answer["conflicts"] == [] and "Unclear" not in answer["context"]
    assert "IMPORTANT: Allergy: penicillin" in answer["context"]
    resolved = httpx.get(
        f"{server.url}/v1/users/{USER}/conflicts", params={"status": "resolved"}, headers=bearer(API_TOKEN)
    ).json()["conflicts"]
    assert [(c["conflict_id"], c["resolution"]) for c in resolved] == [(conflict["conflict_id"], "earlier_stands")]
    assert resolved[0]["resolved_at"] is not None
    facts = httpx.get(
        f"{server.url}/v1/users/{USER}/facts", params={"section": "allergies"}, headers=bearer(API_TOKEN)
    ).json()["facts"]
    penicillin = next(f for f in facts if f["entity"] == "penicillin")
    assert penicillin["status"] == "active" and penicillin["confidence"] == 0.9
    events = httpx.get(
        f"{server.url}/v1/users/{USER}/facts/{penicillin['fact_id']}/history", headers=bearer(API_TOKEN)
    ).json()["events"]
    assert [(e["source"], e["change_type"]) for e in events] == [
        ("dialogue", "first_mention"),
        ("clarification", "confirmation"),
    ]
    assert events[-1]["changed_by"] == "user" and events[-1]["note"] == "asked in chat"

    before = history_rows(home)
    run_backfill(load_settings(home), SAMPLE_EXPORTS)
    assert history_rows(home) == before
    assert open_conflict_count(home) == 0


def open_conflict_count(home: Path) -> int:
    return query(home, "select count(*) from conflicts where user_id = ? and status = 'open'", USER)[0][0]


def test_later_stands_makes_the_allergy_confirmed_absent_and_a_later_denial_reopens_the_question(
    sample_home, tmp_path, write_export
):
    home = reviewer_home(sample_home, tmp_path)
    with LiveServer(create_app(load_settings(home))) as server:
        conflict = open_conflict(server)
        assert resolve(server, conflict["conflict_id"], "later_stands").status_code == 200
        facts = httpx.get(
            f"{server.url}/v1/users/{USER}/facts", params={"section": "allergies"}, headers=bearer(API_TOKEN)
        ).json()["facts"]
        assert {f["entity"]: f["status"] for f in facts} == {"penicillin": "confirmed_absent", "*": "confirmed_absent"}
        assert "No known allergies" in context(server)["context"]
    # A later statement never silently undoes the clarification: it asks again.
    inputs = tmp_path / "inputs"
    shutil.copytree(SAMPLE_EXPORTS, inputs)
    later = [message("late-1", USER, "2027-02-01T10:00:00Z", "user", "I'm allergic to penicillin.", session="late")]
    write_export("export-2027-02-01.jsonl", later, directory=inputs)
    run_backfill(load_settings(home), inputs)
    status = query(
        home, "select status from facts_current where user_id = ? and section = 'allergies' and entity = 'penicillin'",
        USER,
    )[0][0]
    reopened = query(home, "select conflicting_message_id, status from conflicts where user_id = ? and status = 'open'",
                     USER)
    assert status == "confirmed_absent"
    assert reopened == [("late-1", "open")]


def test_an_odd_user_id_is_read_exactly(sample_home, tmp_path, write_export):
    odd = "ü/ser %2F 'x'"
    rows = [
        message("o1", odd, "2026-03-01T09:00:00Z", "user", "I'm allergic to penicillin."),
        message("o2", odd, "2026-04-01T09:00:00Z", "user", "I have no allergies."),
    ]
    write_export("export-2026-04-01.jsonl", rows)
    home = tmp_path / "odd"
    write_config(home, api_tokens=API_TOKEN, review_tokens=REVIEW_TOKEN, api_prefetch_users=0)
    run_backfill(load_settings(home), tmp_path / "in")
    with LiveServer(create_app(load_settings(home))) as server:
        url = f"{server.url}/v1/users/{quote(odd, safe='')}/conflicts"
        (conflict,) = httpx.get(url, headers=bearer(API_TOKEN)).json()["conflicts"]
        assert conflict["user_id"] == odd
        r = httpx.post(
            f"{url}/{conflict['conflict_id']}/resolution",
            json={"outcome": "later_stands"},
            headers=bearer(REVIEW_TOKEN),
            timeout=60,
        )
        assert r.status_code == 200 and r.json()["conflict"]["resolution"] == "later_stands"


def test_conflict_list_pages_walk_every_conflict_once(served):
    """CONTRACT §7.6: limit and cursor on the conflicts list; the walk equals the full list."""
    _, server = served
    url = f"{server.url}/v1/users/{USER}/conflicts"
    full = httpx.get(url, headers=bearer(API_TOKEN)).json()
    assert full["next_cursor"] is None and full["conflicts"]
    seen, cursor = [], None
    while True:
        params = {"limit": 1, **({"cursor": cursor} if cursor else {})}
        page = httpx.get(url, headers=bearer(API_TOKEN), params=params).json()
        assert len(page["conflicts"]) <= 1
        seen += [c["conflict_id"] for c in page["conflicts"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert seen == [c["conflict_id"] for c in full["conflicts"]]
    assert httpx.get(url, headers=bearer(API_TOKEN), params={"cursor": "???"}).status_code == 400
