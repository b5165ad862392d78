"""Who writes a session's summary: the rules (offline, deterministic) or an OpenAI-compatible LLM.

Like the understanding backends, the choice follows ``ANAMNESIS_LLM``; each summary carries its
``source``, so a reader knows which wrote it and a change of rules or prompt is visible.
"""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from anamnesis.config import Settings
from anamnesis.summaries.spans import SpanFrames
from anamnesis.summaries.text import TEXT_VERSION, summaries

RULES_SOURCE = f"rules-summary-{TEXT_VERSION}"


class Summarizer(Protocol):
    """Writes one summary per span: ``(summary, source)`` in input order."""

    name: str
    #: Whether it reads the spans' messages (else they are not even collected).
    reads_turns: bool

    def summarize(self, spans: SpanFrames) -> list[tuple[str, str]]: ...

    def stats(self) -> dict[str, int]:
        """Counters for the run's metadata (calls, cache hits, ...)."""
        ...

    def llm_usage(self, settings: Settings, *, run_id: str, now: datetime) -> list[dict[str, object]]:
        """The run's ``llm_usage`` rows (none for a summarizer that calls no LLM)."""
        ...

    def close(self) -> None: ...


class RulesSummarizer:
    """The deterministic summary of :mod:`anamnesis.summaries.text`, from the spans' events."""

    name = "rules"
    reads_turns = False

    def summarize(self, spans: SpanFrames) -> list[tuple[str, str]]:
        texts = summaries(spans.changes, spans.readings, spans.points.height)
        return [(text, RULES_SOURCE) for text in texts]

    def stats(self) -> dict[str, int]:
        return {}

    def llm_usage(self, settings: Settings, *, run_id: str, now: datetime) -> list[dict[str, object]]:
        return []

    def close(self) -> None:
        """Nothing to release."""


def make_summarizer(settings: Settings) -> Summarizer:
    """The summarizer of ``ANAMNESIS_LLM``: ``rules`` (default) or ``openai``."""
    if settings.llm == "openai":
        from anamnesis.summaries.openai_summary import OpenAISummarizer

        return OpenAISummarizer(settings)
    return RulesSummarizer()
