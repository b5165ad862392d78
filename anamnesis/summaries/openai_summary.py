"""Session summaries by an OpenAI-compatible model: a versioned prompt, cached answers.

The call goes through the ``openai`` understanding backend (:meth:`OpenAIBackend.ask`), so it
has the same client, retries, strict JSON schema and response cache: the cache key holds the
model, the prompt's version (the hash of ``prompts/summary.md``), the schema and the exact
input, so an unchanged span is never paid for twice and a prompt edit asks again. The input is
the span's turns with the facts and readings already read from them, never the user id. A span
whose call fails gets the rules' summary, with the rules' source, and is asked again next run.
"""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict
from datetime import datetime

from anamnesis.config import Settings
from anamnesis.summaries.spans import SessionSpan, SpanFrames
from anamnesis.summaries.summarizer import RULES_SOURCE
from anamnesis.summaries.text import summary_text
from anamnesis.understanding.llm_usage import usage_rows
from anamnesis.understanding.openai_backend import OpenAIBackend
from anamnesis.understanding.prompts import load_summary_prompt
from schemas.summaries import SummaryOutput

SUMMARY_SCHEMA = "session_summary"


def render_span(span: SessionSpan) -> str:
    """The user message of one summary call: labelled turns, facts and readings."""
    payload = {
        "turns": [{"role": role, "text": text} for role, text in span.turns],
        "facts": [
            {"section": c.section, "entity": c.entity, "status": c.status,
             **{k: v for k, v in c.attributes.items() if k not in ("codes", "mention")}}
            for c in span.changes
        ],  # fmt: skip
        "readings": [
            {k: v for k, v in asdict(r).items() if v is not None} for r in span.readings
        ],
    }
    return json.dumps(payload, ensure_ascii=False, indent=1)


class OpenAISummarizer:
    """One summary call per span, several at once (``llm_concurrency``)."""

    name = "openai"
    reads_turns = True

    def __init__(self, settings: Settings) -> None:
        self._backend = OpenAIBackend(settings)
        self._prompt = load_summary_prompt(settings.prompts_dir)
        self._workers = max(1, settings.llm_concurrency)
        self.source = f"openai:{settings.llm_model}:{self._prompt.version}"

    def summarize(self, spans: SpanFrames) -> list[tuple[str, str]]:
        with ThreadPoolExecutor(max_workers=self._workers, thread_name_prefix="anamnesis-summary") as pool:
            return list(pool.map(self._one, spans.objects()))

    def _one(self, span: SessionSpan) -> tuple[str, str]:
        answer = self._backend.ask(SUMMARY_SCHEMA, self._prompt, SummaryOutput, render_span(span), span.user_id)
        if answer is None:
            return summary_text(span.changes, span.readings), RULES_SOURCE
        return " ".join(answer.summary.split()), self.source  # type: ignore[attr-defined]

    def stats(self) -> dict[str, int]:
        return self._backend.stats.as_metadata()

    def llm_usage(self, settings: Settings, *, run_id: str, now: datetime) -> list[dict[str, object]]:
        """Summary calls are synchronous whatever ``llm_mode`` says (one per session span)."""
        tasks = self._backend.usage.tasks()
        return usage_rows(tasks, settings, model=self._backend.model, mode="sync", run_id=run_id, now=now)

    def close(self) -> None:
        self._backend.close()
