"""The summarizer as a resource: rules (offline default) or the OpenAI-compatible model."""

from __future__ import annotations

import dagster as dg

from anamnesis.config import Settings
from anamnesis.summaries import Summarizer, make_summarizer


class SummaryResource(dg.ConfigurableResource):
    """Builds the summarizer named by the settings (``ANAMNESIS_LLM``, ``OPENAI_BASE_URL``, ...)."""

    def summarizer(self, settings: Settings) -> Summarizer:
        return make_summarizer(settings)
