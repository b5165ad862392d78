"""A small but real OpenAI-compatible HTTP server for tests of the ``openai`` backend.

It answers ``POST /v1/chat/completions`` with a tiny keyword model: the request's
``response_format.json_schema`` name says whether it is the classifier (``classifier``) or a
section's extractor (``extract_<section>``), and its schema says which fields an event carries.
Every call is recorded so tests can count calls per section. Faults (429, 500, a slow answer,
truncated JSON, JSON that breaks the schema) are injected at a configurable rate; the choice
depends only on the seed, the request body and how often that body was seen, so a run is
reproducible whatever the client's thread scheduling.

It also runs OpenAI's Batch API: ``/v1/files`` (upload, content, delete) and ``/v1/batches``
(create, retrieve). A batch goes validating → in_progress → completed on successive retrieves
(``hold_batches`` keeps it in_progress); each line is answered by the same keyword model and
faults as a chat call. :class:`BatchFaults` expires chosen items (the batch then ends
``expired``, those items in the error file as ``batch_expired``) or fails them with a 500.

``usage`` is counted with the ``cl100k_base`` tokenizer (messages, 3 tokens per message and 3
for the reply, and the response schema as ``json.dumps`` writes it): a fixed rule of its own,
not the ``o200k_base`` count ``backfill --dry-run`` estimates with.
"""

from __future__ import annotations

import email.parser
import email.policy
import hashlib
import itertools
import json
import random
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

SECTION_ORDER = (
    "medications", "symptoms", "diagnoses", "chronic_conditions", "demographics", "lifestyle",
    "allergies", "surgeries", "injuries", "vaccinations", "family_history",
)  # fmt: skip
FAULT_KINDS = ("429", "500", "slow", "truncated", "invalid")


@dataclass
class Faults:
    """Which faults to inject and how often (``rate`` of all chat calls)."""

    rate: float = 0.0
    kinds: tuple[str, ...] = FAULT_KINDS
    seed: int = 0
    slow_s: float = 1.0


@dataclass
class BatchFaults:
    """Items of batches to expire or fail: ``rate`` of the items of each batch whose number is in ``batches``.

    The choice depends only on the seed and the item's custom_id, so a test can tell which.
    """

    expire_rate: float = 0.0
    fail_rate: float = 0.0
    #: 1-based numbers of the batches (in creation order) the faults hit; empty: every batch.
    batches: frozenset[int] = frozenset({1})
    seed: int = 0

    def pick(self, batch_no: int, custom_id: str) -> str | None:
        if self.batches and batch_no not in self.batches:
            return None
        draw = random.Random(f"{self.seed}:{custom_id}").random()
        if draw < self.expire_rate:
            return "expire"
        if draw < self.expire_rate + self.fail_rate:
            return "fail"
        return None


@dataclass(frozen=True)
class StubCall:
    """One recorded chat call (``batch``: the id of the batch it came in, None for a sync call)."""

    kind: str  # "classifier", "extract" or "summary" (a session summary)
    section: str | None
    body: dict[str, Any]
    fault: str | None
    batch: str | None = None


@dataclass
class StubBatch:
    """One batch as the stand-in keeps it."""

    id: str
    number: int
    input_file_id: str
    endpoint: str
    created_at: int
    status: str = "validating"
    polls: int = 0
    output_file_id: str | None = None
    error_file_id: str | None = None
    counts: dict[str, int] = field(default_factory=lambda: {"total": 0, "completed": 0, "failed": 0})

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "object": "batch", "endpoint": self.endpoint, "input_file_id": self.input_file_id,
            "completion_window": "24h", "status": self.status, "created_at": self.created_at,
            "output_file_id": self.output_file_id, "error_file_id": self.error_file_id,
            "request_counts": dict(self.counts), "errors": None,
        }  # fmt: skip


_CL100K = None


def stub_tokens(text: str) -> int:
    """The stand-in's token count: ``cl100k_base`` (bundled with bpe-openai, no download)."""
    global _CL100K
    if _CL100K is None:
        import bpe_openai

        _CL100K = bpe_openai.get_encoding("cl100k_base")
    return len(_CL100K.encode_ordinary(text))


def prompt_usage(body: dict[str, Any]) -> int:
    """Prompt tokens of one chat request as the stand-in counts them."""
    messages = sum(3 + stub_tokens(str(m["content"])) for m in body["messages"]) + 3
    return messages + stub_tokens(json.dumps(body["response_format"]["json_schema"]["schema"]))


