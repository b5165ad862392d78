"""The ``openai`` backend over real HTTP against the local OpenAI-compatible stub."""

from __future__ import annotations

import json
import shutil
import sqlite3
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from anamnesis.config import Settings
from anamnesis.understanding.backend import Understanding
from anamnesis.understanding.llm_cache import LLMCache, cache_key, forget_user
from anamnesis.understanding.openai_backend import OpenAIBackend
from anamnesis.understanding.openai_failures import BackendUnavailable
from anamnesis.understanding.prompts import (
    BUNDLED_PROMPTS_DIR,
    MissingPromptError,
    load_measurements_prompt,
    load_prompts,
)
from schemas.events import ClassifierOutput, ExtractedEvent, Fragment, section_output_model
from schemas.measurements import MeasurementsOutput
from tests.openai_stub import Faults, OpenAIStub

TS = datetime(2025, 3, 1, 9, 30, tzinfo=UTC)
SAMPLES: list[tuple[str, str | None]] = [
    ("I take metformin 500 mg twice a day.", None),
    ("I'm allergic to penicillin, it gives me hives.", None),
    ("I have had a headache since yesterday.", None),
    ("Can I take ibuprofen?", None),
    ("Yes", "Do you take atorvastatin?"),
    ("No allergies, and I am 42 years old.", None),
    ("My mother has diabetes.", None),
    ("I have high blood pressure and I take lisinopril 10 mg.", None),
]


def fragments(copies: int = 1) -> list[Fragment]:
    out = []
    for copy in range(copies):
        for i, (text, context) in enumerate(SAMPLES):
            suffix = " " * copy  # another input, the same meaning
            out.append(
                Fragment(
                    fragment_id=f"f{copy}-{i}",
                    user_id=f"patient-secret-{i % 3}",
                    message_id=f"m{copy}-{i}",
                    ts=TS,
                    text=text + suffix,
                    context=context,
                )
            )
    return out


@pytest.fixture
def stub() -> Iterator[OpenAIStub]:
    with OpenAIStub() as server:
        yield server


def settings_for(home: Path, base_url: str, **overrides: object) -> Settings:
    base = Settings(
        home=home,
        llm="openai",
        llm_model=OpenAIStub.model,
        openai_base_url=base_url,
        llm_concurrency=4,
        llm_max_retries=2,
        llm_timeout_s=2.0,
    )
    return base.model_copy(update=overrides)


def run(settings: Settings, frags: list[Fragment]) -> tuple[list[Understanding], OpenAIBackend]:
    backend = OpenAIBackend(settings.model_copy(update={"llm_backoff_s": 0}))
    try:
        return list(backend.understand(frags)), backend
    finally:
        backend.close()


def entities(result: Understanding) -> set[tuple[str, str, str]]:
    return {(e["section"], e["entity"], e["status"]) for e in result.events}


def test_requests_carry_strict_schema_of_the_response_model(stub: OpenAIStub, tmp_path: Path) -> None:
    run(settings_for(tmp_path, stub.base_url), fragments())
    assert stub.count(kind="classifier") == len(SAMPLES)
    prompts = load_prompts()
    for call in stub.calls:
        fmt = call.body["response_format"]
        assert fmt["type"] == "json_schema"
        assert fmt["json_schema"]["strict"] is True
        if call.section == "measurements":  # CONTRACT §7.3: its own prompt and schema
            model, expected = MeasurementsOutput, load_measurements_prompt()
        else:
            model = ClassifierOutput if call.kind == "classifier" else section_output_model(call.section)
            expected = prompts.classifier if call.kind == "classifier" else prompts.extractors[call.section]
        assert fmt["json_schema"]["schema"] == model.model_json_schema()
        system = call.body["messages"][0]
        assert system == {"role": "system", "content": expected.text}
        assert "patient-secret" not in json.dumps(call.body)  # the user id never leaves


