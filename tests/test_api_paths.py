"""CONTRACT §7.1 paths and auth over real HTTP: the user id is exactly one path segment, any other
shape is 404 without reading anyone, and a missing token is 401 before anything else (413 too).

Raw paths go out through ``http.client``, which sends them byte for byte (httpx would remove
the dot segments a careless client sends).
"""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from urllib.parse import quote

import pytest

from anamnesis.api.app import MAX_BODY_BYTES, create_app
from anamnesis.config import load_settings
from pipelines.run import run_backfill
from tests.api_server import LiveServer
from tests.conftest import message, write_config

TOKEN = "paths-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
#: One user per allergen: a response naming an allergen carries that user's data.
USERS = {"a": "penicillin", "a/b": "latex", "..": "peanuts", "x": "aspirin", "b": "codeine", "facts": "iodine"}


class Reads:
    """Records every user id the server's warehouse reader is asked about."""

    def __init__(self, reader: object) -> None:
        self.users: list[str] = []
        for name in ("facts", "cached_facts", "history"):
            original = getattr(reader, name)

            def spy(user_id: str, *args: object, _original=original, **kwargs: object) -> object:
                self.users.append(user_id)
                return _original(user_id, *args, **kwargs)

            setattr(reader, name, spy)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, Reads, dict[str, str]]]:
    root = tmp_path_factory.mktemp("paths")
    rows = [
        message(f"m{i}", user, f"2026-03-0{1 + i}T09:00:00Z", "user", f"I'm allergic to {allergen}.")
        for i, (user, allergen) in enumerate(USERS.items())
    ]
    (root / "in").mkdir()
    (root / "in" / "export-2026-03-10.jsonl").write_text(
        "\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n", encoding="utf-8"
    )
    home = root / "home"
    write_config(home, api_tokens=TOKEN)
    run_backfill(load_settings(home), root / "in")
    app = create_app(load_settings(home))
    reads = Reads(app.state.reader)
    with LiveServer(app) as live:
        fact_ids = {}
        for user in USERS:
            status, body = request(live, "GET", f"/v1/users/{quote(user, safe='')}/facts")
            assert status == 200, body
            fact_ids[user] = json.loads(body)["facts"][0]["fact_id"]
        yield live, reads, fact_ids


def request(
    live: LiveServer, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None
) -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", live.port, timeout=30)
    try:
        conn.request(method, path, body=body, headers=AUTH if headers is None else headers)
        response = conn.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        conn.close()


def leaked(body: str) -> list[str]:
    return [allergen for allergen in USERS.values() if allergen in body]


MALFORMED = [
    "/v1/users/a/b/facts",
    "/v1/users/../a/facts",
    "/v1/users/a//facts",
    "/v1/users//a/facts",
    "/v1/users//facts",
    "/v1/users/a/facts/x/facts",
    "/v1/users/a/facts/",
    "/v1/users/a/b/facts/{a}/history",
    "/v1/users/a/facts/{a}/history/",
    "/v1/users/a/facts/{a}/history/x",
    "/v1/users/a/b/facts/{a}",
    "/v1/users/a",
    "/v1/users/a/",
    "/v1%2Fusers/a/facts",
    "/v1/users%2Fa/facts",
    "/%761/users/a/b/facts",
]


@pytest.mark.parametrize("path", MALFORMED)
def test_a_path_with_another_number_of_segments_is_404_and_reads_nobody(server, path: str):
    live, reads, fact_ids = server
    path = path.replace("{a}", fact_ids["a"])
    before = len(reads.users)
    status, body = request(live, "GET", path)
    assert status == 404, (path, body)
    assert not leaked(body)
    assert reads.users[before:] == []


@pytest.mark.parametrize("path", ["/v1/users/a/b/context", "/v1/users/a//context", "/v1/users/../a/context"])
def test_a_malformed_context_path_is_404_and_reads_nobody(server, path: str):
    live, reads, _ = server
    before = len(reads.users)
    status, body = request(
        live,
        "POST",
        path,
        json.dumps({"query": "Can I take amoxicillin?"}).encode(),
        {**AUTH, "Content-Type": "application/json"},
    )
    assert status == 404 and not leaked(body)
    assert reads.users[before:] == []


@pytest.mark.parametrize("user", list(USERS))
def test_one_encoded_segment_reads_exactly_that_user(server, user: str):
    live, reads, fact_ids = server
    segment = quote(user, safe="")
    status, body = request(live, "GET", f"/v1/users/{segment}/facts")
    assert status == 200
    assert json.loads(body)["user_id"] == user and leaked(body) == [USERS[user]]
    status, body = request(live, "GET", f"/v1/users/{segment}/facts/{fact_ids[user]}/history")
    assert status == 200 and leaked(body) == [USERS[user]]
    # Another user's fact id under this user's path is no fact of theirs.
    other = next(u for u in USERS if u != user)
    assert request(live, "GET", f"/v1/users/{segment}/facts/{fact_ids[other]}/history")[0] == 404


def test_a_literal_dot_dot_segment_is_the_user_named_dot_dot(server):
    live, _, _ = server
    status, body = request(live, "GET", "/v1/users/../facts")
    assert status == 200 and json.loads(body)["user_id"] == ".." and leaked(body) == [USERS[".."]]


def test_the_user_segment_is_decoded_exactly_once(server):
    live, _, _ = server
    status, body = request(live, "GET", "/%761/users/a%252Fb/facts")  # the id ``a%2Fb``, not ``a/b``
    assert status == 200 and json.loads(body) == {"user_id": "a%2Fb", "facts": [], "next_cursor": None}


@pytest.mark.parametrize("path", ["/v1/users/a/facts", "/v1/users/a/b/facts", "/v1/nothing", "/v1"])
def test_without_a_token_every_v1_path_is_401_before_routing(server, path: str):
    live, reads, _ = server
    before = len(reads.users)
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": f"Basic {TOKEN}"}):
        status, body = request(live, "GET", path, headers=headers)
        assert status == 401 and not leaked(body) and "a" not in json.loads(body).values()
    assert reads.users[before:] == []


def test_401_comes_before_413_and_413_still_guards_a_token_holder(server):
    live, _, _ = server
    big = json.dumps({"query": "x" * (70 * 1024)}).encode()
    assert len(big) > MAX_BODY_BYTES
    json_type = {"Content-Type": "application/json"}
    assert request(live, "POST", "/v1/users/a/context", big, json_type)[0] == 401
    assert request(live, "POST", "/v1/users/a/context", big, {**json_type, "Authorization": "Bearer no"})[0] == 401
    assert request(live, "POST", "/v1/users/a/context", big, {**AUTH, **json_type})[0] == 413
    # A chunked body (no content-length) the same way.
    chunks = iter([big[: len(big) // 2], big[len(big) // 2 :]])
    conn = http.client.HTTPConnection("127.0.0.1", live.port, timeout=30)
    try:
        conn.request("POST", "/v1/users/a/context", body=chunks, headers=json_type, encode_chunked=True)
        assert conn.getresponse().status == 401
    finally:
        conn.close()