# -- the keyword model ------------------------------------------------------------------------

_DRUGS = {
    "metformin": "metformin",
    "glucophage": "metformin",
    "atorvastatin": "atorvastatin",
    "lipitor": "atorvastatin",
    "lisinopril": "lisinopril",
    "ibuprofen": "ibuprofen",
}
_DRUG_RE = re.compile(r"\b(" + "|".join(_DRUGS) + r")\b(?:\s+(\d+(?:\.\d+)?)\s*(mg|mcg|g|ml)\b)?")
_SYMPTOMS = ("headache", "cough", "fever", "nausea", "dizziness")
_CHRONIC = {
    "high blood pressure": "hypertension",
    "hypertension": "hypertension",
    "asthma": "asthma",
    "diabetes": "diabetes",
}
_RELATIVE_RE = re.compile(
    r"\bmy (mother|father|sister|brother|grandmother|grandfather) (?:has|had) ([a-z ]+)"
)


def _medications(text: str) -> list[dict[str, Any]]:
    if re.search(r"\b(don't|do not) take any medication", text):
        return [{"entity": "*", "status": "confirmed_absent", "mention": "any medication"}]
    status = "stopped" if re.search(r"\b(stopped|no longer)\b", text) else "active"
    return [
        {
            "entity": _DRUGS[m[1]],
            "status": status,
            "mention": m[0],
            "dose": f"{m[2]} {m[3]}" if m[2] else None,
        }
        for m in _DRUG_RE.finditer(text)
    ]


