"""Batch mode of the ``openai`` backend: OpenAI's Batch API, at half the price, for backfills.

A stage's requests (first every fragment's classifier call, then the extractor calls the
answers route to) are written as JSONL (``custom_id``, ``method``, ``url``, ``body``; the body is
exactly what sync mode sends), uploaded through ``/v1/files``, and run as one batch on
``/v1/batches``, polled with progress. Each answer is validated and cached exactly like a
synchronous one; items that failed, expired or did not fit their schema go into the next
batch, at most ``llm_batch_rounds`` batches in all, and then end their fragment in rejects
with the reason.

The ``custom_id`` is the response cache key (a hash: no user id, no text). A batch in flight is
recorded in ``<home>/llm_batches/<digest>.json`` (batch id, input file id, each custom_id's task),
the digest being that of the stage and its custom_ids: a killed run asks for the same requests
again (the cache holds none of them yet), finds the record and resumes polling the same batch
instead of paying for a second one. Remote files are deleted once their answers are read.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import openai
import orjson
from pydantic import BaseModel, ValidationError

from anamnesis.openai_retry import RetryPolicy
from anamnesis.storage.atomic import atomic_path
from anamnesis.understanding.backend import Understanding
from anamnesis.understanding.openai_failures import (
    FATAL_STATUSES,
    BackendUnavailable,
    error_code,
    misfit_reason,
    refused_reason,
)
from anamnesis.understanding.openai_tasks import Task
from schemas.events import Fragment

if TYPE_CHECKING:
    from anamnesis.understanding.openai_backend import OpenAIBackend

log = logging.getLogger(__name__)
T = TypeVar("T")

ENDPOINT = "/v1/chat/completions"
#: The Batch API's limits per batch (50,000 requests, 200 MB), with a margin on the size.
MAX_REQUESTS = 50_000
MAX_BYTES = 190 * 2**20
TERMINAL = frozenset({"completed", "failed", "expired", "cancelled"})


@dataclass(slots=True)
class Request:
    """One distinct call of a stage and the users whose fragments need its answer."""

    task: Task
    body: dict[str, Any]
    owners: list[str] = field(default_factory=list)


class BatchJobs:
    """The batches in flight, one JSON record each, written atomically."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def _path(self, digest: str) -> Path:
        return self.directory / f"{digest}.json"

    def load(self, digest: str) -> dict[str, Any] | None:
        path = self._path(digest)
        return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None

    def save(self, digest: str, record: dict[str, Any]) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        with atomic_path(self._path(digest)) as tmp:
            tmp.write_text(json.dumps(record, indent=1), encoding="utf-8")

    def drop(self, digest: str) -> None:
        self._path(digest).unlink(missing_ok=True)

    def pending(self) -> list[dict[str, Any]]:
        """Every recorded batch (tests and operators look here)."""
        if not self.directory.exists():
            return []
        return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(self.directory.glob("*.json"))]


def digest_of(stage: str, custom_ids: list[str]) -> str:
    return hashlib.sha256("\n".join([stage, *custom_ids]).encode("utf-8")).hexdigest()[:24]


def batch_line(custom_id: str, body: dict[str, Any]) -> bytes:
    """One line of a batch input file."""
    return orjson.dumps({"custom_id": custom_id, "method": "POST", "url": ENDPOINT, "body": body}) + b"\n"


def split(requests: dict[str, Request]) -> list[list[str]]:
    """The custom_ids of each batch: in sorted order, within the API's count and size limits."""
    parts: list[list[str]] = [[]]
    size = 0
    for cid in sorted(requests):
        line = len(batch_line(cid, requests[cid].body))
        if parts[-1] and (len(parts[-1]) >= MAX_REQUESTS or size + line > MAX_BYTES):
            parts.append([])
            size = 0
        parts[-1].append(cid)
        size += line
    return [p for p in parts if p]


@dataclass(slots=True)
class _Job:
    digest: str
    record: dict[str, Any]
    status: str = "validating"
    done: int = 0
    total: int = 0
    batch: Any = None


