"""The bundled sample exports: CONTRACT §1 validity, sizes, and the scenarios other tests rely on."""

from __future__ import annotations

import gzip
import json
import re
from collections import Counter, defaultdict
from datetime import date, datetime
from pathlib import Path

import pytest

from anamnesis.sample_data import SAMPLE_EXPORTS as EXPORTS

#: The one message exported twice unchanged, and the one re-exported with other text.
DUPLICATED_MESSAGE = "m-ru-05-01-01"
EDITED_MESSAGE = "m-en-14-01-01"
EDITED_TEXT = "I take Norvasc 10 mg every morning."
RFC3339 = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")
REQUIRED = ("message_id", "user_id", "session_id", "ts", "role", "text")
LANGS = ("en", "ru", "zh")

#: Words that show a section is talked about, per language of the message.
SECTION_WORDS: dict[str, dict[str, str]] = {
    "medications": {"en": r"\d+ mg", "ru": r"\d+ мг", "zh": r"\d+毫克"},
    "symptoms": {"en": r"headache|heart is racing", "ru": r"болит голова|сердцебиение", "zh": r"头疼|心慌"},
    "diagnoses": {"en": r"pneumonia|gastritis", "ru": r"пневмония|гастрит", "zh": r"肺炎|胃炎"},
    "chronic_conditions": {
        "en": r"high blood pressure|diabetes",
        "ru": r"гипертония|диабет",
        "zh": r"高血压|糖尿病",
    },
    "demographics": {"en": r"years old", "ru": r"\d+ (лет|год)", "zh": r"\d+岁"},
    "lifestyle": {"en": r"smok", "ru": r"кур(ю|ить)", "zh": r"烟"},
    "allergies": {"en": r"allerg", "ru": r"аллерги", "zh": r"过敏"},
    "surgeries": {"en": r"surgery|removed", "ru": r"операци|удалили", "zh": r"手术"},
    "injuries": {"en": r"sprained|broke", "ru": r"подвернул|сломала", "zh": r"扭伤|摔断"},
    "vaccinations": {"en": r"vaccine|shot", "ru": r"прививк", "zh": r"疫苗"},
    "family_history": {
        "en": r"My (mother|father|sister)",
        "ru": r"У (моей мамы|отца|моей сестры)",
        "zh": r"我(妈妈|爸爸|姐姐)",
    },
}


def read_lines(path: Path) -> list[str]:
    data = gzip.decompress(path.read_bytes()) if path.name.endswith(".gz") else path.read_bytes()
    return data.decode("utf-8").splitlines()


@pytest.fixture(scope="module")
def files() -> list[Path]:
    return sorted(EXPORTS.iterdir())


@pytest.fixture(scope="module")
def lines(files: list[Path]) -> list[tuple[Path, dict]]:
    return [(p, json.loads(line)) for p in files for line in read_lines(p)]


@pytest.fixture(scope="module")
def messages(lines: list[tuple[Path, dict]]) -> dict[str, dict]:
    """Each message as last exported (an edit supersedes the earlier version)."""
    return {r["message_id"]: r for _, r in lines}


def user_texts(messages: dict[str, dict], user_id: str) -> list[str]:
    return [
        r["text"]
        for r in sorted(messages.values(), key=ts)
        if r["user_id"] == user_id and r["role"] == "user"
    ]


def ts(record: dict) -> datetime:
    return datetime.fromisoformat(record["ts"])


def test_six_daily_files_one_gzipped(files: list[Path]) -> None:
    assert [p.name for p in files] == [
        "export-2026-03-03.jsonl",
        "export-2026-04-15.jsonl",
        "export-2026-06-01.jsonl.gz",
        "export-2026-07-20.jsonl",
        "export-2026-09-10.jsonl",
        "export-2026-11-20.jsonl",
    ]


def test_every_line_is_a_valid_contract_message(lines: list[tuple[Path, dict]]) -> None:
    for path, r in lines:
        assert all(isinstance(r[k], str) and r[k] for k in REQUIRED), r
        assert r["role"] in ("user", "assistant")
        assert r["lang"] in LANGS
        assert RFC3339.match(r["ts"]) and ts(r).tzinfo is not None, r["ts"]
        assert len(r["text"]) <= 32_000
        export_day = date.fromisoformat(path.name[len("export-") :].split(".")[0])
        assert ts(r).date() < export_day
        assert date(2026, 2, 1) <= ts(r).date() <= date(2026, 11, 30)


def test_sizes_and_languages(messages: dict[str, dict]) -> None:
    assert 400 <= len(messages) <= 700
    users = {r["user_id"] for r in messages.values()}
    assert len(users) == 54
    assert Counter(u.split("-")[1] for u in users) == {"en": 18, "ru": 18, "zh": 18}
    assert all(re.fullmatch(r"u-(en|ru|zh)-\d{2}", u) for u in users)
    assert {r["ts"][-6:] for r in messages.values()} >= {"+00:00", "+03:00", "+08:00"}


def test_sessions_alternate_roles(messages: dict[str, dict]) -> None:
    sessions: dict[str, list[dict]] = defaultdict(list)
    for r in messages.values():
        sessions[r["session_id"]].append(r)
    for turns in sessions.values():
        turns.sort(key=ts)
        roles = [r["role"] for r in turns]
        assert all(a != b for a, b in zip(roles, roles[1:], strict=False)), roles
        assert len({r["user_id"] for r in turns}) == 1


