"""The embedder as a resource, so tests can swap in another one."""

from __future__ import annotations

import dagster as dg

from anamnesis.config import Settings
from anamnesis.embeddings import Embedder, make_embedder


class MemoryResource(dg.ConfigurableResource):
    """Builds the embedder named by the settings (``ANAMNESIS_EMBEDDINGS``, ``OPENAI_BASE_URL``, ...)."""

    def embedder(self, settings: Settings) -> Embedder:
        return make_embedder(settings)