class BatchRunner:
    """Runs one stage's requests through as many batches as it takes, within the round limit."""

    def __init__(self, backend: OpenAIBackend) -> None:
        settings = backend.settings
        self.backend = backend
        self.client = backend.client
        self.jobs = BatchJobs(settings.llm_batches_path)
        self.poll_s = settings.llm_batch_poll_s
        self.rounds = settings.llm_batch_rounds
        self.retry = RetryPolicy.from_settings(settings)

    # -- one stage ------------------------------------------------------------------------------

    def resolve(self, stage: str, requests: dict[str, Request]) -> dict[str, BaseModel | str]:
        """The validated answer, or the reason there is none, of every request (by custom_id)."""
        results: dict[str, BaseModel | str] = {}
        pending = dict(requests)
        reasons: dict[str, str] = {}
        for round_no in range(1, self.rounds + 1):
            if not pending:
                break
            jobs = [self._job(stage, part, pending) for part in split(pending)]
            self._wait(stage, jobs)
            reasons = {}
            for job in jobs:
                for cid, outcome in self._collect(job, pending).items():
                    if isinstance(outcome, str):
                        reasons[cid] = outcome
                    else:
                        results[cid] = outcome
            pending = {cid: pending[cid] for cid in reasons}
            if pending:
                log.info("openai batch %s: %d requests go to batch %d", stage, len(pending), round_no + 1)
        for cid, why in reasons.items():
            results[cid] = f"{requests[cid].task.name}: {why} (after {self.rounds} batches)"
        return results

    def _job(self, stage: str, cids: list[str], requests: dict[str, Request]) -> _Job:
        """The recorded batch of these requests, or a new one (uploaded and created)."""
        digest = digest_of(stage, cids)
        record = self.jobs.load(digest)
        if record is not None:
            log.info("openai batch %s: resuming batch %s", stage, record["batch_id"])
            return _Job(digest, record, total=len(cids))
        data = b"".join(batch_line(cid, requests[cid].body) for cid in cids)
        upload = self._api(
            "upload", lambda: self.client.files.create(file=(f"anamnesis-{stage}.jsonl", data), purpose="batch")
        )
        batch = self._api(
            "create",
            lambda: self.client.batches.create(
                input_file_id=upload.id, endpoint=ENDPOINT, completion_window="24h", metadata={"stage": stage}
            ),
        )
        record = {
            "stage": stage,
            "batch_id": batch.id,
            "input_file_id": upload.id,
            "created_at": time.time(),
            "custom_ids": {cid: requests[cid].task.name for cid in cids},
        }
        self.jobs.save(digest, record)
        log.info("openai batch %s: created batch %s of %d requests", stage, batch.id, len(cids))
        return _Job(digest, record, status=batch.status, total=len(cids))

    def _wait(self, stage: str, jobs: list[_Job]) -> None:
        """Poll until every batch ends, reporting requests done of all."""
        label = f"LLM batch {stage}"
        while True:
            for job in jobs:
                if job.status in TERMINAL and job.batch is not None:
                    continue
                batch = self._api("poll", lambda job=job: self.client.batches.retrieve(job.record["batch_id"]))
                job.batch, job.status = batch, batch.status
                counts = batch.request_counts
                job.done = (counts.completed + counts.failed) if counts else 0
                if batch.status == "failed":
                    self.jobs.drop(job.digest)
                    errors = batch.errors.data if batch.errors and batch.errors.data else []
                    why = f"{errors[0].code}: {errors[0].message}" if errors else "no reason given"
                    raise BackendUnavailable(f"openai backend: batch {batch.id} failed ({why})"[:300])
            if self.backend.progress:
                self.backend.progress(label, sum(j.done for j in jobs), sum(j.total for j in jobs))
            if all(j.status in TERMINAL for j in jobs):
                return
            time.sleep(self.poll_s)

    def _collect(self, job: _Job, requests: dict[str, Request]) -> dict[str, BaseModel | str]:
        """Each request's validated answer (cached for its owners) or why it has none."""
        batch = job.batch
        lines = [*self._lines(batch.output_file_id), *self._lines(batch.error_file_id)]
        outcomes: dict[str, BaseModel | str] = {}
        for line in lines:
            cid = line.get("custom_id")
            if cid not in job.record["custom_ids"] or cid not in requests:
                continue
            outcomes[cid] = self._outcome(requests[cid], cid, line)
        for cid in job.record["custom_ids"]:
            if cid in requests:
                outcomes.setdefault(cid, f"no answer in the {batch.status} batch")
        for file_id in (job.record["input_file_id"], batch.output_file_id, batch.error_file_id):
            if file_id:
                self._delete(file_id)
        self.jobs.drop(job.digest)
        return outcomes

    def _outcome(self, request: Request, cid: str, line: dict[str, Any]) -> BaseModel | str:
        task = request.task
        response = line.get("response") or {}
        status = response.get("status_code")
        if status is None:
            error = line.get("error") or {}
            return f"batch item {error.get('code') or 'failed'}"
        body = response.get("body") or {}
        usage = body.get("usage") or {}
        self.backend.usage.call(
            task.name, int(usage.get("prompt_tokens") or 0), int(usage.get("completion_tokens") or 0)
        )
        if status != 200:
            error = body.get("error") if isinstance(body.get("error"), dict) else {}
            code = error.get("code") or error.get("type")
            return f"HTTP {status}" + (f": {code}" if code else "")
        choices = body.get("choices") or [{}]
        content = str((choices[0].get("message") or {}).get("content") or "")
        try:
            answer = task.model.model_validate_json(content)
        except ValidationError as exc:
            return misfit_reason(exc)
        for owner in dict.fromkeys(request.owners):
            self.backend.store(cid, owner, content)
        return answer

    # -- the API ------------------------------------------------------------------------------

    def _lines(self, file_id: str | None) -> list[dict[str, Any]]:
        if not file_id:
            return []
        content = self._api("download", lambda: self.client.files.content(file_id))
        return [orjson.loads(raw) for raw in content.content.splitlines() if raw.strip()]

    def _delete(self, file_id: str) -> None:
        try:
            self.client.files.delete(file_id)
        except openai.APIError as exc:  # the provider deletes them after its retention anyway
            log.debug("openai batch: could not delete file %s: %s", file_id, type(exc).__name__)

    def _api(self, what: str, call: Callable[[], T]) -> T:
        """One Files/Batches call with the retry policy; a fatal answer stops the run in one line."""
        base = str(self.client.base_url).rstrip("/")
        try:
            return self.retry.call(call, what=f"openai batch {what}")
        except openai.APIStatusError as exc:
            if exc.status_code in FATAL_STATUSES:
                self.backend.give_up(f"{base} {FATAL_STATUSES[exc.status_code]} ({what}, {error_code(exc)})")
            raise BackendUnavailable(f"openai backend: batch {what} failed: {error_code(exc)}") from None
        except openai.APIConnectionError as exc:
            why = refused_reason(exc) or "connection error"
            raise BackendUnavailable(f"openai backend: cannot reach {base} ({why})") from None