def test_events_come_back_in_input_order(stub: OpenAIStub, tmp_path: Path) -> None:
    frags = fragments()
    results, backend = run(settings_for(tmp_path, stub.base_url), frags)
    assert [r.fragment_id for r in results] == [f.fragment_id for f in frags]
    assert all(r.error is None for r in results)
    metformin = {"entity": "metformin", "status": "active", "mention": "metformin 500 mg", "dose": "500 mg"}
    assert results[0].events == [{**metformin, "section": "medications"}]
    assert entities(results[1]) == {("allergies", "penicillin", "active")}
    assert results[1].events[0]["reaction"] == "hives"
    assert entities(results[2]) == {("symptoms", "headache", "active")}
    assert results[3].sections == () and results[3].events == []  # a question is not a fact
    assert entities(results[4]) == {("medications", "atorvastatin", "active")}  # read through the context
    assert entities(results[5]) == {("allergies", "*", "confirmed_absent"), ("demographics", "age", "active")}
    assert results[6].events[0]["relation"] == "mother"
    assert results[7].sections == ("medications", "chronic_conditions")
    for result in results:
        for event in result.events:
            ExtractedEvent(**event)  # proposals fit the pipeline's validator
    assert backend.stats.calls == stub.count() > 0
    assert backend.stats.prompt_tokens > 0 and backend.stats.completion_tokens > 0
    assert stub.max_in_flight <= 4


def test_second_run_is_served_from_the_cache(stub: OpenAIStub, tmp_path: Path) -> None:
    settings = settings_for(tmp_path, stub.base_url)
    first, backend1 = run(settings, fragments())
    calls = stub.count()
    stub.reset()
    second, backend2 = run(settings, fragments())
    assert stub.count() == 0
    assert backend2.stats.calls == 0 and backend2.stats.cache_hits == calls
    assert second == first
    assert backend2.fingerprint() == backend1.fingerprint()


def test_editing_one_prompt_recalls_only_that_extractor(stub: OpenAIStub, tmp_path: Path) -> None:
    settings = settings_for(tmp_path / "home", stub.base_url)
    first, before = run(settings, fragments())
    routed = sum("allergies" in r.sections for r in first)
    prompts = tmp_path / "prompts"
    shutil.copytree(BUNDLED_PROMPTS_DIR, prompts)
    allergy_prompt = prompts / "extract" / "allergies.md"
    allergy_prompt.write_text(allergy_prompt.read_text() + "\nA drug class counts as one allergen.\n")
    stub.reset()
    second, after = run(settings.model_copy(update={"prompts_dir": prompts}), fragments())
    assert routed == 2
    assert stub.count() == stub.count(kind="extract", section="allergies") == routed
    assert stub.count(kind="classifier") == 0
    assert second == first
    assert after.fingerprint() != before.fingerprint()
    assert after.extractor_version("allergies") != before.extractor_version("allergies")
    assert after.extractor_version("medications") == before.extractor_version("medications")


def test_faults_end_in_events_or_errors_and_a_later_run_completes(stub: OpenAIStub, tmp_path: Path) -> None:
    frags = fragments(copies=4)
    with OpenAIStub() as clean:
        expected, _ = run(settings_for(tmp_path / "clean", clean.base_url), frags)
    stub.faults = Faults(rate=0.3, seed=7, slow_s=1.0)
    settings = settings_for(tmp_path / "home", stub.base_url, llm_max_retries=1, llm_timeout_s=0.4)
    results, backend = run(settings, frags)
    faults = {c.fault for c in stub.calls}
    assert faults >= {"429", "500", "slow", "truncated", "invalid"}
    failed = [r for r in results if r.error is not None]
    assert failed and len(failed) < len(frags)
    assert backend.stats.failures == len(failed)
    for got, want in zip(results, expected, strict=True):
        if got.error is None:
            assert got == want
        else:
            assert got.events == [] and "\n" not in got.error and "after 2 attempts" in got.error
    stub.faults = Faults()
    retry_ids = {r.fragment_id for r in failed}
    retried, _ = run(settings, [f for f in frags if f.fragment_id in retry_ids])
    assert all(r.error is None for r in retried)
    assert retried == [w for w in expected if w.fragment_id in retry_ids]