def _allergies(text: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    if "no allergies" in text:
        events.append({"entity": "*", "status": "confirmed_absent", "mention": "no allergies"})
    for m in re.finditer(r"\b(not )?allergic to (\w+)", text):
        reaction = "hives" if "hives" in text else None
        status = "confirmed_absent" if m[1] else "active"
        events.append({"entity": m[2], "status": status, "mention": m[2], "reaction": reaction})
    return events


def _symptoms(text: str) -> list[dict[str, Any]]:
    return [{"entity": s, "status": "active", "mention": s} for s in _SYMPTOMS if s in text]


def _chronic_conditions(text: str) -> list[dict[str, Any]]:
    if _RELATIVE_RE.search(text):
        return []
    found = {canonical: words for words, canonical in _CHRONIC.items() if words in text}
    return [{"entity": c, "status": "active", "mention": w} for c, w in found.items()]


def _demographics(text: str) -> list[dict[str, Any]]:
    m = re.search(r"\b(\d{1,3}) years old\b", text)
    return [{"entity": "age", "status": "active", "value": m[1], "mention": m[0]}] if m else []


def _family_history(text: str) -> list[dict[str, Any]]:
    return [
        {
            "entity": _CHRONIC.get(m[2].strip(), m[2].strip()),
            "status": "active",
            "relation": m[1],
            "mention": m[2],
        }
        for m in _RELATIVE_RE.finditer(text)
    ]


_EXTRACTORS: dict[str, Callable[[str], list[dict[str, Any]]]] = {
    "medications": _medications,
    "symptoms": _symptoms,
    "chronic_conditions": _chronic_conditions,
    "demographics": _demographics,
    "allergies": _allergies,
    "family_history": _family_history,
}


def _reading(user_content: str) -> str:
    """What the keyword model reads: the user's words, or the question a bare "yes" answers."""
    try:
        payload = json.loads(user_content)
    except ValueError:
        payload = {"user_message": user_content}
    text = str(payload.get("user_message", "")).lower().strip()
    if text.endswith("?"):
        return ""  # a question is not a fact
    context = str(payload.get("assistant_previous_turn") or "").lower()
    if re.match(r"^(yes|yeah|yep)\b", text) and context:
        return re.sub(r"^(do|are) you (take|taking|have)\s+", "", context).rstrip("?")
    return text


def _event_fields(schema: dict[str, Any]) -> list[str]:
    """The properties an event has in an extractor's schema (following one ``$ref``)."""
    items = schema["properties"]["events"]["items"]
    if "$ref" in items:
        items = schema["$defs"][items["$ref"].rsplit("/", 1)[-1]]
    return list(items["properties"])


_READING = re.compile(r"\b(hba1c|alt)\b\D{0,12}(\d+(?:\.\d+)?)\s*(%|u/l)?", re.IGNORECASE)


def _measurements(text: str) -> list[dict[str, Any]]:
    """The keyword model's readings: HbA1c and ALT values, in the strict schema's shape."""
    names = {"hba1c": "hba1c", "alt": "alanine aminotransferase"}
    return [
        {"test": names[m.group(1).lower()], "value": float(m.group(2)), "unit": m.group(3), "flag": None,
         "reference_low": None, "reference_high": None, "when": None, "mention": m.group(0)}
        for m in _READING.finditer(text)
    ]  # fmt: skip


def _session_summary(user_content: str) -> dict[str, Any]:
    """A session summary naming the facts the request carries (so a test sees they were sent)."""
    entities = [str(f["entity"]) for f in json.loads(user_content)["facts"]]
    return {"summary": f"Discussed: {', '.join(entities)}" if entities else "No health details discussed."}


#: Terminology kind → the section a broad classifier routes it to (``router="terminology"``).
_KIND_SECTIONS = {
    "drug": "medications", "allergen": "allergies", "condition": "chronic_conditions", "diagnosis": "diagnoses",
    "symptom": "symptoms", "procedure": "surgeries", "vaccine": "vaccinations", "injury": "injuries",
    "lifestyle": "lifestyle", "relative": "family_history",
}  # fmt: skip
_AGE = re.compile(r"\b\d{1,3}\s*(years? old|y/o|лет|岁)", re.IGNORECASE)


def broad_sections(text: str) -> list[str]:
    """A classifier that routes like a model knowing the vocabulary but reading no negation or
    discourse: every section a term of the project's terminology names, and demographics for an age."""
    from anamnesis.terminology import load_terminology

    found = {_KIND_SECTIONS[m.kind] for m in load_terminology().find(text) if m.kind in _KIND_SECTIONS}
    if _AGE.search(text):
        found.add("demographics")
    return [s for s in SECTION_ORDER if s in found]


def answer(
    kind: str, section: str | None, schema: dict[str, Any], user_content: str, router: str = "keywords"
) -> dict[str, Any]:
    """The keyword model's well-formed answer to one call."""
    if section == "session_summary":
        return _session_summary(user_content)
    text = _reading(user_content)
    if kind == "classifier" and router == "terminology":
        return {"sections": broad_sections(text) if text else []}
    if kind == "classifier":
        return {"sections": [s for s in SECTION_ORDER if s in _EXTRACTORS and text and _EXTRACTORS[s](text)]}
    if section == "measurements":
        return {"measurements": _measurements(text)}
    names = _event_fields(schema)
    found = _EXTRACTORS[section](text) if section in _EXTRACTORS and text else []  # type: ignore[index]
    return {"events": [{n: e.get(n) for n in names} for e in found]}


# -- the server -------------------------------------------------------------------------------


def stub_config(stub: OpenAIStub, **extra: object) -> dict[str, object]:
    """``config.toml`` values that point the ``openai`` backend at ``stub``, with no backoff."""
    return {"llm": "openai", "llm_model": OpenAIStub.model, "openai_base_url": stub.base_url,
            "llm_backoff_s": 0, **extra}


class OpenAIStub:
    """Run with ``with OpenAIStub() as stub:``; point the client at ``stub.base_url``."""

    model = "stub-model"

    def __init__(
        self, faults: Faults | None = None, batch_faults: BatchFaults | None = None, router: str = "keywords"
    ) -> None:
        #: ``keywords``: route only where the keyword extractors find something; ``terminology``:
        #: route as broadly as a model that knows the medical vocabulary (:func:`broad_sections`).
        self.router = router
        self.faults = faults or Faults()
        self.batch_faults = batch_faults or BatchFaults()
        self.calls: list[StubCall] = []
        #: Every HTTP request received, of any route.
        self.requests = 0
        self.files: dict[str, bytes] = {}
        self.deleted: list[str] = []
        self.batches: dict[str, StubBatch] = {}
        #: While set, batches stay in_progress however often they are polled.
        self.hold_batches = False
        self._ids = itertools.count(1)
        self.max_in_flight = 0
        self._in_flight = 0
        self._seen: dict[str, int] = {}
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, args=(0.05,), name="openai-stub", daemon=True
        )

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def __enter__(self) -> OpenAIStub:
        if self.router == "terminology":
            broad_sections("warm up")  # the terminology loads once, before any request waits on it
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def count(self, kind: str | None = None, section: str | None = None) -> int:
        """Calls received, optionally of one kind and/or one section."""
        with self._lock:
            return sum(1 for c in self.calls if kind in (None, c.kind) and section in (None, c.section))

    def reset(self) -> None:
        """Forget recorded calls (the fault sequence per body is kept)."""
        with self._lock:
            self.calls.clear()
            self.max_in_flight = 0

    def _pick_fault(self, raw: bytes) -> str | None:
        faults = self.faults
        digest = hashlib.sha256(raw).hexdigest()
        with self._lock:
            seen = self._seen.get(digest, 0)
            self._seen[digest] = seen + 1
        rng = random.Random(f"{faults.seed}:{digest}:{seen}")
        return rng.choice(faults.kinds) if faults.kinds and rng.random() < faults.rate else None

    @property
    def batches_created(self) -> int:
        with self._lock:
            return len(self.batches)

    def _chat(self, raw: bytes, batch: str | None = None) -> tuple[int, dict[str, str], dict[str, Any]]:
        """Status, extra headers and JSON body of the answer to one chat request."""
        body = json.loads(raw)
        spec = body["response_format"]["json_schema"]
        name: str = spec["name"]
        section = None if name == "classifier" else name.removeprefix("extract_")
        kind = "classifier" if section is None else "summary" if section == "session_summary" else "extract"
        fault = self._pick_fault(raw)
        with self._lock:
            self.calls.append(StubCall(kind=kind, section=section, body=body, fault=fault, batch=batch))
        if fault == "429":
            error = {"message": "rate limited", "type": "rate_limit_error", "code": "rate_limit_exceeded"}
            return 429, {"Retry-After": "0"}, {"error": error}
        if fault == "500":
            return 500, {}, {"error": {"message": "internal error", "type": "server_error", "code": None}}
        if fault == "slow":
            time.sleep(self.faults.slow_s)
        user_content = body["messages"][-1]["content"]
        result = answer(kind, section, spec["schema"], user_content, self.router)
        if fault == "invalid":
            result = {"sections": ["astrology"]} if kind == "classifier" else {"events": [{"entity": "x"}]}
        content = json.dumps(result)
        if fault == "truncated":
            content = content[: len(content) // 2]
        prompt_tokens = prompt_usage(body)
        completion_tokens = stub_tokens(content)
        return (
            200,
            {},
            {
                "id": f"chatcmpl-stub-{len(self.calls)}",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": body["model"],
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": content},
                        "finish_reason": "stop",
                    }
                ],
                "usage": {
                    "prompt_tokens": prompt_tokens,
                    "completion_tokens": completion_tokens,
                    "total_tokens": prompt_tokens + completion_tokens,
                },
            },
        )

    # -- the Files and Batches API ----------------------------------------------------------

    def _new_file(self, data: bytes) -> str:
        with self._lock:
            file_id = f"file-stub-{next(self._ids)}"
            self.files[file_id] = data
        return file_id

    def _upload(self, content_type: str, raw: bytes) -> tuple[int, dict[str, Any]]:
        """``POST /v1/files``: a multipart form with ``purpose`` and ``file``."""
        head = f"Content-Type: {content_type}\r\n\r\n".encode()
        form = email.parser.BytesParser(policy=email.policy.default).parsebytes(head + raw)
        fields = {
            part.get_param("name", header="content-disposition"): (part.get_filename(), part.get_payload(decode=True))
            for part in form.iter_parts()
        }
        filename, data = fields["file"]
        purpose = fields["purpose"][1].decode()
        file_id = self._new_file(data)
        return 200, {"id": file_id, "object": "file", "bytes": len(data), "created_at": int(time.time()),
                     "filename": filename, "purpose": purpose, "status": "processed"}  # fmt: skip

    def _create_batch(self, raw: bytes) -> tuple[int, dict[str, Any]]:
        body = json.loads(raw)
        with self._lock:
            data = self.files.get(body["input_file_id"])
            if data is None:
                return 404, {"error": {"message": "no such file", "type": "invalid_request_error"}}
            number = len(self.batches) + 1
            batch = StubBatch(id=f"batch_stub_{number}", number=number, input_file_id=body["input_file_id"],
                              endpoint=body["endpoint"], created_at=int(time.time()))  # fmt: skip
            batch.counts["total"] = len([line for line in data.splitlines() if line.strip()])
            self.batches[batch.id] = batch
        return 200, batch.as_json()

    def _retrieve_batch(self, batch_id: str) -> tuple[int, dict[str, Any]]:
        """``GET /v1/batches/{id}``: each look moves the batch one status on (unless held)."""
        batch = self.batches.get(batch_id)
        if batch is None:
            return 404, {"error": {"message": "no such batch", "type": "invalid_request_error"}}
        batch.polls += 1
        if batch.status == "validating":
            batch.status = "in_progress"
        elif batch.status == "in_progress" and not self.hold_batches:
            self._run_batch(batch)
        return 200, batch.as_json()

    def _run_batch(self, batch: StubBatch) -> None:
        """Answer every line with the keyword model; chosen items expire or fail."""
        output: list[dict[str, Any]] = []
        errors: list[dict[str, Any]] = []
        for n, line in enumerate(self.files[batch.input_file_id].splitlines()):
            if not line.strip():
                continue
            item = json.loads(line)
            cid = item["custom_id"]
            fault = self.batch_faults.pick(batch.number, cid)
            if fault == "expire":
                error = {"code": "batch_expired", "message": "not executed before the completion window expired"}
                errors.append({"id": f"{batch.id}_req_{n}", "custom_id": cid, "response": None, "error": error})
                continue
            if fault == "fail":
                status, payload = 500, {"error": {"message": "internal error", "type": "server_error", "code": None}}
            else:
                status, _, payload = self._chat(json.dumps(item["body"]).encode(), batch=batch.id)
            answer = {"id": f"{batch.id}_req_{n}", "custom_id": cid, "error": None,
                      "response": {"status_code": status, "request_id": f"req_{n}", "body": payload}}  # fmt: skip
            (output if status == 200 else errors).append(answer)

        def jsonl(rows: list[dict[str, Any]]) -> bytes:
            return b"".join(json.dumps(r).encode() + b"\n" for r in rows)

        batch.output_file_id = self._new_file(jsonl(output)) if output else None
        batch.error_file_id = self._new_file(jsonl(errors)) if errors else None
        batch.counts.update(completed=len(output), failed=len(errors))
        expired = any(e["response"] is None for e in errors)
        batch.status = "expired" if expired else "completed"

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # keep test output clean
                pass

            def _send(
                self, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None
            ) -> None:
                data = json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    for key, value in (headers or {}).items():
                        self.send_header(key, value)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client timed out and left

            def _not_found(self) -> None:
                self._send(404, {"error": {"message": "not found", "type": "invalid_request_error"}})

            def _count(self) -> str:
                with stub._lock:
                    stub.requests += 1
                return self.path.split("?", 1)[0].rstrip("/")

            def do_GET(self) -> None:
                path = self._count()
                parts = path.split("/")
                if path == "/v1/models":
                    model = {"id": stub.model, "object": "model", "created": 0, "owned_by": "stub"}
                    self._send(200, {"object": "list", "data": [model]})
                elif len(parts) == 4 and parts[2] == "batches":
                    self._send(*stub._retrieve_batch(parts[3]))
                elif len(parts) == 5 and parts[2] == "files" and parts[4] == "content" and parts[3] in stub.files:
                    data = stub.files[parts[3]]
                    self.send_response(200)
                    self.send_header("Content-Type", "application/octet-stream")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                else:
                    self._not_found()

            def do_DELETE(self) -> None:
                parts = self._count().split("/")
                if len(parts) == 4 and parts[2] == "files" and stub.files.pop(parts[3], None) is not None:
                    stub.deleted.append(parts[3])
                    self._send(200, {"id": parts[3], "object": "file", "deleted": True})
                else:
                    self._not_found()

            def do_POST(self) -> None:
                path = self._count()
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if path == "/v1/files":
                    self._send(*stub._upload(self.headers.get("Content-Type", ""), raw))
                    return
                if path == "/v1/batches":
                    self._send(*stub._create_batch(raw))
                    return
                if path != "/v1/chat/completions":
                    self._not_found()
                    return
                with stub._lock:
                    stub._in_flight += 1
                    stub.max_in_flight = max(stub.max_in_flight, stub._in_flight)
                try:
                    status, headers, payload = stub._chat(raw)
                except (KeyError, TypeError, ValueError) as exc:
                    status, headers = 400, {}
                    payload = {"error": {"message": f"bad request: {exc}", "type": "invalid_request_error"}}
                finally:
                    with stub._lock:
                        stub._in_flight -= 1
                self._send(status, payload, headers)

        return Handler
