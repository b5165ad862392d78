"""``backfill --dry-run``: what a run of the ``openai`` backend over an input would cost, with no call.

The input is read and cleaned as ingest does (into memory, the lake untouched) and cut into
fragments; the requests are built by the backend's own code (``request_body``,
``extraction_tasks``), so any change to what a request holds shows in the estimate. Which
extractors a fragment will need is predicted by the offline rules classifier. Prompt tokens
are counted offline with ``o200k_base`` (the tokenizer of OpenAI's current models, bundled with
the ``bpe-openai`` package) plus the chat format's overhead; answers already in the response
cache cost nothing. Completion tokens cannot be known before the answers: a fixed guess per
call (:data:`COMPLETION_GUESS`) stands in for them.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

import polars as pl

from anamnesis.config import Settings
from anamnesis.erasure.tombstones import load_tombstones
from anamnesis.ingest.exports import by_day, discover
from anamnesis.ingest.messages import consolidate_frame
from anamnesis.ingest.parse import read_exports
from anamnesis.storage.integrity import scan_rebuildable
from anamnesis.storage.lake import Lake
from anamnesis.understanding.fragments import build_fragments
from anamnesis.understanding.llm_context import CONTEXT_COLUMNS, with_llm_context
from anamnesis.understanding.llm_usage import TaskUsage, task_of, usage_rows
from anamnesis.understanding.openai_backend import OpenAIBackend
from anamnesis.understanding.rules import RulesBackend
from schemas.events import Fragment
from schemas.frames import FactEvents, Messages, polars_schema

#: Tokens the chat format adds per message, and once to prime the answer (OpenAI's published rule).
TOKENS_PER_MESSAGE = 3
REPLY_PRIMING = 3
#: Completion tokens guessed per call (the stand-in's mean answers on the sample: 5 and 11-21).
COMPLETION_GUESS = {"classifier": 6}
COMPLETION_GUESS_EXTRACTOR = 15


@cache
def _encoding() -> Any:
    import bpe_openai

    return bpe_openai.get_encoding("o200k_base")


def count_tokens(text: str) -> int:
    return len(_encoding().encode_ordinary(text))


def prompt_tokens(body: dict[str, Any]) -> int:
    """Prompt tokens of one Chat Completions request: its messages and its response schema."""
    messages = body["messages"]
    schema = body.get("response_format", {}).get("json_schema", {}).get("schema")
    total = sum(TOKENS_PER_MESSAGE + count_tokens(str(m["content"])) for m in messages) + REPLY_PRIMING
    return total + (count_tokens(json.dumps(schema, separators=(",", ":"))) if schema else 0)


def read_input(input_dir: Path, home: Path) -> pl.DataFrame:
    """The clean messages of every export under ``input_dir``, forgotten users left out."""
    frames = [
        messages
        for day, files in by_day(discover(input_dir)).items()
        for messages, _, _ in read_exports([f.path for f in files], export_day=day)
    ]
    versions = pl.concat(frames) if frames else pl.DataFrame(schema=polars_schema(Messages))
    return consolidate_frame(versions, tombstones=load_tombstones(home))


def estimate(settings: Settings, input_dir: Path) -> list[dict[str, object]]:
    """``llm_usage``-shaped rows (run_id ``dry-run``) of what a run over ``input_dir`` would ask."""
    if settings.llm != "openai":
        raise ValueError("--dry-run estimates the openai backend's calls: set ANAMNESIS_LLM=openai")
    messages = read_input(input_dir, settings.home)
    frame = build_fragments(messages)
    columns = ["fragment_key", "user_id", "message_id", "ts", "text", "context", "lang"]
    if settings.llm_context_turns:  # the context a run sends: earlier turns, facts known before it
        lake = Lake(settings.lake)
        history = scan_rebuildable(lake, "fact_events", polars_schema(FactEvents)).collect()
        frame = with_llm_context(frame, messages, history, turns=settings.llm_context_turns)
        columns += list(CONTEXT_COLUMNS)
    fragments = [Fragment(*row) for row in frame.select(columns).iter_rows()]
    backend = OpenAIBackend(settings)
    try:
        tasks = _predicted_usage(backend, fragments)
    finally:
        backend.close()
    return usage_rows(
        tasks, settings, model=backend.model, mode=settings.llm_mode, run_id="dry-run", now=datetime.now(UTC)
    )


def _predicted_usage(backend: OpenAIBackend, fragments: list[Fragment]) -> dict[str, TaskUsage]:
    routes = RulesBackend().understand(fragments)
    seen: set[str] = set()
    tasks: dict[str, TaskUsage] = {}
    for fragment, routed in zip(fragments, routes, strict=True):
        if backend.skips(fragment):
            continue
        for task in [backend.classifier, *backend.extraction_tasks(fragment, routed.sections)]:
            text = backend.task_input(fragment, task)
            usage = tasks.setdefault(task_of(task.name), TaskUsage())
            key = backend.key(task, text)
            if key in seen or backend.has_answer(key):
                usage.cache_hits += 1
                continue
            seen.add(key)
            usage.calls += 1
            usage.prompt_tokens += prompt_tokens(backend.request_body(task, text))
            usage.completion_tokens += COMPLETION_GUESS.get(task_of(task.name), COMPLETION_GUESS_EXTRACTOR)
    return dict(sorted(tasks.items()))
