"""The understanding backend as a resource: rules (offline default) or an OpenAI-compatible LLM."""

from __future__ import annotations

import dagster as dg

from anamnesis.config import Settings
from anamnesis.understanding import Backend, make_backend


class UnderstandingResource(dg.ConfigurableResource):
    """Builds the backend named by the settings (``ANAMNESIS_LLM``, ``OPENAI_BASE_URL``, ...)."""

    def backend(self, settings: Settings) -> Backend:
        return make_backend(settings)
