"""The synthetic generator: exact sizes, CONTRACT §1 validity, determinism, speed and memory."""

from __future__ import annotations

import json
import re
import tracemalloc
from collections import Counter, defaultdict
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

from tools.synth import main, write_synthetic_exports

RFC3339 = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")
REQUIRED = ("message_id", "user_id", "session_id", "ts", "role", "text")


def read(paths: list[Path]) -> list[tuple[Path, dict]]:
    return [(p, json.loads(line)) for p in paths for line in p.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    out = tmp_path_factory.mktemp("synth")
    return write_synthetic_exports(out, users=300, messages=4_000, days=5, seed=7, start=date(2026, 2, 1))


def test_file_names_follow_the_export_days(small: list[Path]) -> None:
    assert [p.name for p in small] == [f"export-2026-02-0{d}.jsonl" for d in range(2, 7)]


def test_exact_message_and_user_counts(small: list[Path]) -> None:
    records = [r for _, r in read(small)]
    ids = {r["message_id"] for r in records}
    assert len(ids) == 4_000
    assert len({r["user_id"] for r in records}) == 300
    assert all(re.fullmatch(r"synth-\d{6}", r["user_id"]) for r in records)


def test_every_line_is_a_valid_contract_message(small: list[Path]) -> None:
    for path, r in read(small):
        assert all(isinstance(r[k], str) and r[k] for k in REQUIRED)
        assert r["role"] in ("user", "assistant")
        assert r["lang"] in ("en", "ru", "zh")
        assert RFC3339.match(r["ts"]), r["ts"]
        ts = datetime.fromisoformat(r["ts"])
        assert ts.tzinfo is not None
        export_day = date.fromisoformat(path.name[len("export-") : -len(".jsonl")])
        assert ts.date() < export_day


def test_languages_split_about_evenly(small: list[Path]) -> None:
    langs = Counter(r["lang"] for _, r in read(small))
    assert set(langs) == {"en", "ru", "zh"}
    assert all(n > 4_000 / 3 * 0.7 for n in langs.values())


def test_sessions_alternate_from_a_user_turn(small: list[Path]) -> None:
    sessions: dict[str, list[dict]] = defaultdict(list)
    seen = set()
    for _, r in read(small):
        if r["message_id"] not in seen:
            seen.add(r["message_id"])
            sessions[r["session_id"]].append(r)
    for turns in sessions.values():
        turns.sort(key=lambda r: r["message_id"])
        assert len({r["user_id"] for r in turns}) == 1
        assert [r["role"] for r in turns] == ["user", "assistant"] * (len(turns) // 2) + ["user"] * (
            len(turns) % 2
        )
        stamps = [datetime.fromisoformat(r["ts"]) for r in turns]
        assert stamps == sorted(stamps)


def test_about_one_percent_of_users_are_reexported_identically_later(small: list[Path]) -> None:
    first: dict[str, tuple[int, str]] = {}
    dups = []
    for i, path in enumerate(small):
        for line in path.read_text(encoding="utf-8").splitlines():
            mid = json.loads(line)["message_id"]
            if mid in first:
                assert first[mid][1] == line
                assert first[mid][0] < i
                dups.append(mid)
            else:
                first[mid] = (i, line)
    # 1% of 300 users, one message each, if the user talks before the last day.
    assert 1 <= len(dups) <= 3
    assert len(set(dups)) == len(dups)
    assert sum(len(p.read_text(encoding="utf-8").splitlines()) for p in small) == 4_000 + len(dups)


def test_text_is_varied_and_covers_the_tricky_cases(small: list[Path]) -> None:
    texts = [r["text"] for _, r in read(small) if r["role"] == "user"]
    assert len(set(texts)) > 800
    for marker in ("No allergies.", "Нет аллергии.", "没有过敏。", "What if I stop", "switched me from"):
        assert any(marker in t for t in texts), marker
    assert any(t.endswith("?") for t in texts) and any(t.endswith("？") for t in texts)
    assert any(t.startswith(("My friend", "My colleague", "My neighbor")) for t in texts)
    assert all(t[0] == t[0].upper() for t in texts)


def test_same_seed_same_bytes_other_seed_other_bytes(tmp_path: Path) -> None:
    def run(name: str, seed: int) -> list[bytes]:
        paths = write_synthetic_exports(tmp_path / name, users=50, messages=900, days=3, seed=seed)
        return [p.read_bytes() for p in paths]

    assert run("a", 1) == run("b", 1)
    assert run("a", 1) != run("c", 2)


def test_fewer_messages_than_users_uses_one_message_per_user(tmp_path: Path) -> None:
    paths = write_synthetic_exports(tmp_path, users=50, messages=20, days=2)
    records = [r for _, r in read(paths)]
    assert len({r["message_id"] for r in records}) == 20
    assert len({r["user_id"] for r in records}) == 20


def test_progress_reports_increasing_counts_ending_at_the_total(tmp_path: Path) -> None:
    calls: list[int] = []
    write_synthetic_exports(tmp_path, users=100, messages=25_000, days=3, progress=calls.append)
    assert len(calls) >= 3
    assert calls == sorted(calls) and calls[-1] == 25_000


def test_memory_does_not_grow_with_messages(tmp_path: Path) -> None:
    def peak(messages: int) -> int:
        tracemalloc.start()
        write_synthetic_exports(tmp_path / str(messages), users=500, messages=messages, days=2)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return peak

    small, large = peak(2_000), peak(20_000)
    assert large < small * 1.5, (small, large)


def test_rejects_nonsense_sizes(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        write_synthetic_exports(tmp_path, users=0, messages=10)
    with pytest.raises(ValueError):
        write_synthetic_exports(tmp_path, users=5, messages=10, days=0)


def test_start_is_the_first_conversation_day(tmp_path: Path) -> None:
    paths = write_synthetic_exports(tmp_path, users=5, messages=50, days=2, start=date(2026, 12, 31))
    assert [p.name for p in paths] == ["export-2027-01-01.jsonl", "export-2027-01-02.jsonl"]
    days = {datetime.fromisoformat(r["ts"]).date() for _, r in read(paths[:1])}
    assert days == {date(2026, 12, 31)}
    assert date(2026, 12, 31) + timedelta(days=1) in {
        datetime.fromisoformat(r["ts"]).date() for _, r in read(paths[1:])
    }


def test_cli_messages_is_the_number_of_distinct_messages_in_all(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--out", str(tmp_path), "--users", "40", "--messages", "900", "--days", "3"]) == 0
    records = [r for _, r in read(sorted(tmp_path.glob("*.jsonl")))]
    assert len({r["message_id"] for r in records}) == 900
    assert f"wrote 900 messages ({len(records):,} lines) of 40 users in 3 files" in capsys.readouterr().err
