"""The ``openai`` understanding backend: any OpenAI-compatible server, strict JSON schemas.

Per fragment one classifier call picks the sections, then one extractor call per picked
section proposes its events; fragments of small talk are not asked about at all
(:mod:`~anamnesis.understanding.prefilter`), and each request carries the session's earlier
turns and, for an extractor, the section's known facts
(:mod:`~anamnesis.understanding.llm_context`). Every answer must parse into the pydantic
response model it was asked for; answers that do are cached, so a rerun (or a change to one section's prompt) only
pays for the calls whose prompt, model, schema or input changed. A fragment either gets all its
sections read or an ``error`` (then the pipeline tries it again on the next run).
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import openai
from pydantic import BaseModel, ValidationError

from anamnesis.config import Settings
from anamnesis.openai_retry import RetryPolicy, retry_after, retryable_status
from anamnesis.understanding.backend import BackendStats, Understanding
from anamnesis.understanding.llm_cache import LLMCache, cache_key
from anamnesis.understanding.llm_context import render_input
from anamnesis.understanding.llm_usage import UsageLedger
from anamnesis.understanding.openai_failures import (
    FATAL_STATUSES,
    BackendUnavailable,
    CallFailed,
    error_code,
    misfit_reason,
    refused_reason,
)
from anamnesis.understanding.openai_measurements import MEASUREMENTS_SCHEMA, mentions_measurements
from anamnesis.understanding.openai_tasks import CLASSIFIER_SCHEMA, Task, extractor_schema_name
from anamnesis.understanding.prefilter import no_health_content, prefilter_version
from anamnesis.understanding.prompts import Prompt, load_measurements_prompt, load_prompts
from schemas.events import ClassifierOutput, Fragment, section_output_model
from schemas.measurements import MeasurementsOutput
from schemas.sections import SECTIONS

log = logging.getLogger(__name__)

#: Fragments per ``understand`` call in batch mode: one batch per stage for up to this many.
BATCH_CHUNK = 20_000
#: Attempts at a server that refuses connections before the run gives up on it.
_UNREACHABLE_ATTEMPTS = 2
_UNREACHABLE_PAUSE_S = 0.2


def _compact(event: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in event.items() if v is not None}


class OpenAIBackend:
    """Classifier plus per-section extractors over the Chat Completions API."""

    name = "openai"
    pure = False  # answers are cached per user (for erasure), so every fragment is asked

    def __init__(self, settings: Settings) -> None:
        if not settings.llm_model:
            raise ValueError("the openai backend needs a model: set ANAMNESIS_LLM_MODEL")
        self.stats = BackendStats()
        self.usage = UsageLedger(self.stats)
        self.mode = settings.llm_mode
        #: Where batch mode reports how far its batches are (``set_progress``).
        self.progress: Callable[[str, int, int | None], None] | None = None
        self._settings = settings
        #: Earlier turns sent with each fragment (read by the understanding stage).
        self.context_turns = settings.llm_context_turns
        self._model = settings.llm_model
        self._retry = RetryPolicy.from_settings(settings)
        self._prompts = load_prompts(settings.prompts_dir)
        self._classifier = Task.build(CLASSIFIER_SCHEMA, self._prompts.classifier, ClassifierOutput)
        self._extractors = {
            s: Task.build(extractor_schema_name(s), self._prompts.extractors[s], section_output_model(s))
            for s in SECTIONS
        }
        self._measurements = Task.build(
            MEASUREMENTS_SCHEMA, load_measurements_prompt(self._prompts.directory), MeasurementsOutput
        )
        self._client = openai.OpenAI(
            base_url=settings.openai_base_url,
            api_key=settings.openai_api_key or "not-needed",
            timeout=settings.llm_timeout_s,
            max_retries=0,  # retries are anamnesis.openai_retry's: one policy, counted in stats
        )
        self._base_url = str(self._client.base_url).rstrip("/")
        self._cache = LLMCache(settings.llm_cache_path)
        self._lock = threading.Lock()
        self._fatal: str | None = None
        self._send_temperature = True

    # -- Backend protocol ---------------------------------------------------------------------

    def fingerprint(self) -> str:
        parts = [self._model, self._classifier.schema_id, self._classifier.prompt.version]
        for task in self._extractors.values():
            parts += [task.schema_id, task.prompt.version]
        parts += [self._measurements.schema_id, self._measurements.prompt.version]
        parts += [f"turns={self.context_turns}", prefilter_version() if self._settings.llm_prefilter else "all"]
        return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()[:12]

    def extractor_version(self, section: str) -> str:
        task = self._measurements if section == "measurements" else self._extractors[section]
        return f"openai:{self._model}:{task.prompt.version}"

    @property
    def model(self) -> str:
        return self._model

    @property
    def chunk(self) -> int | None:
        """Fragments per ``understand`` call the pipeline should give: batch mode wants whole ranges."""
        return None if self.mode == "sync" else BATCH_CHUNK

    def set_progress(self, report: Callable[[str, int, int | None], None]) -> None:
        self.progress = report

    def understand(self, fragments: Iterable[Fragment]) -> Iterator[Understanding]:
        """Read fragments on a bounded thread pool, or through the Batch API; results in input order."""
        if self.mode == "batch":
            from anamnesis.understanding.llm_batch import understand_in_batches

            yield from understand_in_batches(self, list(fragments))
            return
        workers = max(1, self._settings.llm_concurrency)
        self._fatal = None
        with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="anamnesis-openai") as pool:
            pending: deque[Future[Understanding]] = deque()
            try:
                for fragment in fragments:
                    pending.append(pool.submit(self._understand_one, fragment))
                    if len(pending) >= 2 * workers:
                        yield pending.popleft().result()
                while pending:
                    yield pending.popleft().result()
            finally:
                for future in pending:
                    future.cancel()

    def ask(self, name: str, prompt: Prompt, model: type[BaseModel], text: str, user_id: str) -> BaseModel | None:
        """One call of another task (session summaries), cached, retried and validated like the
        extractors'; None when it gave no usable answer (counted as a failure)."""
        try:
            return self._complete(Task.build(name, prompt, model), text, user_id)
        except CallFailed as exc:
            with self._lock:
                self.stats.failures += 1
            log.info("openai backend: %s call failed: %s", name, exc)
            return None

    def close(self) -> None:
        self._client.close()
        self._cache.close()

    # -- one fragment ---------------------------------------------------------------------------

    def _understand_one(self, fragment: Fragment) -> Understanding:
        if self.skips(fragment):
            return Understanding(fragment_id=fragment.fragment_id)
        text = self.task_input(fragment, self._classifier)
        try:
            routed = self._complete(self._classifier, text, fragment.user_id)
            sections = tuple(dict.fromkeys(routed.sections))  # type: ignore[attr-defined]
            answers = [
                (task, self._complete(task, self.task_input(fragment, task), fragment.user_id))
                for task in self.extraction_tasks(fragment, sections)
            ]
        except CallFailed as exc:
            return self.not_understood(fragment, str(exc))
        return self.understanding(fragment, sections, answers)

    # -- the parts both modes (and the dry run) share -------------------------------------------

    @property
    def classifier(self) -> Task:
        return self._classifier

    def extraction_tasks(self, fragment: Fragment, sections: Iterable[str]) -> list[Task]:
        """The extractor calls a fragment routed to ``sections`` needs, measurements included."""
        tasks = [self._extractors[s] for s in sections]
        if mentions_measurements(fragment.text):
            tasks.append(self._measurements)
        return tasks

    def skips(self, fragment: Fragment) -> bool:
        """True (and counted) when the pre-filter finds no health content: no call is made."""
        if not (self._settings.llm_prefilter and no_health_content(fragment)):
            return False
        with self._lock:
            self.stats.prefiltered += 1
        return True

    def task_input(self, fragment: Fragment, task: Task) -> str:
        """The user message of one call: an extractor also sees its section's known facts."""
        extractor = task is not self._classifier and task is not self._measurements
        return render_input(fragment, task.name.removeprefix("extract_") if extractor else None)

    def understanding(
        self, fragment: Fragment, sections: tuple[str, ...], answers: list[tuple[Task, BaseModel]]
    ) -> Understanding:
        """What the extractors' validated answers say about one fragment."""
        events: list[dict[str, Any]] = []
        measurements: list[dict[str, Any]] = []
        for task, answer in answers:
            if task is self._measurements:
                measurements += [_compact(m.model_dump()) for m in answer.measurements]  # type: ignore[attr-defined]
            else:
                section = task.name.removeprefix("extract_")
                events += [{**_compact(e.model_dump()), "section": section} for e in answer.events]  # type: ignore[attr-defined]
        return Understanding(
            fragment_id=fragment.fragment_id, sections=sections, events=events, measurements=measurements
        )

    def not_understood(self, fragment: Fragment, reason: str) -> Understanding:
        with self._lock:
            self.stats.failures += 1
        log.info("openai backend: fragment %s not understood: %s", fragment.fragment_id, reason)
        return Understanding(fragment_id=fragment.fragment_id, error=reason)

    def key(self, task: Task, text: str) -> str:
        """The response cache key of one call (also its ``custom_id`` in a batch)."""
        return cache_key(self._model, task.prompt.version, task.schema_id, text)

    def cached(self, task: Task, key: str, user_id: str) -> BaseModel | None:
        """The cached answer of one call if it still fits its schema (counted as a cache hit)."""
        cached = self._cache.get(key, user_id)
        if cached is None:
            return None
        try:
            answer = task.model.model_validate_json(cached)
        except ValidationError:
            log.debug("openai backend: cached %s answer no longer fits, asking again", task.name)
            return None
        self.usage.hit(task.name)
        return answer

    def has_answer(self, key: str) -> bool:
        """Whether the cache holds an answer for ``key`` (no owner recorded)."""
        return self._cache.has(key)

    def store(self, key: str, user_id: str, content: str) -> None:
        """Cache an answer that passed validation."""
        self._cache.put(key, user_id, content)

    def request_body(self, task: Task, text: str) -> dict[str, Any]:
        """The Chat Completions request of one call: what sync mode sends and a batch line carries."""
        body: dict[str, Any] = {
            "model": self._model,
            "messages": [
                {"role": "system", "content": task.prompt.text},
                {"role": "user", "content": text},
            ],
            "response_format": task.response_format,
        }
        if self._send_temperature:
            body["temperature"] = 0
        return body

    @property
    def client(self) -> openai.OpenAI:
        return self._client

    @property
    def settings(self) -> Settings:
        return self._settings

    def _complete(self, task: Task, text: str, user_id: str) -> BaseModel:
        """The validated answer of one call: from the cache, or from the server with retries."""
        key = self.key(task, text)
        if (hit := self.cached(task, key, user_id)) is not None:
            return hit
        reason = "no attempt made"
        refused = 0
        attempts = self._retry.attempts
        attempt = 0
        while attempt < attempts:
            if self._fatal:
                raise BackendUnavailable(self._fatal)
            delay: float | None = None
            try:
                content = self._request(task, text)
            except openai.APIConnectionError as exc:  # includes timeouts
                if (why := refused_reason(exc)) is not None:
                    refused += 1
                    if refused >= _UNREACHABLE_ATTEMPTS:
                        self.give_up(f"cannot reach {self._base_url} ({why})")
                    time.sleep(_UNREACHABLE_PAUSE_S)
                    continue
                reason = "timed out" if isinstance(exc, openai.APITimeoutError) else "connection error"
            except openai.APIStatusError as exc:
                if exc.status_code in FATAL_STATUSES:
                    why = FATAL_STATUSES[exc.status_code]
                    self.give_up(f"{self._base_url} {why} (model {self._model}, {error_code(exc)})")
                if exc.status_code == 400 and self._send_temperature and "temperature" in str(exc.message):
                    self._send_temperature = False  # reasoning models accept only their default
                    continue
                if not retryable_status(exc.status_code):
                    raise CallFailed(f"{task.name}: {error_code(exc)}") from None
                reason = error_code(exc)
                delay = retry_after(exc)
            except openai.APIError as exc:  # a 200 whose body the SDK could not read
                reason = f"unreadable response ({type(exc).__name__})"
            else:
                try:
                    answer = task.model.model_validate_json(content)
                except ValidationError as exc:
                    reason = misfit_reason(exc)
                else:
                    self.store(key, user_id, content)
                    return answer
            attempt += 1
            log.debug("openai backend: %s attempt %d/%d failed: %s", task.name, attempt, attempts, reason)
            if attempt < attempts:
                time.sleep(self._retry.delay(attempt, delay))
        raise CallFailed(f"{task.name}: {reason} (after {attempts} attempts)")

    def _request(self, task: Task, text: str) -> str:
        """One HTTP call; returns the answer's raw content and counts it."""
        try:
            completion = self._client.chat.completions.create(**self.request_body(task, text))
        except openai.APIError:
            self.usage.call(task.name)
            raise
        usage = completion.usage
        self.usage.call(
            task.name,
            (usage.prompt_tokens or 0) if usage else 0,
            (usage.completion_tokens or 0) if usage else 0,
        )
        return (completion.choices[0].message.content or "") if completion.choices else ""

    def give_up(self, reason: str) -> None:
        """Stop every worker: the run cannot succeed against this server."""
        self._fatal = f"openai backend: {reason}"
        raise BackendUnavailable(self._fatal)