def test_each_language_talks_about_every_section(messages: dict[str, dict]) -> None:
    for section, by_lang in SECTION_WORDS.items():
        for lang, pattern in by_lang.items():
            texts = [r["text"] for r in messages.values() if r["role"] == "user" and r["lang"] == lang]
            assert any(re.search(pattern, t) for t in texts), (section, lang)


@pytest.mark.parametrize(
    ("user_id", "text"),
    [
        ("u-en-01", "I have high blood pressure and take nifedipine 30 mg once a day"),
        ("u-ru-01", "У меня гипертония, принимаю нифедипин 30 мг раз в день"),
        ("u-zh-01", "我有高血压，每天吃一次硝苯地平30毫克"),
        ("u-en-03", "我在吃格华止，每天两次，每次500毫克"),
        ("u-zh-03", "I take Glucophage 500 mg twice a day"),
        ("u-en-06", "The doctor switched me from aspirin to clopidogrel"),
        ("u-ru-06", "Врач перевёл меня с аспирина на клопидогрел."),
        ("u-zh-06", "医生让我把阿司匹林换成了氯吡格雷。"),
        ("u-en-07", "My doctor raised my metformin to 1000 mg twice a day because my sugar was high."),
        ("u-en-08", "I quit smoking two months ago!"),
        ("u-en-09", "My headache is gone."),
        ("u-en-11", "No."),
        ("u-en-13", "My friend takes warfarin. Is it a dangerous drug?"),
        ("u-en-13", "My mother has type 2 diabetes."),
        ("u-en-14", "Can I take ibuprofen with lisinopril?"),
        ("u-en-16", "The test showed I'm not allergic to penicillin."),
        ("u-en-17", "What if I stop metformin? My sugar has been normal lately."),
    ],
)
def test_scenario_texts_exist(messages: dict[str, dict], user_id: str, text: str) -> None:
    assert text in user_texts(messages, user_id)


def test_cross_language_messages_carry_their_own_lang(messages: dict[str, dict]) -> None:
    by_text = {r["text"]: r for r in messages.values()}
    assert by_text["我在吃格华止，每天两次，每次500毫克"]["lang"] == "zh"
    assert by_text["I take Glucophage 500 mg twice a day"]["lang"] == "en"


@pytest.mark.parametrize("lang", LANGS)
def test_hypertensive_users_are_never_asked_about_vaccines(messages: dict[str, dict], lang: str) -> None:
    words = re.compile(r"vaccin|shot|прививк|вакцин|疫苗|接种", re.IGNORECASE)
    texts = [r["text"] for r in messages.values() if r["user_id"] == f"u-{lang}-01"]
    assert texts and not any(words.search(t) for t in texts)


@pytest.mark.parametrize(
    ("user_id", "denial"),
    [
        ("u-en-02", "No, I don't have any allergies."),
        ("u-ru-02", "Нет, аллергии нет."),
        ("u-zh-02", "没有，我没有过敏。"),
    ],
)
def test_allergy_denials_answer_the_question_on_march_2(
    messages: dict[str, dict], user_id: str, denial: str
) -> None:
    turns = sorted((r for r in messages.values() if r["user_id"] == user_id), key=ts)
    i = next(i for i, r in enumerate(turns) if r["text"] == denial)
    assert turns[i]["role"] == "user" and ts(turns[i]).date() == date(2026, 3, 2)
    assert turns[i - 1]["role"] == "assistant"
    assert re.search(r"allerg|аллерги|过敏", turns[i - 1]["text"])


def _said_at(messages: dict[str, dict], user_id: str, text: str) -> datetime:
    return next(ts(r) for r in messages.values() if r["user_id"] == user_id and r["text"] == text)


def test_penicillin_allergy_then_no_allergies_conflict(messages: dict[str, dict]) -> None:
    allergic = _said_at(messages, "u-en-04", "I'm allergic to penicillin")
    assert _said_at(messages, "u-en-04", "I have no allergies") > allergic


def test_no_medication_then_atorvastatin_a_month_later(messages: dict[str, dict]) -> None:
    none = _said_at(messages, "u-en-05", "I don't take any medication")
    started = _said_at(messages, "u-en-05", "My GP started me on atorvastatin 20 mg")
    assert 28 <= (started - none).days <= 45


def test_last_export_only_adds_new_users(lines: list[tuple[Path, dict]], files: list[Path]) -> None:
    last = {r["user_id"] for p, r in lines if p == files[-1]}
    earlier = {r["user_id"] for p, r in lines if p != files[-1]}
    assert last and not last & earlier
    assert {u.split("-")[1] for u in last} == set(LANGS)


def test_one_duplicate_and_one_edit_in_the_same_later_file(files: list[Path]) -> None:
    first: dict[str, tuple[int, str]] = {}
    duplicates, edits = [], []
    for i, path in enumerate(files):
        for line in read_lines(path):
            mid = json.loads(line)["message_id"]
            if mid not in first:
                first[mid] = (i, line)
                continue
            assert first[mid][0] < i
            (duplicates if first[mid][1] == line else edits).append((mid, i))
    assert duplicates == [(DUPLICATED_MESSAGE, 4)]
    assert edits == [(EDITED_MESSAGE, 4)]


def test_the_edit_changes_only_the_text(lines: list[tuple[Path, dict]]) -> None:
    versions = [r for _, r in lines if r["message_id"] == EDITED_MESSAGE]
    assert len(versions) == 2
    old, new = versions
    assert old["text"] != new["text"] == EDITED_TEXT
    assert {k: v for k, v in old.items() if k != "text"} == {k: v for k, v in new.items() if k != "text"}