# -- the two stages over fragments --------------------------------------------------------------


def _ask(
    backend: OpenAIBackend, wanted: list[tuple[Fragment, str, Task]], requests: dict[str, Request]
) -> list[str | BaseModel]:
    """Each call's cached answer, or its custom_id, adding the calls to ask to ``requests``.

    A call already asked for another fragment counts as a cache hit, as in sync mode, where the
    first answer is cached before the second is asked.
    """
    out: list[str | BaseModel] = []
    for fragment, text, task in wanted:
        key = backend.key(task, text)
        hit = backend.cached(task, key, fragment.user_id)
        if hit is not None:
            out.append(hit)
            continue
        if key in requests:  # the same call for another fragment: one request answers both
            backend.usage.hit(task.name)
        else:
            requests[key] = Request(task, backend.request_body(task, text))
        requests[key].owners.append(fragment.user_id)
        out.append(key)
    return out


def understand_in_batches(backend: OpenAIBackend, fragments: list[Fragment]) -> list[Understanding]:
    """Classify every fragment in one batch, then extract in one more; results in input order.

    Fragments the pre-filter skips make no request (as in sync mode)."""
    runner = BatchRunner(backend)
    asked = [f for f in fragments if not backend.skips(f)]
    classify: dict[str, Request] = {}
    classifier = backend.classifier
    routed = _ask(backend, [(f, backend.task_input(f, classifier), classifier) for f in asked], classify)
    answered = runner.resolve("classifier", classify) if classify else {}
    routes: list[tuple[str, ...] | str] = []
    for got in routed:
        answer = answered[got] if isinstance(got, str) else got
        routes.append(answer if isinstance(answer, str) else tuple(dict.fromkeys(answer.sections)))  # type: ignore[attr-defined]

    wanted: list[tuple[Fragment, str, Task]] = []
    owner: list[int] = []
    for i, (fragment, route) in enumerate(zip(asked, routes, strict=True)):
        if isinstance(route, tuple):
            tasks = backend.extraction_tasks(fragment, route)
            wanted += [(fragment, backend.task_input(fragment, task), task) for task in tasks]
            owner += [i] * len(tasks)
    extract: dict[str, Request] = {}
    got_back = _ask(backend, wanted, extract)
    extracted = runner.resolve("extractors", extract) if extract else {}
    per_fragment: dict[int, list[tuple[Task, BaseModel | str]]] = {}
    for i, (_, _, task), got in zip(owner, wanted, got_back, strict=True):
        per_fragment.setdefault(i, []).append((task, extracted[got] if isinstance(got, str) else got))

    done: dict[str, Understanding] = {}
    for i, (fragment, route) in enumerate(zip(asked, routes, strict=True)):
        if isinstance(route, str):
            done[fragment.fragment_id] = backend.not_understood(fragment, route)
            continue
        answers = per_fragment.get(i, [])
        failed = next((a for _, a in answers if isinstance(a, str)), None)
        if failed is not None:
            done[fragment.fragment_id] = backend.not_understood(fragment, failed)
        else:
            done[fragment.fragment_id] = backend.understanding(fragment, route, [(t, a) for t, a in answers])  # type: ignore[misc]
    return [done.get(f.fragment_id) or Understanding(fragment_id=f.fragment_id) for f in fragments]
