"""GET …/measurements, POST …/check and the context block's trend and safety lines, over real
HTTP against a live uvicorn on a loopback port, on a home built by a real backfill."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import duckdb
import httpx
import pytest

from anamnesis.api.app import create_app
from anamnesis.config import load_settings
from tests.api_server import LiveServer
from tests.measurement_data import EN, NONE, RU, TOKEN, ZH, build_measured_home


@pytest.fixture(scope="module")
def measured_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_measured_home(tmp_path_factory.mktemp("measured-api"))


@pytest.fixture(scope="module")
def api(measured_home: Path) -> Iterator[httpx.Client]:
    with LiveServer(create_app(load_settings(measured_home))) as server:
        with httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {TOKEN}"}, timeout=60) as client:
            yield client


def user_url(user: str, tail: str) -> str:
    return f"/v1/users/{quote(user, safe='')}/{tail}"


def check(api: httpx.Client, user: str, drug: str) -> dict:
    response = api.post(user_url(user, "check"), json={"drug": drug})
    assert response.status_code == 200, response.text
    return response.json()


def test_measurements_oldest_first_filtered_by_a_test_named_in_any_language(api: httpx.Client) -> None:
    body = api.get(user_url(EN, "measurements"), params={"test": "ALT"}).json()
    assert body["user_id"] == EN
    got = [(m["value"], m["unit"], m["flag"], m["valid_from"][:10]) for m in body["measurements"]]
    assert got == [(98.0, "U/L", "high", "2026-03-02"), (41.0, "U/L", "normal", "2026-06-09")]
    assert {m["code"] for m in body["measurements"]} == {"LOINC:1742-6"}
    same = api.get(user_url(EN, "measurements"), params={"test": "谷丙转氨酶"}).json()
    assert same == body
    everything = api.get(user_url(EN, "measurements")).json()["measurements"]
    assert len(everything) > len(body["measurements"])
    stamps = [m["valid_from"] for m in everything]
    assert stamps == sorted(stamps)
    assert api.get(user_url(EN, "measurements"), params={"test": "no such test"}).status_code == 400


def test_routes_need_a_token(api: httpx.Client) -> None:
    url = str(api.base_url) + user_url(EN, "measurements")
    assert httpx.get(url).status_code == 401
    assert httpx.post(str(api.base_url) + user_url(EN, "check"), json={"drug": "amoxicillin"}).status_code == 401
    wrong = httpx.get(url, headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 401 and "measurements" not in wrong.text


@pytest.mark.parametrize("other", [EN + "x", EN[:-1], EN + "%", EN + "' or '1'='1", f"{EN}\x00", EN.upper()])
def test_no_other_user_reaches_a_users_measurements_or_facts(api: httpx.Client, other: str) -> None:
    empty = {"user_id": other, "measurements": [], "next_cursor": None}
    assert api.get(user_url(other, "measurements")).json() == empty
    body = check(api, other, "amoxicillin")
    assert body["facts"] == []
    assert [f["kind"] for f in body["flags"]] == ["allergies_not_discussed"]


def test_amoxicillin_for_a_penicillin_allergic_user_is_an_allergy_class(api: httpx.Client) -> None:
    body = check(api, EN, "amoxicillin")
    assert body["canonical"] == "amoxicillin" and body["codes"] == ["ATC:J01CA04"]
    flag = next(f for f in body["flags"] if f["kind"] == "allergy_class")
    penicillin = next(f for f in body["facts"] if f["entity"] == "penicillin")
    assert flag["fact_id"] == penicillin["fact_id"] and "penicillins" in flag["reason"]
    assert {f["section"] for f in body["facts"]} >= {"allergies", "medications"}
    assert "allergies_not_discussed" not in {f["kind"] for f in body["flags"]}


def test_a_cephalosporin_is_flagged_as_cross_reactive_with_its_source(api: httpx.Client) -> None:
    flag = next(f for f in check(api, EN, "cefalexin")["flags"] if f["kind"] == "allergy_class")
    assert flag["cross_reactive"] is True and "J Allergy Clin Immunol" in flag["source"]


def test_lisinopril_on_top_of_enalapril_is_duplicate_therapy(api: httpx.Client) -> None:
    flags = check(api, EN, "lisinopril")["flags"]
    assert [f["kind"] for f in flags] == ["duplicate_therapy"]
    assert "enalapril" in flags[0]["reason"] and "C09AA" in flags[0]["reason"]


@pytest.mark.parametrize(
    ("drug", "canonical"), [("Диротон", "lisinopril"), ("悦宁定", "enalapril"), ("Флемоксин", "amoxicillin")]
)
def test_brand_names_in_russian_and_chinese_resolve(api: httpx.Client, drug: str, canonical: str) -> None:
    body = check(api, RU, drug)
    assert body["canonical"] == canonical
    if canonical in ("lisinopril", "enalapril"):  # the Russian user takes enalapril
        assert "duplicate_therapy" in {f["kind"] for f in body["flags"]}


def test_an_unknown_drug_has_no_canonical_name_and_still_the_facts(api: httpx.Client) -> None:
    body = check(api, EN, "frobnicillinex")
    assert body["canonical"] is None and body["codes"] == []
    assert {f["entity"] for f in body["facts"]} >= {"penicillin", "enalapril"}
    assert [f["kind"] for f in body["flags"]] == []


def test_a_user_who_never_discussed_allergies_is_told_so(api: httpx.Client) -> None:
    kinds = [f["kind"] for f in check(api, NONE, "ibuprofen")["flags"]]
    assert kinds == ["allergies_not_discussed"]


def context(api: httpx.Client, user: str, query: str, max_tokens: int = 800) -> dict:
    response = api.post(user_url(user, "context"), json={"query": query, "max_tokens": max_tokens})
    assert response.status_code == 200, response.text
    return response.json()


def test_an_organ_question_brings_the_liver_panel_with_a_one_line_trend(api: httpx.Client) -> None:
    body = context(api, EN, "How has my liver function changed over the last three months?")
    line = next(x for x in body["context"].split("\n") if x.startswith("- Measurement: alanine aminotransferase"))
    assert line == "- Measurement: alanine aminotransferase: 98 U/L high (2026-03-02) → 41 U/L normal (2026-06-09)"
    assert "aspartate aminotransferase: 76 U/L" in body["context"]
    assert "hba1c" not in body["context"]  # not a liver test
    assert {m["test"] for m in body["measurements"]} == {"alanine aminotransferase", "aspartate aminotransferase"}


def test_a_test_question_in_chinese_and_russian_brings_its_readings(api: httpx.Client) -> None:
    assert "fasting glucose: 7.8 mmol/L high (2026-05-01)" in context(api, ZH, "我的血糖怎么样？")["context"]
    assert "transaminases: high (2026-05-01)" in context(api, ZH, "我的肝功能怎么样？")["context"]
    assert "total cholesterol: high (2026-03-31)" in context(api, RU, "Как мой холестерин?")["context"]


def test_a_drug_question_carries_the_safety_flags_in_its_block(api: httpx.Client) -> None:
    body = context(api, EN, "Can I take amoxicillin for my sore throat?")
    assert "- IMPORTANT: SAFETY (amoxicillin): allergy_class: active allergy to penicillin" in body["context"]
    assert body["checks"][0]["canonical"] == "amoxicillin"


def test_the_extras_stay_within_max_tokens(api: httpx.Client) -> None:
    import bpe_openai

    encoding = bpe_openai.get_encoding("o200k_base")
    for budget in (40, 80, 200):
        text = context(api, EN, "How is my liver? Can I take amoxicillin?", max_tokens=budget)["context"]
        assert len(encoding.encode(text)) <= budget


def test_a_question_about_nothing_measured_adds_nothing(api: httpx.Client) -> None:
    body = context(api, EN, "I have a headache, what should I do?")
    assert body["measurements"] == [] and "Measurement:" not in body["context"]


def test_the_measurements_memo_follows_a_replaced_warehouse(measured_home: Path, tmp_path: Path) -> None:
    """Readings are held per warehouse file: a warehouse renamed over it (a backfill, a
    ``forget``) is what the very next request reads, an erased user's readings included."""
    home = tmp_path / "home"
    shutil.copytree(measured_home, home)
    warehouse = load_settings(home).warehouse_path
    with LiveServer(create_app(load_settings(home))) as server:
        with httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {TOKEN}"}, timeout=60) as client:
            before_ru = client.get(user_url(RU, "measurements")).json()
            assert client.get(user_url(EN, "measurements")).json()["measurements"] and before_ru["measurements"]
            asked = client.post(user_url(EN, "context"), json={"query": "How is my liver doing?"}).json()
            assert asked["measurements"], "the context block read the readings from the memo"
            erased = tmp_path / "next.duckdb"
            shutil.copy2(warehouse, erased)
            con = duckdb.connect(str(erased))
            con.execute("delete from measurements where user_id = ?", [EN])
            con.close()
            erased.replace(warehouse)  # what a backfill or ``forget`` does: a new file renamed over
            assert client.get(user_url(EN, "measurements")).json()["measurements"] == []
            assert client.post(user_url(EN, "context"), json={"query": "How is my liver doing?"}).json()[
                "measurements"
            ] == []
            assert client.get(user_url(RU, "measurements")).json() == before_ru