def test_unreachable_server_fails_fast_with_one_line(tmp_path: Path) -> None:
    settings = settings_for(tmp_path, "http://127.0.0.1:9/v1", llm_timeout_s=5.0, llm_max_retries=4)
    started = time.monotonic()
    backend = OpenAIBackend(settings)
    try:
        with pytest.raises(BackendUnavailable) as err:
            list(backend.understand(fragments()))
    finally:
        backend.close()
    assert time.monotonic() - started < 3
    assert str(err.value) == "openai backend: cannot reach http://127.0.0.1:9/v1 (connection refused)"


def test_a_server_without_the_route_or_model_stops_the_run(stub: OpenAIStub, tmp_path: Path) -> None:
    backend = OpenAIBackend(settings_for(tmp_path, stub.base_url + "/nope").model_copy(update={"llm_backoff_s": 0}))
    try:
        with pytest.raises(BackendUnavailable, match=r"/v1/nope has no such model or route .*HTTP 404"):
            list(backend.understand(fragments()))
    finally:
        backend.close()


def test_missing_model_or_prompt_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="ANAMNESIS_LLM_MODEL"):
        OpenAIBackend(Settings(home=tmp_path, llm="openai"))
    prompts = tmp_path / "prompts"
    shutil.copytree(BUNDLED_PROMPTS_DIR, prompts)
    (prompts / "extract" / "surgeries.md").unlink()
    with pytest.raises(MissingPromptError, match=r"missing extract/surgeries\.md"):
        OpenAIBackend(Settings(home=tmp_path, llm="openai", llm_model="m", prompts_dir=prompts))


def test_forget_user_removes_only_that_users_cached_answers(tmp_path: Path) -> None:
    path = tmp_path / "llm_cache.sqlite"
    shared = cache_key("m", "v1", "classifier", "same words")
    own = cache_key("m", "v1", "classifier", "alice only")
    with LLMCache(path) as cache:
        cache.put(shared, "alice@example.com", '{"sections": []}')
        assert cache.get(shared, "bob") == '{"sections": []}'  # bob now owns it too
        cache.put(own, "alice@example.com", '{"sections": ["allergies"]}')
    assert forget_user(path, "alice@example.com") == 2
    with LLMCache(path) as cache:
        assert cache.get(own, "bob") is None
        assert cache.get(shared, "bob") == '{"sections": []}'
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    assert b"alice" not in raw and b"bob" not in raw
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_measurements_have_their_own_versioned_prompt_and_are_asked_only_when_a_test_is_named(
    stub: OpenAIStub, tmp_path: Path
) -> None:
    texts = ["My HbA1c was 7.4% and ALT 98 U/L.", "I have a headache."]
    frags = [Fragment(f"m-{i}", "patient-secret", f"mm-{i}", TS, t) for i, t in enumerate(texts)]
    results, backend = run(settings_for(tmp_path, stub.base_url), frags)
    assert stub.count(section="measurements") == 1
    assert results[0].measurements == [
        {"test": "hba1c", "value": 7.4, "unit": "%", "mention": "hba1c was 7.4%"},  # the stub reads lower case
        {"test": "alanine aminotransferase", "value": 98.0, "unit": "u/l", "mention": "alt 98 u/l"},
    ]
    assert results[1].measurements == []
    version = load_measurements_prompt().version
    assert backend.extractor_version("measurements") == f"openai:{OpenAIStub.model}:{version}"
    prompts = tmp_path / "prompts"
    shutil.copytree(BUNDLED_PROMPTS_DIR, prompts)
    (prompts / "extract" / "measurements.md").write_text("Extract readings.\n", encoding="utf-8")
    _, changed = run(settings_for(tmp_path, stub.base_url).model_copy(update={"prompts_dir": prompts}), frags)
    assert changed.fingerprint() != backend.fingerprint()
