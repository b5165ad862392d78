"""Session summaries: every N user turns and at a session's end, a short line of its health content."""

from __future__ import annotations

from anamnesis.summaries.stage import SummaryCounts, summarize_lake
from anamnesis.summaries.summarizer import RulesSummarizer, Summarizer, make_summarizer

__all__ = ["RulesSummarizer", "Summarizer", "SummaryCounts", "make_summarizer", "summarize_lake"]
