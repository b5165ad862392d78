"""A small but real OpenAI-compatible HTTP server for tests of the ``openai`` backend.

It answers ``POST /v1/chat/completions`` with a tiny keyword model: the request's
``response_format.json_schema`` name says whether it is the classifier (``classifier``) or a
section's extractor (``extract_<section>``), and its schema says which fields an event carries.
Every call is recorded so tests can count calls per section. Faults (429, 500, a slow answer,
truncated JSON, JSON that breaks the schema) are injected at a configurable rate; the choice
depends only on the seed, the request body and how often that body was seen, so a run is
reproducible whatever the client's thread scheduling.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
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


@dataclass(frozen=True)
class StubCall:
    """One recorded chat call."""

    kind: str  # "classifier", "extract" or "summary" (a session summary)
    section: str | None
    body: dict[str, Any]
    fault: str | None


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


def answer(kind: str, section: str | None, schema: dict[str, Any], user_content: str) -> dict[str, Any]:
    """The keyword model's well-formed answer to one call."""
    if section == "session_summary":
        return _session_summary(user_content)
    text = _reading(user_content)
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

    def __init__(self, faults: Faults | None = None) -> None:
        self.faults = faults or Faults()
        self.calls: list[StubCall] = []
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

    def _chat(self, raw: bytes) -> tuple[int, dict[str, str], dict[str, Any]]:
        """Status, extra headers and JSON body of the answer to one chat request."""
        body = json.loads(raw)
        spec = body["response_format"]["json_schema"]
        name: str = spec["name"]
        section = None if name == "classifier" else name.removeprefix("extract_")
        kind = "classifier" if section is None else "summary" if section == "session_summary" else "extract"
        fault = self._pick_fault(raw)
        with self._lock:
            self.calls.append(StubCall(kind=kind, section=section, body=body, fault=fault))
        if fault == "429":
            error = {"message": "rate limited", "type": "rate_limit_error", "code": "rate_limit_exceeded"}
            return 429, {"Retry-After": "0"}, {"error": error}
        if fault == "500":
            return 500, {}, {"error": {"message": "internal error", "type": "server_error", "code": None}}
        if fault == "slow":
            time.sleep(self.faults.slow_s)
        user_content = body["messages"][-1]["content"]
        result = answer(kind, section, spec["schema"], user_content)
        if fault == "invalid":
            result = {"sections": ["astrology"]} if kind == "classifier" else {"events": [{"entity": "x"}]}
        content = json.dumps(result)
        if fault == "truncated":
            content = content[: len(content) // 2]
        prompt_tokens = sum(len(str(m["content"]).split()) for m in body["messages"])
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
                    "completion_tokens": len(content.split()),
                    "total_tokens": prompt_tokens + len(content.split()),
                },
            },
        )

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

            def do_GET(self) -> None:
                if self.path.rstrip("/") == "/v1/models":
                    model = {"id": stub.model, "object": "model", "created": 0, "owned_by": "stub"}
                    self._send(200, {"object": "list", "data": [model]})
                else:
                    self._send(404, {"error": {"message": "not found", "type": "invalid_request_error"}})

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if self.path.rstrip("/") != "/v1/chat/completions":
                    self._send(404, {"error": {"message": "not found", "type": "invalid_request_error"}})
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
